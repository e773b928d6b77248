// --oaa K: one-against-all. Class k (1..K) owns sub-model k - 1
// (binary_task.h); every labeled example trains all K with label "is it
// class k" and the example's importance. The prediction is the class of the
// highest score (lowest id on ties). Scores are the sub-models' clipped
// predictions (clipped to the sub-problems' range, binary_task.h), as VW's
// oaa uses them. Loss: 0/1.
//
// -p prints the class; with --scores the K raw scores "1:s1 ... K:sK"; with
// --probabilities (logistic loss) VW's normalised probabilities
// sigma(s_k) / sum_j sigma(s_j). -r prints the raw scores.
#pragma once

#include "learner/plugin.h"

#include "binary_task.h"
#include "class_costs.h"
#include "learner/reduction/reduction.h"

namespace learner {

class Oaa final : public TaggedReduction {
 public:
  Oaa(const ReductionSpec& spec, Learner& learner, const LabelRange& range);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  void print_summary(std::FILE* out) const override;

 private:
  void write_prediction(std::string& out) const override;
  void write_raw(std::string& out) const override;
  ReductionSpec spec_;
  BinaryTask task_;
  std::vector<double> scores_;
  mutable std::vector<double> shown_;
  ClassCosts costs_;
  ConstantClass constant_;
  uint32_t predicted_ = 1;
  Outcome outcome_;
};

// Its command-line plug-in (plugin.h).

}  // namespace learner
