// --extra_metrics over a multi-line reduction: the blocks VW 9.11.2 writes
// for the same stack, counted as VW counts them.
//
//   "extra_metrics" (VW's metrics reduction, at the top of its stack): per
//     group, with training (no -t) one learn call, and one predict call
//     before it unless the stack's learn returns its prediction
//     (learn_returns_prediction: VW's learner property, which the CLI reads
//     off the flags: cli/vw_metrics.h); with -t one predict call. Holdout
//     groups count as learn calls (VW's multi-line learn has no test-only
//     path above the reductions).
//   "shared_feature_merger" (stacks of CB or CS labels):
//     sfm_count_learn_example_with_shared, the learn calls of groups with a
//     `shared` line.
//   <explorer> ("cb_explore_adf_greedy", "_first", "_softmax", "_bag",
//     "_cover", "_squarecb", "_regcb", "_synthcover": the --cb_explore_adf
//     algorithm at the top of the stack), per learn call:
//       a group with a labelled action line: cbea_labeled_ex + 1,
//         cbea_sum_cost + its cost, cbea_non_zero_cost + 1 when not 0, the
//         action's place among the action lines: 0 -> cbea_label_first_action
//         + 1 and cbea_sum_cost_baseline + cost, else cbea_label_not_first + 1;
//         the number of action lines to cbea_min_actions / cbea_max_actions
//         and to the action sum
//       a group without: cbea_predict_in_learn + 1
//     and for every group (learned or not) the features and namespaces VW
//     counts: each action line's built features (its own, the shared line's,
//     the constant and the interactions over both: VW's count after its
//     shared feature merger restored the line) and namespaces (distinct
//     namespace letters of its own, +1 for the constant's), plus, per action
//     line, the shared line's namespaces + 1.
//     Averages per labelled group and per action are VW's integer quotients
//     (cbea_avg_feat_per_event ...), written only when their divisor is not 0;
//     min/max only once a labelled group was learned.
// The reduction below is called exactly as without the wrapper.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "learner/io/metrics_sink.h"
#include "learner/reduction/cb_explore_counters.h"
#include "learner/reduction/group_decorator.h"

namespace learner {

struct VwGroupMetricsSpec {
  std::string explorer;                   // VW's block of the explorer; "" when the stack has none at its top
  bool shared_merger = true;              // VW's stack has its shared_feature_merger
  bool training = true;                   // no -t
  bool learn_returns_prediction = true;   // VW's property of the stack's top learner
  bool constant = true;                   // the constant feature (no --noconstant)
};

class VwGroupMetrics final : public GroupDecorator, public MetricsSource {
 public:
  VwGroupMetrics(const VwGroupMetricsSpec& spec, std::unique_ptr<GroupReduction> below);

  const Outcome& process(const ExampleGroup& group, bool learn) override;
  void write_metrics(MetricsSink& sink) const override;

 private:
  void count_explorer(const ExampleGroup& group);
  void count_features(const ExampleGroup& group);

  VwGroupMetricsSpec spec_;
  uint64_t learn_calls_ = 0, predict_calls_ = 0, learned_with_shared_ = 0;
  CbExploreCounters explorer_;  // the explorer's counters (VW's cb_explore_metrics)
};

}  // namespace learner
