#include "learner/prep/baseline.h"

namespace learner::prep {

Baseline fit_baseline(std::span<const Rating> ratings, std::size_t n_users, std::size_t n_items,
                      const BaselineOptions& options) {
  Baseline b;
  b.user_bias.assign(n_users, 0.0);
  b.item_bias.assign(n_items, 0.0);
  if (ratings.empty()) return b;
  double sum = 0.0;
  for (const Rating& r : ratings) sum += r.value;
  b.mean = sum / static_cast<double>(ratings.size());

  std::vector<double> item_sum(n_items), item_n(n_items), user_sum(n_users), user_n(n_users);
  for (const Rating& r : ratings) {
    item_n[r.item] += 1.0;
    user_n[r.user] += 1.0;
  }
  for (int round = 0; round < options.rounds; ++round) {
    std::fill(item_sum.begin(), item_sum.end(), 0.0);
    for (const Rating& r : ratings) item_sum[r.item] += r.value - b.mean - b.user_bias[r.user];
    for (std::size_t i = 0; i < n_items; ++i) b.item_bias[i] = item_sum[i] / (options.item_reg + item_n[i]);
    std::fill(user_sum.begin(), user_sum.end(), 0.0);
    for (const Rating& r : ratings) user_sum[r.user] += r.value - b.mean - b.item_bias[r.item];
    for (std::size_t u = 0; u < n_users; ++u) b.user_bias[u] = user_sum[u] / (options.user_reg + user_n[u]);
  }
  return b;
}

}  // namespace learner::prep
