#include "vw_adf_route_metrics.h"

#include <memory>

namespace learner {

std::unique_ptr<VwAdfRouteMetrics> VwAdfRouteMetrics::make(const Options& o, const std::string& explorer_block) {
  const OptionValues& v = *o.values;
  if (!o.reduction_plugin || o.reduction_plugin->name != "cb_explore" || v.flag("cb_force_legacy")) return nullptr;
  return std::unique_ptr<VwAdfRouteMetrics>(
      new VwAdfRouteMetrics(explorer_block, o.reduction.classes, !o.testonly, !v.flag("noconstant")));
}

void VwAdfRouteMetrics::after(const ParsedExample& slot, const Outcome&) {
  const Example& ex = slot.ex;
  counters_.counted(uint64_t(actions_) * slot.features.size(),
                    uint64_t(actions_) * (vw_counted_namespaces(ex, ex.namespaces.size()) + (constant_ ? 1 : 0)));
  if (!training_) return;
  for (const ClassCost& c : ex.costs)  // the logged observation: the first known cost with p > 0
    if (c.cost != kUnknownCost && c.probability > 0.0f) {
      counters_.learned(c.cost, c.klass == 1, actions_);
      return;
    }
}

}  // namespace learner
