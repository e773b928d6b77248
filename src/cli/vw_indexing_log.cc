#include "vw_indexing_log.h"

#include <algorithm>
#include <string>

#include "learner/io/vw_log_lines.h"

namespace learner {

VwIndexingLog::VwIndexingLog(const Options& o) : classes_(o.reduction.classes), training_(!o.testonly) {
  const OptionValues& v = *o.values;
  if (!o.reduction_plugin || v.given("indexing")) return;
  const std::string& name = o.reduction_plugin->name;
  const bool legacy = v.flag("cb_force_legacy");
  if (name == "oaa")
    rule_ = Rule::kLearnedLabel;
  else if (name == "csoaa")
    rule_ = Rule::kCostClass;
  else if ((name == "cb" || name == "cb_explore") && legacy)
    rule_ = Rule::kFirstExample;
}

void VwIndexingLog::after(const ParsedExample& slot, const Outcome&) {
  const Example& ex = slot.ex;
  bool settled = false;
  switch (rule_) {
    case Rule::kNone: return;
    case Rule::kLearnedLabel:
      settled = training_ && ex.has_label && ex.importance > 0.0f && ex.label == static_cast<float>(classes_);
      break;
    case Rule::kCostClass:
      settled = std::any_of(ex.costs.begin(), ex.costs.end(), [&](const ClassCost& c) { return c.klass == classes_; });
      break;
    case Rule::kFirstExample: settled = true; break;
  }
  if (!settled) return;
  count_vw_log_lines();
  rule_ = Rule::kNone;
}

}  // namespace learner
