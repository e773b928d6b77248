#include "learner/train/trainer.h"

#include <algorithm>
#include <array>
#include <span>

#include "learner/learners/averaging.h"
#include "learner/parallel/peer_failed.h"

namespace learner {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// The fields of RunStats that add up over ranks (not the label histogram),
// as doubles: counts are exact below 2^53.
constexpr std::size_t kSummedFields = 14;
using Summed = std::array<double, kSummedFields>;

Summed summed_fields(const RunStats& s) {
  return {s.weighted_examples,
          s.weighted_labeled,
          s.weighted_label_sum,
          s.sum_loss,
          s.holdout_weight,
          s.holdout_sum_loss,
          static_cast<double>(s.examples),
          static_cast<double>(s.total_features),
          static_cast<double>(s.skipped_lines),
          s.error_weight,
          s.sum_squared_error,
          s.sum_absolute_error,
          static_cast<double>(s.labeled_examples),
          static_cast<double>(s.holdout_examples)};
}

void set_summed_fields(const Summed& v, RunStats& s) {
  s.weighted_examples = v[0];
  s.weighted_labeled = v[1];
  s.weighted_label_sum = v[2];
  s.sum_loss = v[3];
  s.holdout_weight = v[4];
  s.holdout_sum_loss = v[5];
  s.examples = static_cast<uint64_t>(v[6]);
  s.total_features = static_cast<uint64_t>(v[7]);
  s.skipped_lines = static_cast<uint64_t>(v[8]);
  s.error_weight = v[9];
  s.sum_squared_error = v[10];
  s.sum_absolute_error = v[11];
  s.labeled_examples = static_cast<uint64_t>(v[12]);
  s.holdout_examples = static_cast<uint64_t>(v[13]);
}

}  // namespace

Trainer::Trainer(Learner& learner, Reduction& reduction, const TrainerOptions& options, ProgressTable& progress,
                 PredictionWriter& predictions, PredictionWriter& raw)
    : Trainer(learner, &reduction, nullptr, options, progress, predictions, raw) {}

Trainer::Trainer(Learner& learner, GroupReduction& reduction, const TrainerOptions& options, ProgressTable& progress,
                 PredictionWriter& predictions, PredictionWriter& raw)
    : Trainer(learner, nullptr, &reduction, options, progress, predictions, raw) {}

Trainer::Trainer(Learner& learner, Reduction* reduction, GroupReduction* group_reduction, const TrainerOptions& options,
                 ProgressTable& progress, PredictionWriter& predictions, PredictionWriter& raw)
    : learner_(learner),
      reduction_(reduction),
      group_reduction_(group_reduction),
      options_(options),
      progress_(progress),
      predictions_(predictions),
      raw_(raw),
      holdout_(options.early_terminate),
      pass_start_(std::chrono::steady_clock::now()) {
  Averaging* a = averaging(learner);
  if (a && a->averaged()) averaging_ = a;
}

bool Trainer::next_held_out() {
  ++in_pass_;
  return options_.holdout &&
         (options_.holdout_after > 0 ? in_pass_ > options_.holdout_after : in_pass_ % options_.holdout_period == 0);
}

const Outcome& Trainer::process(const Example& ex, const std::vector<Feature>& features) {
  const bool held_out = next_held_out();
  const bool may_learn = !options_.testonly && !held_out;
  // Averaged learners predict with their average where nothing is learned
  // (-t, held-out examples) and with the current weights otherwise (the
  // progressive, online mistakes).
  if (averaging_) averaging_->predict_with_average(!may_learn);
  const Outcome& r = reduction_->process(ex, features, may_learn && ex.importance > 0);
  if (predictions_.active()) {
    reduction_->prediction_text(ex.tag, line_);
    predictions_.write_line(line_);
  }
  if (raw_.active() && reduction_->writes_raw()) {
    reduction_->raw_text(ex.tag, line_);
    raw_.write_line(line_);
  }
  const uint64_t n_features = reduction_->counted_features(features.size());
  if (held_out && r.labeled) {
    stats_.add_holdout(r.weight, r.loss);
    holdout_.add(r.weight, r.loss);
  } else {
    stats_.add(r.labeled, r.label, r.weight, r.loss, n_features);
    if (error_range_ && r.labeled) {
      const LabelRange& range = *error_range_;
      const double p = range.has_labels() ? std::clamp(r.prediction, range.lowest, range.highest) : r.prediction;
      stats_.add_error(r.weight, p - r.label);
    }
  }
  if (reduction_->row_text(row_label_, row_prediction_))
    progress_.after_example(stats_, row_label_, row_prediction_, n_features);
  else
    progress_.after_example(stats_, r.labeled, r.label, r.prediction, n_features);
  return r;
}

const Outcome& Trainer::process_group(const ExampleGroup& group) {
  const bool held_out = next_held_out();
  const bool may_learn = !options_.testonly && !held_out;
  if (averaging_) averaging_->predict_with_average(!may_learn);
  const Outcome& r = group_reduction_->process(group, may_learn);
  if (predictions_.active()) {
    group_reduction_->prediction_text(group, line_);
    predictions_.write_text(line_);
  }
  if (raw_.active()) {
    group_reduction_->raw_text(group, line_);
    raw_.write_text(line_);
  }
  uint64_t n_features = 0;  // VW's count: the action lines' features, the shared ones in each
  for (std::size_t i = group.first_action(); i < group.size(); ++i) n_features += group[i].features.size();
  if (held_out && r.labeled) {
    stats_.add_holdout(r.weight, r.loss);
    holdout_.add(r.weight, r.loss);
  } else {
    stats_.add(r.labeled, r.label, r.weight, r.loss, n_features);
  }
  group_reduction_->row_text(row_label_, row_prediction_);
  progress_.after_example(stats_, row_label_, row_prediction_, n_features);
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

void Trainer::sum_stats() {
  if (!group_) return;
  check_peers();
  Summed v = summed_fields(stats_);
  group_->sum(std::span<double>(v));
  set_summed_fields(v, stats_);
}

double Trainer::sum_row(bool in_pass) {
  check_peers();
  std::array<double, kSummedFields + 1> v{};
  const Summed mine = summed_fields(stats_);
  std::copy(mine.begin(), mine.end(), v.begin());
  v[kSummedFields] = in_pass ? 1.0 : 0.0;
  group_->sum(std::span<double>(v));
  Summed sums{};
  std::copy(v.begin(), v.begin() + kSummedFields, sums.begin());
  set_summed_fields(sums, row_sums_);
  return v[kSummedFields];
}

void Trainer::close_pass(PassSource source) {
  pass_times_.push_back({seconds_since(pass_start_), source});
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

bool Trainer::next_pass(PassSource source) {
  close_pass(source);
  if (options_.holdout && holdout_.should_stop()) return true;
  learner_.end_pass();
  if (learner_.converged()) return true;
  ++pass_;
  in_pass_ = 0;
  progress_.start_pass(pass_);
  return false;
}

void Trainer::finish(PassSource source) {
  close_pass(source);
  learner_.end_training();
}

}  // namespace learner
