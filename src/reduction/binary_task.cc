#include "learner/reduction/binary_task.h"

#include <cmath>

namespace learner {

BinaryCoding BinaryCoding::for_loss(const Loss& loss) {
  BinaryCoding c;
  if (loss.name() == "poisson") {
    c.negative = 0.0;
    c.positive = 1.0;
    c.threshold = std::log(0.5);
  }
  return c;
}

BinaryTask::BinaryTask(Model& model, const LabelRange& loss_range)
    : model_(model), coding_(BinaryCoding::for_loss(model.loss())), range_(loss_range) {
  range_.widen(coding_.negative);
  range_.widen(coding_.positive);
}

}  // namespace learner
