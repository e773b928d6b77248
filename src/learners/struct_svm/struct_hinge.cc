#include "learner/learners/struct_svm/struct_hinge.h"

#include <cassert>

namespace learner {

void class_costs(const CostFactors& factors, std::span<const double> v, double scale, uint32_t truth,
                 std::span<double> out) {
  assert(v.size() == factors.size() && out.size() == factors.classes() && truth < factors.classes());
  for (uint32_t k = 0; k < out.size(); ++k) out[k] = k == truth ? 0.0 : scale * v[factors.index(truth, k)];
}

HingeResult loss_augmented_max(std::span<const double> scores, uint32_t truth, std::span<const double> costs) {
  assert(scores.size() == costs.size() && truth < scores.size());
  HingeResult r{truth, 0.0};  // k = y: c_y + s_y - s_y = 0, and the truth wins ties
  const double sy = scores[truth];
  for (uint32_t k = 0; k < scores.size(); ++k) {
    if (k == truth) continue;
    const double h = costs[k] + scores[k] - sy;
    if (h > r.value) r = {k, h};
  }
  return r;
}

void hinge_score_subgradient(const HingeResult& r, uint32_t truth, std::span<double> grad) {
  for (double& g : grad) g = 0.0;
  if (r.argmax == truth) return;
  grad[r.argmax] = 1.0;
  grad[truth] = -1.0;
}

uint32_t predict_class(std::span<const double> scores) {
  uint32_t best = 0;
  for (uint32_t k = 1; k < scores.size(); ++k)
    if (scores[k] > scores[best]) best = k;
  return best;
}

}  // namespace learner
