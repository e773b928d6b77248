#include "kappa_cosine.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "learner/error.h"

namespace learner {

std::vector<double> kappa_difficulty(const CostFactors& factors, std::span<const double> truth_counts,
                                     std::span<const double> predicted_counts, std::span<const double> pair_counts) {
  const uint32_t k = factors.classes();
  if (truth_counts.size() != k || predicted_counts.size() != k || pair_counts.size() != factors.size())
    throw Error("kappa difficulty: counts of the wrong size");
  double total = 0.0;
  for (double c : truth_counts) total += c;
  for (auto table : {truth_counts, predicted_counts, pair_counts})
    for (double c : table)
      if (!(std::isfinite(c) && c >= 0.0)) throw Error("kappa difficulty: a count is negative or not finite");
  std::vector<double> d(factors.size(), 0.0);
  if (!(total > 0.0)) return d;
  const bool ordered = factors.kind() == FactorKind::kOrdered;
  for (uint32_t s = 0; s < factors.size(); ++s) {
    const auto [a, b] = factors.pair(s);
    double base = truth_counts[a] / total * (predicted_counts[b] / total);
    if (!ordered) base += truth_counts[b] / total * (predicted_counts[a] / total);
    d[s] = base < 1.0 ? (pair_counts[s] / total - base) / (1.0 - base) : 0.0;
  }
  return d;
}

void min_cosine_on_simplex(std::span<const double> d, std::span<double> v) {
  if (v.size() != d.size()) throw Error("min_cosine_on_simplex: sizes differ");
  if (d.empty()) return;
  double negative = 0.0;
  std::size_t zeros = 0, smallest = 0;
  bool all_zero = true;
  for (std::size_t s = 0; s < d.size(); ++s) {
    if (!std::isfinite(d[s])) throw Error("min_cosine_on_simplex: non-finite difficulty");
    if (d[s] < 0.0) negative -= d[s];
    if (d[s] == 0.0) ++zeros;
    if (d[s] != 0.0) all_zero = false;
    if (d[s] < d[smallest]) smallest = s;
  }
  if (all_zero) return;
  if (negative > 0.0) {
    for (std::size_t s = 0; s < d.size(); ++s) v[s] = d[s] < 0.0 ? -d[s] / negative : 0.0;
  } else if (zeros > 0) {
    for (std::size_t s = 0; s < d.size(); ++s) v[s] = d[s] == 0.0 ? 1.0 / static_cast<double>(zeros) : 0.0;
  } else {
    std::fill(v.begin(), v.end(), 0.0);
    v[smallest] = 1.0;
  }
}

}  // namespace learner
