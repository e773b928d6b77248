#include "learner/reduction/vw_group_metrics.h"

#include <algorithm>
#include <bitset>

namespace learner {
namespace {

// The namespaces VW counts among the first `spans` namespaces of `ex` (an action line's own,
// before the shared line's appended ones; or the shared line's): distinct namespace letters
// holding at least one feature.
uint64_t vw_namespaces(const Example& ex, std::size_t spans) {
  std::bitset<256> letters;
  for (std::size_t i = 0; i < spans && i < ex.namespaces.size(); ++i) {
    const NamespaceSpan& s = ex.namespaces[i];
    if (s.end > s.begin) letters.set(static_cast<unsigned char>(s.first));
  }
  return letters.count();
}

// The labelled action line of a group (VW's test_cb_adf_sequence): the action line with a cost.
bool vw_labeled_line(const GroupLine& line) {
  return !line.ex.costs.empty() && line.ex.costs[0].cost != kUnknownCost;
}

}  // namespace

VwGroupMetrics::VwGroupMetrics(const VwGroupMetricsSpec& spec, std::unique_ptr<GroupReduction> below)
    : spec_(spec), below_(std::move(below)) {}

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
    ++predict_in_learn_;
    return;
  }
  ++labeled_;
  sum_cost_ += cost;
  if (place == 0) {
    ++label_first_;
    sum_cost_first_ += cost;
  } else {
    ++label_not_first_;
  }
  if (cost != 0.0f) ++non_zero_cost_;
  const uint64_t actions = group.actions();
  sum_actions_ += actions;
  min_actions_ = std::min(min_actions_, actions);
  max_actions_ = std::max(max_actions_, actions);
}

void VwGroupMetrics::count_features(const ExampleGroup& group) {
  const uint64_t constant = spec_.constant ? 1 : 0;
  const std::size_t shared_spans = group.has_shared() ? group[0].ex.namespaces.size() : 0;
  const uint64_t shared_namespaces = group.has_shared() ? vw_namespaces(group[0].ex, shared_spans) + constant : 0;
  for (std::size_t i = group.first_action(); i < group.size(); ++i) {
    const GroupLine& line = group[i];
    sum_features_ += line.features.size();  // own + shared + constant + interactions: VW's count
    const std::size_t own_spans = line.ex.namespaces.size() - std::min(shared_spans, line.ex.namespaces.size());
    sum_namespaces_ += vw_namespaces(line.ex, own_spans) + constant + shared_namespaces;
  }
}

void VwGroupMetrics::write_metrics(MetricsSink& sink) const {
  MetricsSink& calls = sink.block("extra_metrics");
  calls.set_count("total_learn_calls", learn_calls_);
  calls.set_count("total_predict_calls", predict_calls_);
  if (spec_.shared_merger)
    sink.block("shared_feature_merger").set_count("sfm_count_learn_example_with_shared", learned_with_shared_);
  if (spec_.explorer.empty()) return;
  MetricsSink& e = sink.block(spec_.explorer);
  e.set_count("cbea_labeled_ex", labeled_);
  e.set_count("cbea_predict_in_learn", predict_in_learn_);
  e.set_number("cbea_sum_cost", sum_cost_);
  e.set_number("cbea_sum_cost_baseline", sum_cost_first_);
  e.set_count("cbea_label_first_action", label_first_);
  e.set_count("cbea_label_not_first", label_not_first_);
  e.set_count("cbea_non_zero_cost", non_zero_cost_);
  if (labeled_ > 0) {
    e.set_number("cbea_avg_feat_per_event", static_cast<float>(sum_features_ / labeled_));
    e.set_number("cbea_avg_actions_per_event", static_cast<float>(sum_actions_ / labeled_));
    e.set_number("cbea_avg_ns_per_event", static_cast<float>(sum_namespaces_ / labeled_));
  }
  if (sum_actions_ > 0) {
    e.set_number("cbea_avg_feat_per_action", static_cast<float>(sum_features_ / sum_actions_));
    e.set_number("cbea_avg_ns_per_action", static_cast<float>(sum_namespaces_ / sum_actions_));
  }
  if (min_actions_ != UINT64_MAX) e.set_count("cbea_min_actions", min_actions_);
  if (max_actions_ > 0) e.set_count("cbea_max_actions", max_actions_);
}

}  // namespace learner
