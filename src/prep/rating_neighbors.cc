#include "learner/prep/rating_neighbors.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "item_similarity.h"

namespace learner::prep {
namespace {

struct Candidate {
  double similarity;
  std::uint32_t item;
  float residual;
};

std::uint64_t pair_key(std::uint32_t user, std::uint32_t item) {
  return (static_cast<std::uint64_t>(user) << 32) | item;
}

// Baseline, similarities and residual lists fitted on one subset of the reference.
class NeighborModel {
 public:
  NeighborModel(std::span<const Rating> ratings, std::size_t n_users, std::size_t n_items,
                const NeighborOptions& options)
      : options_(options), similarity_(n_items, options.shrink), rated_(n_users) {
    const Baseline baseline = fit_baseline(ratings, n_users, n_items, options.baseline);
    for (const Rating& r : ratings)
      rated_[r.user].push_back({r.item, static_cast<float>(r.value - baseline.predict(r.user, r.item))});
    for (const auto& list : rated_) similarity_.add_user(list);
  }

  double predict(const Query& q, std::vector<Candidate>& scratch) const {
    scratch.clear();
    for (const ItemResidual& j : rated_[q.user]) {
      if (j.item == q.item) continue;
      const double s = similarity_(q.item, j.item);
      if (s > 0.0) scratch.push_back({s, j.item, j.residual});
    }
    const std::size_t k = std::min(scratch.size(), static_cast<std::size_t>(options_.neighbors));
    std::partial_sort(scratch.begin(), scratch.begin() + k, scratch.end(), [](const Candidate& a, const Candidate& b) {
      return a.similarity != b.similarity ? a.similarity > b.similarity : a.item < b.item;
    });
    double num = 0.0, den = 0.0;
    for (std::size_t n = 0; n < k; ++n) {
      num += scratch[n].similarity * scratch[n].residual;
      den += scratch[n].similarity;
    }
    return den > 0.0 ? num / den : 0.0;
  }

 private:
  NeighborOptions options_;
  ItemSimilarity similarity_;
  std::vector<std::vector<ItemResidual>> rated_;  // per user: (item, baseline residual)
};

}  // namespace

std::vector<double> neighbor_deviations(std::span<const Rating> ref, std::span<const Query> queries,
                                        std::size_t n_users, std::size_t n_items,
                                        const NeighborOptions& options) {
  if (options.neighbors < 1) throw std::invalid_argument("the neighbour count must be at least 1");
  if (options.folds < 2) throw std::invalid_argument("out-of-fold features need at least 2 folds");
  const auto folds = static_cast<std::size_t>(options.folds);

  std::unordered_map<std::uint64_t, std::size_t> index;  // pair -> reference rating number
  index.reserve(ref.size());
  for (std::size_t r = 0; r < ref.size(); ++r) {
    if (ref[r].user >= n_users || ref[r].item >= n_items) throw std::invalid_argument("rating id out of range");
    if (!index.emplace(pair_key(ref[r].user, ref[r].item), r).second)
      throw std::invalid_argument("reference rating " + std::to_string(r + 1) + " repeats a (user, item) pair");
  }

  // Group the queries by the model that answers them: fold f (pairs in ref), or folds (the rest).
  std::vector<std::vector<std::size_t>> by_model(folds + 1);
  for (std::size_t q = 0; q < queries.size(); ++q) {
    if (queries[q].user >= n_users || queries[q].item >= n_items)
      throw std::invalid_argument("query id out of range");
    const auto it = index.find(pair_key(queries[q].user, queries[q].item));
    by_model[it == index.end() ? folds : it->second % folds].push_back(q);
  }

  std::vector<double> out(queries.size(), 0.0);
  std::vector<Rating> subset;
  std::vector<Candidate> scratch;
  for (std::size_t m = 0; m <= folds; ++m) {
    if (by_model[m].empty()) continue;
    subset.clear();
    for (std::size_t r = 0; r < ref.size(); ++r)
      if (m == folds || r % folds != m) subset.push_back(ref[r]);
    const NeighborModel model(subset, n_users, n_items, options);
    for (const std::size_t q : by_model[m]) out[q] = model.predict(queries[q], scratch);
  }
  return out;
}

}  // namespace learner::prep
