#include "learner/topn/sampler.h"

#include <algorithm>
#include <cmath>

#include "learner/error.h"

namespace learner::topn {

NegativeSampler::NegativeSampler(const UserItems& exclude, double alpha, uint64_t seed) : exclude_(exclude), rng_(seed) {
  if (!(alpha >= 0 && alpha <= 10)) throw UsageError("the popularity exponent must be in [0, 10]");
  if (exclude.items_count() == 0) throw Error("no items to sample negatives from");
  if (alpha > 0) {
    std::vector<double> count(exclude.items_count(), 0.0);
    for (uint32_t u = 0; u < exclude.users(); ++u)
      for (const uint32_t i : exclude.items(u)) count[i] += 1.0;
    cumulative_.resize(count.size());
    double sum = 0.0;
    for (std::size_t i = 0; i < count.size(); ++i) cumulative_[i] = sum += std::pow(count[i], alpha);
    if (!(sum > 0)) cumulative_.clear();
  }
}

uint32_t NegativeSampler::draw_any() {
  const auto n = static_cast<uint32_t>(exclude_.items_count());
  if (cumulative_.empty()) return rng_.below(n);
  const double x = rng_.uniform() * cumulative_.back();
  const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), x);
  return static_cast<uint32_t>(std::min<std::ptrdiff_t>(it - cumulative_.begin(), n - 1));
}

uint32_t NegativeSampler::draw(uint32_t user) {
  for (int t = 0; t < kMaxRejections; ++t) {
    const uint32_t i = draw_any();
    if (!exclude_.contains(user, i) && (cumulative_.empty() || cumulative_[i] > (i ? cumulative_[i - 1] : 0.0)))
      return i;
  }
  // Nearly every item is the user's: draw among the others, by weight.
  const auto own = exclude_.items(user);
  scratch_.clear();
  double total = 0.0;
  for (uint32_t i = 0, k = 0; i < exclude_.items_count(); ++i) {
    while (k < own.size() && own[k] < i) ++k;
    if (k < own.size() && own[k] == i) continue;
    const double w = cumulative_.empty() ? 1.0 : cumulative_[i] - (i ? cumulative_[i - 1] : 0.0);
    if (w > 0) {
      scratch_.push_back(i);
      total += w;
    }
  }
  if (scratch_.empty()) return kNoItem;
  if (cumulative_.empty()) return scratch_[rng_.below(static_cast<uint32_t>(scratch_.size()))];
  double x = rng_.uniform() * total;
  for (const uint32_t i : scratch_) {
    x -= cumulative_[i] - (i ? cumulative_[i - 1] : 0.0);
    if (x < 0) return i;
  }
  return scratch_.back();
}

}  // namespace learner::topn
