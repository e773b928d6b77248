#include "learner/reduction/cb_explore_counters.h"

#include <algorithm>
#include <bitset>

namespace learner {

uint64_t vw_counted_namespaces(const Example& ex, std::size_t spans) {
  std::bitset<256> letters;
  for (std::size_t i = 0; i < spans && i < ex.namespaces.size(); ++i) {
    const NamespaceSpan& s = ex.namespaces[i];
    if (s.end > s.begin) letters.set(static_cast<unsigned char>(s.first));
  }
  return letters.count();
}

void CbExploreCounters::learned(float cost, bool first_action, uint64_t actions) {
  ++labeled_;
  sum_cost_ += cost;
  if (first_action) {
    ++label_first_;
    sum_cost_first_ += cost;
  } else {
    ++label_not_first_;
  }
  if (cost != 0.0f) ++non_zero_cost_;
  sum_actions_ += actions;
  min_actions_ = std::min(min_actions_, actions);
  max_actions_ = std::max(max_actions_, actions);
}

void CbExploreCounters::write(MetricsSink& sink, const std::string& name) const {
  MetricsSink& e = sink.block(name);
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
