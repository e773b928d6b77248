#include "objective10.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "learner/error.h"

namespace learner {
namespace {

void check(std::span<const double> m, std::span<const double> n) {
  if (m.size() != n.size())
    throw Error("objective 10: " + std::to_string(m.size()) + " mistake counts for " + std::to_string(n.size()) +
                " normalisers");
  for (std::size_t s = 0; s < m.size(); ++s)
    if (!(std::isfinite(m[s]) && m[s] >= 0.0 && std::isfinite(n[s]) && n[s] >= 0.0))
      throw Error("objective 10: factor " + std::to_string(s) + " has a negative or non-finite count or normaliser");
}

}  // namespace

std::vector<double> objective10_closed_form(std::span<const double> m, std::span<const double> n) {
  check(m, n);
  std::vector<double> v(m.size(), 0.0);
  for (std::size_t s = 0; s < m.size(); ++s)
    if (n[s] > 0.0) v[s] = std::max(0.0, 1.0 - m[s] / n[s]);
  return v;
}

double objective10_cost_terms(std::span<const double> v, std::span<const double> m, std::span<const double> n,
                              double scale) {
  check(m, n);
  if (v.size() != m.size()) throw Error("objective 10: v has the wrong size");
  double j = 0.0;
  for (std::size_t s = 0; s < v.size(); ++s) j += m[s] * v[s] - n[s] * v[s] + 0.5 * n[s] * v[s] * v[s];
  return scale * j;
}

std::vector<double> objective10_projected_gradient(std::span<const double> m, std::span<const double> n, double scale,
                                                   uint64_t max_iterations, double tolerance) {
  check(m, n);
  if (!(std::isfinite(scale) && scale > 0.0)) throw Error("objective 10: the cost scale K must be positive");
  const double n_max = n.empty() ? 0.0 : *std::max_element(n.begin(), n.end());
  const double eta = 1.0 / (scale * (n_max > 0.0 ? n_max : 1.0));
  std::vector<double> v(m.size(), 1.0);
  for (uint64_t it = 0; it < max_iterations; ++it) {
    double moved = 0.0;
    for (std::size_t s = 0; s < v.size(); ++s) {
      const double grad = scale * (m[s] - n[s] + n[s] * v[s]);
      const double next = std::max(0.0, v[s] - eta * grad);
      moved = std::max(moved, std::fabs(next - v[s]));
      v[s] = next;
    }
    if (moved <= tolerance) break;
  }
  return v;
}

std::vector<double> mistake_counts(const CostFactors& factors, std::span<const uint32_t> truth,
                                   std::span<const uint32_t> predicted, std::span<const double> weight) {
  if (truth.size() != predicted.size() || (!weight.empty() && weight.size() != truth.size()))
    throw Error("mistake counts: truth, predictions and weights differ in length");
  std::vector<double> m(factors.size(), 0.0);
  for (std::size_t i = 0; i < truth.size(); ++i) {
    if (truth[i] >= factors.classes() || predicted[i] >= factors.classes())
      throw Error("mistake counts: class out of range at " + std::to_string(i));
    const uint32_t s = factors.index(truth[i], predicted[i]);
    if (s != CostFactors::kNoFactor) m[s] += weight.empty() ? 1.0 : weight[i];
  }
  return m;
}

}  // namespace learner
