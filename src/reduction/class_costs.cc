#include "class_costs.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "learner/error.h"
#include "learner/reduction/score_text.h"

namespace learner {

uint32_t checked_class(double label, uint32_t classes, uint64_t line) {
  if (!(label >= 1 && label <= classes && label == std::floor(label)))
    throw Error("line " + std::to_string(line) + ": class " + std::to_string(label) + " is not an integer in 1.." +
                std::to_string(classes));
  return static_cast<uint32_t>(label);
}

bool ClassCosts::set(const Example& ex) {
  if (!ex.has_label) return false;
  const auto K = static_cast<uint32_t>(cost_.size());
  if (ex.costs.empty()) {
    const uint32_t y = checked_class(ex.label, K, ex.line);
    std::fill(cost_.begin(), cost_.end(), 1.0);
    cost_[y - 1] = 0.0;
    min_ = 0.0;
    best_ = y;
    return true;
  }
  double worst = -HUGE_VAL;
  bool known = false;
  for (const ClassCost& c : ex.costs) {
    if (c.cost == kUnknownCost) continue;
    checked_class(c.klass, K, ex.line);
    worst = std::max(worst, static_cast<double>(c.cost));
    known = true;
  }
  if (!known) return false;
  std::fill(cost_.begin(), cost_.end(), worst);
  for (const ClassCost& c : ex.costs)
    if (c.cost != kUnknownCost) cost_[c.klass - 1] = c.cost;
  best_ = 1;
  for (uint32_t k = 2; k <= K; ++k)
    if (cost_[k - 1] < cost_[best_ - 1]) best_ = k;
  min_ = cost_[best_ - 1];
  return true;
}

void ConstantClass::add(const ClassCosts& costs, double weight) {
  if (!(weight > 0)) return;
  for (std::size_t k = 0; k < sum_.size(); ++k) sum_[k] += weight * costs.costs()[k];
  min_sum_ += weight * costs.min();
  weight_ += weight;
}

void ConstantClass::print(std::FILE* out, const ClassLabels* labels) const {
  if (!(weight_ > 0)) return;
  const auto best = static_cast<std::size_t>(std::min_element(sum_.begin(), sum_.end()) - sum_.begin());
  std::string klass;
  append_class(klass, static_cast<double>(best + 1), labels);
  std::fprintf(out, "best constant class = %s\nbest constant's loss = %f\n", klass.c_str(),
               (sum_[best] - min_sum_) / weight_);
}

bool cost_outcome(Outcome& out, uint32_t predicted, double importance, bool labeled, const ClassCosts& costs,
                  ConstantClass& constant) {
  out = Outcome{};
  out.prediction = predicted;
  out.weight = importance;
  if (labeled) {
    out.labeled = true;
    out.label = costs.best();
    out.loss = costs.regret(predicted);
    constant.add(costs, importance);
  }
  return labeled;
}

}  // namespace learner
