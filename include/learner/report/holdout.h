// Holdout bookkeeping across passes (docs/vw-compat.md 1a; VW's
// summarize_holdout_set): each pass's loss on its held-out examples, the best
// pass so far and the number of passes since it improved.
//
// Contract:
//  * add() takes the labeled holdout examples of the current pass; end_pass()
//    closes it and says whether its loss improved on every earlier pass.
//  * A pass without holdout weight (none of its examples were held out, e.g.
//    a file shorter than --holdout_period) is kNoHoldout: it neither improves
//    nor counts towards early termination (VW counts it, and then stops
//    early with the first pass's model).
//  * should_stop(): `early_terminate` passes in a row were kWorse.
#pragma once

#include <cstdint>

namespace learner {

class HoldoutTracker {
 public:
  enum class Verdict { kNoHoldout, kImproved, kWorse };

  explicit HoldoutTracker(unsigned early_terminate) : early_terminate_(early_terminate) {}

  void add(double importance, double loss) {
    weight_ += importance;
    sum_loss_ += importance * loss;
  }
  Verdict end_pass(unsigned pass);  // pass: 0-based
  // The current pass's sums (importance, importance-weighted loss); --allreduce
  // replaces them by their sums over ranks before end_pass().
  double pass_weight() const { return weight_; }
  double pass_sum_loss() const { return sum_loss_; }
  void set_pass_sums(double weight, double sum_loss) {
    weight_ = weight;
    sum_loss_ = sum_loss;
  }
  bool should_stop() const { return no_win_ >= early_terminate_; }
  bool has_best() const { return has_best_; }
  double best_loss() const { return best_loss_; }
  unsigned best_pass() const { return best_pass_; }  // 0-based
  double last_loss() const { return last_loss_; }

 private:
  unsigned early_terminate_;
  double weight_ = 0.0, sum_loss_ = 0.0;  // the current pass
  bool has_best_ = false;
  double best_loss_ = 0.0, last_loss_ = 0.0;
  unsigned best_pass_ = 0;
  unsigned no_win_ = 0;
};

}  // namespace learner
