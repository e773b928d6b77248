#include "learner/train/trainer.h"

#include "learner/learners/averaging.h"

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

void Trainer::close_pass(bool cached) {
  pass_times_.push_back({seconds_since(pass_start_), cached});
  pass_start_ = std::chrono::steady_clock::now();
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
