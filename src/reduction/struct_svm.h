// --struct_svm K: the cost-learning structured (Crammer-Singer style)
// multiclass SVM of seed 001 (issue 14). Labels 1..K (`3 [importance] |...`);
// the prediction is equation 2, argmax_k w.g(x, k) + b_k (lowest class on
// ties); learning is the loss-augmented step of costs/struct_svm_driver.h
// with the costs of costs/cost_weights.h (--learn_costs, --cost_factors,
// --cost_norm, --cost_scale, --cost_rate).
//
// This is the reduction half; the model (w, b, v) is the "struct_svm"
// learner (costs/cost_learner.h, which says why the work is split so), the
// reduction's default learner. Another learner (--perceptron, ...) is a
// usage error. Loss: 0/1 of the prediction; -p prints the class, --scores
// and -r the K scores; the summary has the best constant class.
#pragma once

#include "learner/plugin.h"
#include "class_costs.h"
#include "learner/reduction/reduction.h"

namespace learner {

class ClassLearner;

class StructSvmReduction final : public TaggedReduction {
 public:
  // Throws UsageError when `learner` does not choose classes itself (the struct_svm learner).
  StructSvmReduction(const ReductionSpec& spec, Learner& learner, LabelRange& range);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  void print_summary(std::FILE* out) const override;

 private:
  void write_prediction(std::string& out) const override;
  void write_raw(std::string& out) const override;

  ReductionSpec spec_;
  ClassLearner& svm_;
  ClassCosts costs_;
  ConstantClass constant_;
  uint32_t predicted_ = 1;
  Outcome outcome_;
};

// Its command-line plug-in (plugin.h): --struct_svm K and the cost options;
// selects the "struct_svm" learner.

}  // namespace learner
