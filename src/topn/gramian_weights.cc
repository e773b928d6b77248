// Popularity-weighted missing data: learner/topn/gramian_weights.h.
#include "learner/topn/gramian_weights.h"

#include <cmath>

#include "learner/error.h"

namespace learner::topn {

std::vector<double> unobserved_item_weights(std::span<const uint32_t> positives_per_item, double exponent) {
  if (!(exponent >= -2 && exponent <= 2)) throw UsageError("--unobserved_exponent must be in [-2, 2]");
  std::vector<double> w(positives_per_item.size(), 0.0);
  double sum = 0.0;
  for (std::size_t i = 0; i < w.size(); ++i)
    if (positives_per_item[i] > 0) sum += w[i] = std::pow(static_cast<double>(positives_per_item[i]), exponent);
  if (!(sum > 0)) throw Error("no item has a positive to weigh the unobserved pairs by");
  const double scale = static_cast<double>(w.size()) / sum;
  for (double& x : w) x *= scale;
  return w;
}

}  // namespace learner::topn
