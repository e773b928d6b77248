#include "cbify_feedback.h"

#include <algorithm>

namespace learner {

namespace {

// The label's known cost of `action` (0 when not listed or unknown).
double cbify_listed_cost(const Example& ex, uint32_t action) {
  for (const ClassCost& c : ex.costs)
    if (c.klass == action) return c.cost == kUnknownCost ? 0.0 : static_cast<double>(c.cost);
  return 0.0;
}

}  // namespace

double cbify_cost(const CbifySettings& settings, const Example& ex, uint32_t action) {
  if (settings.cost_sensitive) return settings.loss0 + (settings.loss1 - settings.loss0) * cbify_listed_cost(ex, action);
  const double sign = settings.flip_loss_sign ? -1.0 : 1.0;  // VW's --flip_loss_sign: rewards
  return sign * (action == static_cast<uint32_t>(ex.label) ? settings.loss0 : settings.loss1);
}

double cbify_loss(const CbifySettings& settings, const Example& ex, uint32_t action) {
  if (!settings.cost_sensitive) return action == static_cast<uint32_t>(ex.label) ? 0.0 : 1.0;
  double lowest = kUnknownCost;
  for (const ClassCost& c : ex.costs)
    if (c.cost != kUnknownCost) lowest = std::min(lowest, static_cast<double>(c.cost));
  return lowest == kUnknownCost ? 0.0 : cbify_listed_cost(ex, action) - lowest;
}

std::string cbify_row_label(const CbifySettings& settings, const Example& ex) {
  if (!ex.has_label) return "unknown";
  return settings.cost_sensitive ? std::string("known") : std::to_string(static_cast<uint32_t>(ex.label));
}

}  // namespace learner
