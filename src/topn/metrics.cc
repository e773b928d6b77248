#include "learner/topn/metrics.h"

#include <algorithm>
#include <cmath>

namespace learner::topn {

TopnMetrics user_metrics(std::span<const uint32_t> ranked, std::span<const uint32_t> relevant, unsigned k) {
  TopnMetrics m;
  if (relevant.empty() || k == 0) return m;
  double hits = 0, dcg = 0, ap = 0;
  const std::size_t n = std::min<std::size_t>(k, ranked.size());
  for (std::size_t r = 0; r < n; ++r) {
    if (!std::binary_search(relevant.begin(), relevant.end(), ranked[r])) continue;
    hits += 1;
    dcg += 1.0 / std::log2(static_cast<double>(r) + 2.0);
    ap += hits / static_cast<double>(r + 1);
  }
  const std::size_t ideal = std::min<std::size_t>(k, relevant.size());
  double idcg = 0;
  for (std::size_t r = 0; r < ideal; ++r) idcg += 1.0 / std::log2(static_cast<double>(r) + 2.0);
  m.precision = hits / k;
  m.recall = hits / static_cast<double>(relevant.size());
  m.ndcg = dcg / idcg;
  m.map = ap / static_cast<double>(ideal);
  m.hit_rate = hits > 0 ? 1.0 : 0.0;
  m.users = 1;
  return m;
}

TopnMetrics MetricsSum::add(std::span<const uint32_t> ranked, std::span<const uint32_t> relevant) {
  for (std::size_t r = 0; r < std::min<std::size_t>(k_, ranked.size()); ++r)
    if (ranked[r] < seen_.size()) seen_[ranked[r]] = 1;
  if (relevant.empty()) return {};
  TopnMetrics m = user_metrics(ranked, relevant, k_);
  sum_.precision += m.precision;
  sum_.recall += m.recall;
  sum_.ndcg += m.ndcg;
  sum_.map += m.map;
  sum_.hit_rate += m.hit_rate;
  sum_.users += 1;
  m.users = 1;
  return m;
}

TopnMetrics MetricsSum::mean() const {
  TopnMetrics m = sum_;
  const double n = static_cast<double>(std::max<std::size_t>(sum_.users, 1));
  m.precision /= n;
  m.recall /= n;
  m.ndcg /= n;
  m.map /= n;
  m.hit_rate /= n;
  const auto covered = static_cast<double>(std::count(seen_.begin(), seen_.end(), 1));
  m.coverage = seen_.empty() ? 0.0 : covered / static_cast<double>(seen_.size());
  return m;
}

std::size_t loo_rank(float held_out, std::span<const float> negatives) {
  std::size_t rank = 1;
  for (const float s : negatives)
    if (!(s < held_out)) ++rank;  // above or tied (a NaN score counts against too)
  return rank;
}

double loo_ndcg(std::size_t rank, unsigned k) {
  return rank <= k ? 1.0 / std::log2(static_cast<double>(rank) + 1.0) : 0.0;
}

}  // namespace learner::topn
