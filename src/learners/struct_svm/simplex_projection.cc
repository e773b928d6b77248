#include "simplex_projection.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "learner/error.h"

namespace learner {
namespace {

using Scratch = std::vector<std::pair<double, std::size_t>>;

// The weighted projection of u restricted to the coordinates listed in
// `order` (their breakpoints already filled in), onto sum v = mass; unit
// weights when `unit`. See the header's derivation.
void project_listed(std::span<const double> u, std::span<const double> d, bool unit, double mass, Scratch& order,
                    std::span<double> v) {
  std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  const std::size_t m = order.size();
  double big_u = 0.0, big_d = 0.0, theta = 0.0;
  for (std::size_t k = 0; k < m; ++k) {
    const std::size_t i = order[k].second;
    big_u += u[i];
    big_d += unit ? 1.0 : 1.0 / d[i];
    if (k + 1 == m || big_u - order[k + 1].first * big_d >= mass) {
      theta = (big_u - mass) / big_d;
      break;
    }
  }
  for (const auto& [t, i] : order) v[i] = std::max(0.0, u[i] - (unit ? theta : theta / d[i]));
}

}  // namespace

void project_weighted_simplex(std::span<const double> u, std::span<const double> d, double mass,
                              std::span<double> v, Scratch& scratch) {
  const std::size_t n = u.size();
  if (n == 0) throw Error("simplex projection of an empty vector");
  if (d.size() != n || v.size() != n)
    throw Error("simplex projection: " + std::to_string(n) + " values but " + std::to_string(d.size()) +
                " weights and " + std::to_string(v.size()) + " outputs");
  if (!(std::isfinite(mass) && mass > 0.0)) throw Error("simplex projection: the mass must be finite and positive");
  double positive_mass = 0.0;  // s of the header, over d_i > 0
  bool any_zero = false;
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(u[i])) throw Error("simplex projection: non-finite value at " + std::to_string(i));
    if (!(std::isfinite(d[i]) && d[i] >= 0.0))
      throw Error("simplex projection: weight " + std::to_string(i) + " is negative or not finite");
    if (d[i] > 0.0)
      positive_mass += std::max(0.0, u[i]);
    else
      any_zero = true;
  }
  scratch.clear();
  if (!any_zero || positive_mass >= mass) {
    for (std::size_t i = 0; i < n; ++i) {
      if (d[i] > 0.0)
        scratch.emplace_back(d[i] * u[i], i);
      else
        v[i] = 0.0;
    }
    project_listed(u, d, false, mass, scratch, v);
    return;
  }
  // Some weights are zero and the positive-weight part leaves mass over.
  for (std::size_t i = 0; i < n; ++i) {
    if (d[i] > 0.0)
      v[i] = std::max(0.0, u[i]);
    else
      scratch.emplace_back(u[i], i);
  }
  project_listed(u, d, true, mass - positive_mass, scratch, v);
}

std::vector<double> project_weighted_simplex(std::span<const double> u, std::span<const double> d, double mass) {
  std::vector<double> v(u.size());
  Scratch scratch;
  project_weighted_simplex(u, d, mass, v, scratch);
  return v;
}

}  // namespace learner
