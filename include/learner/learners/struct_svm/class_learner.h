// A learner that chooses one of K classes itself (the structured SVM's
// loss-augmented step, costs/struct_svm_driver.h): the reduction that needs
// one (--struct_svm) asks the learner below for it with
// Learner::class_learner(), which is nullptr for every other learner.
#pragma once

#include <cstdint>
#include <vector>

#include "learner/learners/struct_svm/struct_svm_driver.h"
#include "learner/example.h"

namespace learner {

class ClassLearner {
 public:
  virtual ~ClassLearner() = default;
  // Classes are 0-based.
  virtual uint32_t predict_class(const Example& ex, const std::vector<Feature>& x) = 0;
  virtual StructSvmOutcome learn_class(const Example& ex, const std::vector<Feature>& x, uint32_t truth,
                                       double importance) = 0;
  // The K scores of the last predict_class() / learn_class().
  virtual const std::vector<double>& scores() const = 0;
};

}  // namespace learner
