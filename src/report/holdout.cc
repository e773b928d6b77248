#include "learner/report/holdout.h"

namespace learner {

HoldoutTracker::Verdict HoldoutTracker::end_pass(unsigned pass) {
  const double weight = weight_, sum = sum_loss_;
  weight_ = sum_loss_ = 0.0;
  if (!(weight > 0)) return Verdict::kNoHoldout;
  last_loss_ = sum / weight;
  if (!has_best_ || last_loss_ < best_loss_) {
    has_best_ = true;
    best_loss_ = last_loss_;
    best_pass_ = pass;
    no_win_ = 0;
    return Verdict::kImproved;
  }
  ++no_win_;
  return Verdict::kWorse;
}

}  // namespace learner
