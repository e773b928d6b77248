// The counters of VW 9.11.2's cb_explore_adf_* reductions for --extra_metrics
// (cb_explore_adf_common.h: cb_explore_metrics, learn() and update_stats(),
// persist_metrics()), fed by whoever sees the groups: VwGroupMetrics
// (vw_group_metrics.h) over a multi-line stack, the CLI's observer of the
// --cb_explore K runs routed through the adf stack (cli/vw_adf_route_metrics.h).
//   learned(): a learn call of a labelled group (cost, whether the label is on
//     the first action line, the number of action lines) or of an unlabelled
//     one (cbea_predict_in_learn)
//   counted(): a group's features and namespaces, as VW's update_stats adds them
//   write(): VW's keys into the block `name`; the averages are VW's integer
//     quotients, written only when their divisor is not 0; min/max only once
//     a labelled group was learned.
#pragma once

#include <cstdint>
#include <string>

#include "learner/example.h"
#include "learner/io/metrics_sink.h"

namespace learner {

// The namespaces VW counts among the first `spans` namespaces of `ex` (an action line's own,
// before a shared line's appended ones): distinct namespace letters holding a feature (VW's
// indices), the constant's not included.
uint64_t vw_counted_namespaces(const Example& ex, std::size_t spans);

class CbExploreCounters {
 public:
  void learned_unlabeled() { ++predict_in_learn_; }
  void learned(float cost, bool first_action, uint64_t actions);
  void counted(uint64_t features, uint64_t namespaces) {
    sum_features_ += features;
    sum_namespaces_ += namespaces;
  }
  void write(MetricsSink& sink, const std::string& name) const;

 private:
  uint64_t labeled_ = 0, predict_in_learn_ = 0, label_first_ = 0, label_not_first_ = 0, non_zero_cost_ = 0;
  float sum_cost_ = 0.0f, sum_cost_first_ = 0.0f;
  uint64_t sum_features_ = 0, sum_namespaces_ = 0, sum_actions_ = 0, min_actions_ = UINT64_MAX, max_actions_ = 0;
};

}  // namespace learner
