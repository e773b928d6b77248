// --filter_tree K: the filter tree (tournament.h). Game g is a binary
// classifier with its own weights, sub-model g ("does the left entrant
// win?", positive = left). Training plays every game bottom-up with the
// classifiers' current predictions, and trains each game on the two classes
// that reached it: label = which is cheaper, importance = the example's
// importance times their cost difference (0: skipped). Prediction walks
// from the final down, one game per round (about log2 K predictions).
// Labels: a class (0/1 costs) or VW's cost-sensitive label. Loss: the regret
// cost(predicted) - min cost (0/1 loss for a class label).
//
// The winners passed up are decided by the predictions made before this
// example's updates, so the root's decision is the progressive prediction.
// -p prints the class; -r the raw prediction of every game played.
#pragma once

#include "learner/plugin.h"

#include "binary_task.h"
#include "class_costs.h"
#include "learner/reduction/reduction.h"
#include "tournament.h"

namespace learner {

class FilterTree final : public TaggedReduction {
 public:
  FilterTree(const ReductionSpec& spec, Learner& learner, const LabelRange& range);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  void print_summary(std::FILE* out) const override;
  const Tournament& tournament() const { return tournament_; }

 private:
  void write_prediction(std::string& out) const override;
  void write_raw(std::string& out) const override;
  uint32_t predict_top_down(const Example& ex, const std::vector<Feature>& features);

  ReductionSpec spec_;
  BinaryTask task_;
  Tournament tournament_;
  std::vector<double> raw_;  // per game, NaN when not played
  std::vector<uint32_t> winners_;
  ClassCosts costs_;
  ConstantClass constant_;
  uint32_t predicted_ = 1;
  Outcome outcome_;
};

// Its command-line plug-in (plugin.h).

}  // namespace learner
