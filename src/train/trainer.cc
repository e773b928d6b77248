#include "learner/train/trainer.h"

#include <span>

#include "learner/learners/averaging.h"
#include "learner/parallel/peer_failed.h"

namespace learner {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

Trainer::Trainer(Learner& learner, Reduction& reduction, const TrainerOptions& options, ProgressTable& progress,
                 PredictionWriter& predictions, PredictionWriter& raw)
    : learner_(learner),
      reduction_(reduction),
      options_(options),
      progress_(progress),
      predictions_(predictions),
      raw_(raw),
      holdout_(options.early_terminate),
      pass_start_(std::chrono::steady_clock::now()) {
  Averaging* a = averaging(learner);
  if (a && a->averaged()) averaging_ = a;
}

const Outcome& Trainer::process(const Example& ex, const std::vector<Feature>& features) {
  ++in_pass_;
  const bool held_out = options_.holdout && (options_.holdout_after > 0 ? in_pass_ > options_.holdout_after
                                                                        : in_pass_ % options_.holdout_period == 0);
  const bool may_learn = !options_.testonly && !held_out;
  // Averaged learners predict with their average where nothing is learned
  // (-t, held-out examples) and with the current weights otherwise (the
  // progressive, online mistakes).
  if (averaging_) averaging_->predict_with_average(!may_learn);
  const Outcome& r = reduction_.process(ex, features, may_learn && ex.importance > 0);
  if (predictions_.active()) {
    reduction_.prediction_text(ex.tag, line_);
    predictions_.write_line(line_);
  }
  if (raw_.active()) {
    reduction_.raw_text(ex.tag, line_);
    raw_.write_line(line_);
  }
  const std::size_t n_features = features.size();
  if (held_out && r.labeled) {
    stats_.add_holdout(r.weight, r.loss);
    holdout_.add(r.weight, r.loss);
  } else {
    stats_.add(r.labeled, r.label, r.weight, r.loss, n_features);
  }
  progress_.after_example(stats_, r.labeled, r.label, r.prediction, n_features);
  return r;
}

void Trainer::check_peers() {
  if (group_->agree_failed(false))
    throw PeerFailed("rank " + std::to_string(group_->rank()) + " of " + std::to_string(group_->size()) +
                     ": stopping because another rank failed (see that rank's message); no model is written");
}

void Trainer::set_group(AllReduce& group) {
  group_ = &group;
  check_peers();
  learner_.average(group);
  if (group.size() > 1 && progress_.has_rows()) {
    row_collectives_ = true;
    progress_.sum_rows_with([this](const RunStats&) -> const RunStats& {
      sum_row(true);
      return row_sums_;
    });
  }
}

double Trainer::sum_row(bool in_pass) {
  check_peers();
  // Counts travel as doubles: exact below 2^53.
  double v[] = {in_pass ? 1.0 : 0.0,
                stats_.weighted_examples,
                stats_.weighted_labeled,
                stats_.weighted_label_sum,
                stats_.sum_loss,
                stats_.holdout_weight,
                stats_.holdout_sum_loss,
                static_cast<double>(stats_.examples),
                static_cast<double>(stats_.total_features)};
  group_->sum(std::span<double>(v));
  row_sums_.weighted_examples = v[1];
  row_sums_.weighted_labeled = v[2];
  row_sums_.weighted_label_sum = v[3];
  row_sums_.sum_loss = v[4];
  row_sums_.holdout_weight = v[5];
  row_sums_.holdout_sum_loss = v[6];
  row_sums_.examples = static_cast<uint64_t>(v[7]);
  row_sums_.total_features = static_cast<uint64_t>(v[8]);
  return v[0];
}

void Trainer::sum_stats() {
  if (!group_) return;
  check_peers();
  double reals[] = {stats_.weighted_examples, stats_.weighted_labeled, stats_.weighted_label_sum,
                    stats_.sum_loss,          stats_.holdout_weight,   stats_.holdout_sum_loss};
  uint64_t counts[] = {stats_.examples, stats_.total_features, stats_.skipped_lines};
  group_->sum(std::span<double>(reals));
  group_->sum(std::span<uint64_t>(counts));
  stats_.weighted_examples = reals[0];
  stats_.weighted_labeled = reals[1];
  stats_.weighted_label_sum = reals[2];
  stats_.sum_loss = reals[3];
  stats_.holdout_weight = reals[4];
  stats_.holdout_sum_loss = reals[5];
  stats_.examples = counts[0];
  stats_.total_features = counts[1];
  stats_.skipped_lines = counts[2];
}

void Trainer::close_pass(bool cached) {
  pass_times_.push_back({seconds_since(pass_start_), cached});
  pass_start_ = std::chrono::steady_clock::now();
  if (group_) {
    if (row_collectives_)
      while (sum_row(false) > 0) progress_.peer_row(row_sums_);  // rows of ranks still in the pass
    check_peers();
    double sums[2] = {holdout_.pass_weight(), holdout_.pass_sum_loss()};
    group_->sum(std::span<double>(sums));
    holdout_.set_pass_sums(sums[0], sums[1]);
    learner_.average(*group_);
  }
  PassEnd end{pass_, HoldoutTracker::Verdict::kNoHoldout};
  if (options_.holdout) end.verdict = holdout_.end_pass(pass_);
  for (const Hook& hook : hooks_) hook(end);
}

bool Trainer::next_pass(bool cached) {
  close_pass(cached);
  if (options_.holdout && holdout_.should_stop()) return true;
  learner_.end_pass();
  if (learner_.converged()) return true;
  ++pass_;
  in_pass_ = 0;
  progress_.start_pass(pass_);
  return false;
}

void Trainer::finish(bool cached) {
  close_pass(cached);
  learner_.end_training();
}

}  // namespace learner
