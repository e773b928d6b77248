// --csoaa_ldf and --wap_ldf: VW's cost-sensitive learning with label-dependent
// features, over multi-line examples (example_group.h). Each action line of a
// group is one candidate; its features are its own and the shared line's
// (the stream joins them), and one scalar model (sub-model 0 of the learner
// below) scores them all. The predicted action is the line of the lowest
// score (the first on ties); a group is labeled when every action line has a
// known cost (a mix of labeled and unlabeled lines counts as unlabeled, with
// a warning, as VW), and its loss is the cost of the predicted action (VW's).
//
// Learning (a labeled group, not -t, not held out), VW 9.11's csoaa_ldf.cc:
//  * --csoaa_ldf m (multiline): each action is a regression of its cost:
//    label = cost, weight 1 (cost-sensitive labels carry no importance), in
//    line order, each from a fresh prediction (earlier updates of the group
//    move shared features). Predictions are not clipped unless
//    --min_prediction / --max_prediction fix a bound (as --csoaa).
//  * --csoaa_ldf mc (multiline-classifier): each action is a binary problem:
//    the cheapest actions are negatives of weight max - min cost, the others
//    positives of weight cost - min (labels as the loss codes them,
//    binary_task.h).
//  * --wap_ldf m|mc: weighted all pairs: with the actions sorted by cost c_1
//    <= ... <= c_n, v_1 = 0 and v_i = v_{i-1} + (c_i - c_{i-1}) / (i - 1)
//    (VW's wap value), every pair (j, k), j before k in the group, with
//    |v_j - v_k| >= 1e-6 is one binary update of the difference example
//    x_j - x_k (its built features, the second negated), label negative when
//    c_j < c_k, weight |v_j - v_k|.
//  * --ldf_override m|mc: VW's override of the mode stored in a model.
//    singleline (s, sc) is refused, as by VW 9.11 (it removed that mode).
//
// Output, as VW prints it:
//  * -p: one line per action line, the predicted class on the predicted
//    line and 0 on the others, each with its line's tag, then a blank line.
//  * --csoaa_rank: the actions sorted by score (ties: lower class first),
//    "class:score,class:score,..." and the group's tag on one line, then a
//    blank line; the progress row shows "k.....".
//  * --probabilities (with logistic loss): each action's 1 / (1 + e^score),
//    normalised to sum to 1, one line per action with the group's tag, then
//    a blank line; the predicted action is the most probable; the summary
//    adds VW's "average multiclass log loss" (-log of the probability of the
//    cheapest action).
//  * -r: every line of the group, the shared one included ("0:0"),
//    "class:score" with its tag; no blank line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "learner/plugin.h"
#include "binary_task.h"
#include "learner/reduction/group_reduction.h"

namespace learner {

struct LdfSettings {
  bool wap = false;            // --wap_ldf (else --csoaa_ldf)
  bool classifier = false;     // mc / multiline-classifier
  bool rank = false;           // --csoaa_rank
  bool probabilities = false;  // --probabilities
};

class CsoaaLdf final : public GroupReduction {
 public:
  CsoaaLdf(const LdfSettings& settings, const ReductionSpec& spec, Learner& learner, const LabelRange& range);
  const Outcome& process(const ExampleGroup& group, bool learn) override;
  void prediction_text(const ExampleGroup& group, std::string& out) const override;
  void raw_text(const ExampleGroup& group, std::string& out) const override;
  void row_text(std::string& label, std::string& prediction) const override;
  double line_score(std::size_t i) const override { return scores_[i]; }
  void print_summary(std::FILE* out) const override;

 private:
  bool labeled(const ExampleGroup& group);
  void learn_regression(const ExampleGroup& group);
  void learn_classifier(const ExampleGroup& group);
  void learn_pairs(const ExampleGroup& group);
  uint32_t klass(const ExampleGroup& group, std::size_t i) const { return group[i].ex.costs[0].klass; }
  double cost(const ExampleGroup& group, std::size_t i) const { return group[i].ex.costs[0].cost; }

  LdfSettings settings_;
  ReductionSpec spec_;
  Learner& learner_;
  LabelRange range_;   // regression (m): unclipped unless fixed
  BinaryTask task_;    // mc and wap: the binary coding and range
  std::vector<double> scores_;         // per line of the last group (the shared line: 0)
  std::vector<double> probabilities_;  // per action, --probabilities
  std::vector<std::size_t> order_;     // action lines by score (--csoaa_rank) or by cost (wap)
  std::vector<double> wap_values_;     // per line (wap)
  std::vector<Feature> difference_;    // x_j - x_k (wap)
  uint32_t predicted_ = 0;             // the predicted class (0: none)
  bool warned_mix_ = false;
  double log_loss_ = 0.0, log_loss_weight_ = 0.0;  // --probabilities
  Outcome outcome_;
};

// Their command-line plug-ins (plugin.h).

}  // namespace learner
