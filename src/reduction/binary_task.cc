#include "binary_task.h"

#include <cmath>

namespace learner {

BinaryCoding coding_for(const Learner& learner) {
  return learner.classifier() ? BinaryCoding{} : learner.loss().binary_coding();
}

BinaryTask::BinaryTask(Learner& learner, const LabelRange& loss_range)
    : learner_(learner), coding_(coding_for(learner)), range_(loss_range) {
  if (learner.classifier()) {
    range_ = LabelRange{-HUGE_VAL, HUGE_VAL, true, true};
  } else {
    range_.widen(coding_.negative);
    range_.widen(coding_.positive);
  }
  learner.clip_with(range_, true);  // VW's oaa: predict every class, then update each
}

}  // namespace learner
