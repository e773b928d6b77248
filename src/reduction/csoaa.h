// --csoaa K: VW's cost-sensitive one-against-all. Class k owns sub-model
// k - 1, a regressor of the cost of class k: every labeled example trains,
// for each class it lists with a known cost, that class's regressor with
// label = the cost and importance 1 (VW: cost-sensitive labels carry no
// importance). The prediction is the class of the lowest predicted cost among
// the classes the label lists (all K when it lists none), lowest id on ties.
// Loss: the regret cost(predicted) - min cost (VW's cost-sensitive loss).
//
// Regression, not classification: the run's loss is applied to (predicted
// cost, cost) as is (squared by default; quantile and the others work with
// their usual meaning), and predictions are not clipped unless
// --min_prediction/--max_prediction fix a bound. Equal costs therefore still
// move every regressor towards that common cost (unlike the filter trees,
// whose importance is a cost difference).
//
// -p prints the class; with --scores the K predicted costs. -r: the costs.
#pragma once

#include "learner/plugin.h"

#include "class_costs.h"
#include "learner/reduction/reduction.h"

namespace learner {

class Csoaa final : public TaggedReduction {
 public:
  Csoaa(const ReductionSpec& spec, Learner& learner, const LabelRange& range);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  void print_summary(std::FILE* out) const override;

 private:
  void write_prediction(std::string& out) const override;
  void write_raw(std::string& out) const override;
  bool candidate(const Example& ex, uint32_t klass) const;

  ReductionSpec spec_;
  Learner& learner_;
  LabelRange range_;
  std::vector<double> scores_;
  ClassCosts costs_;
  ConstantClass constant_;
  uint32_t predicted_ = 1;
  Outcome outcome_;
};

// Its command-line plug-in (plugin.h).

}  // namespace learner
