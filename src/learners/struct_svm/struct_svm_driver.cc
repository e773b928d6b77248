#include "learner/learners/struct_svm/struct_svm_driver.h"

#include <string>

#include "learner/error.h"

namespace learner {

StructSvmDriver::StructSvmDriver(Learner& learner, CostWeights& costs) : learner_(learner), costs_(costs) {
  const uint32_t k = costs.factors().classes();
  for (uint32_t c = 0; c < k; ++c) all_.push_back({c, 1.0});
  scores_.assign(k, 0.0);
  class_costs_.assign(k, 0.0);
}

void StructSvmDriver::score(const Example& ex, const std::vector<Feature>& x) {
  learner_.predict_each(ex, x, all_, scores_.data());
}

uint32_t StructSvmDriver::predict(const Example& ex, const std::vector<Feature>& x) {
  score(ex, x);
  return predict_class(scores_);
}

StructSvmOutcome StructSvmDriver::learn(const Example& ex, const std::vector<Feature>& x, uint32_t truth,
                                        double importance) {
  if (truth >= all_.size())
    throw Error("class " + std::to_string(truth + 1) + " outside 1.." + std::to_string(all_.size()));
  score(ex, x);
  costs_.costs(truth, class_costs_);
  StructSvmOutcome out{predict_class(scores_), loss_augmented_max(scores_, truth, class_costs_)};
  if (!(importance > 0.0)) return out;
  const uint32_t k = out.augmented.argmax;
  const Part parts[2] = {{truth, 1.0}, {k, -1.0}};
  learner_.learn(ex, x, parts, scores_[truth] - scores_[k], class_costs_[k], importance);
  costs_.observe(truth, k, importance, out.predicted);
  return out;
}

void StructSvmDriver::end_pass() {
  learner_.end_pass();
  costs_.end_pass();
}

}  // namespace learner
