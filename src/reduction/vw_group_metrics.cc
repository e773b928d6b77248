#include "learner/reduction/vw_group_metrics.h"

#include <algorithm>

namespace learner {
namespace {

// The labelled action line of a group (VW's test_cb_adf_sequence): the action line with a cost.
bool vw_labeled_line(const GroupLine& line) {
  return !line.ex.costs.empty() && line.ex.costs[0].cost != kUnknownCost;
}

}  // namespace

VwGroupMetrics::VwGroupMetrics(const VwGroupMetricsSpec& spec, std::unique_ptr<GroupReduction> below)
    : GroupDecorator(std::move(below)), spec_(spec) {}

const Outcome& VwGroupMetrics::process(const ExampleGroup& group, bool learn) {
  if (spec_.training) {
    ++learn_calls_;
    if (!spec_.learn_returns_prediction) ++predict_calls_;
    if (group.has_shared()) ++learned_with_shared_;
    if (!spec_.explorer.empty()) count_explorer(group);
  } else {
    ++predict_calls_;
  }
  if (!spec_.explorer.empty()) count_features(group);
  return below_->process(group, learn);
}

void VwGroupMetrics::count_explorer(const ExampleGroup& group) {
  const std::size_t first = group.first_action();
  bool labeled = false;
  float cost = 0.0f;
  std::size_t place = 0;
  for (std::size_t i = first; i < group.size(); ++i) {
    const GroupLine& line = group[i];
    if (!vw_labeled_line(line)) continue;
    labeled = true;
    const ClassCost& c = line.ex.costs[0];
    if (c.probability > 0.0f) {  // VW's observed cost: the last one with a probability
      cost = c.cost;
      place = i - first;
    }
  }
  if (!labeled) {
    explorer_.learned_unlabeled();
    return;
  }
  explorer_.learned(cost, place == 0, group.actions());
}

void VwGroupMetrics::count_features(const ExampleGroup& group) {
  const uint64_t constant = spec_.constant ? 1 : 0;
  const std::size_t shared_spans = group.has_shared() ? group[0].ex.namespaces.size() : 0;
  const uint64_t shared_namespaces = group.has_shared() ? vw_counted_namespaces(group[0].ex, shared_spans) + constant : 0;
  uint64_t features = 0, namespaces = 0;
  for (std::size_t i = group.first_action(); i < group.size(); ++i) {
    const GroupLine& line = group[i];
    features += line.features.size();  // own + shared + constant + interactions: VW's count
    const std::size_t own_spans = line.ex.namespaces.size() - std::min(shared_spans, line.ex.namespaces.size());
    namespaces += vw_counted_namespaces(line.ex, own_spans) + constant + shared_namespaces;
  }
  explorer_.counted(features, namespaces);
}

void VwGroupMetrics::write_metrics(MetricsSink& sink) const {
  MetricsSink& calls = sink.block("extra_metrics");
  calls.set_count("total_learn_calls", learn_calls_);
  calls.set_count("total_predict_calls", predict_calls_);
  if (spec_.shared_merger)
    sink.block("shared_feature_merger").set_count("sfm_count_learn_example_with_shared", learned_with_shared_);
  if (!spec_.explorer.empty()) explorer_.write(sink, spec_.explorer);
}

}  // namespace learner
