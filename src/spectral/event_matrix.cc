#include "learner/spectral/event_matrix.h"

#include <algorithm>

namespace learner::spectral {
namespace {

std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

double hash_uniform(std::uint64_t seed, std::uint64_t a, std::uint64_t b, std::uint64_t c) {
  const std::uint64_t h = mix(mix(mix(mix(seed) ^ a) ^ b) ^ c);
  return static_cast<double>(h >> 11) * 0x1.0p-53;
}

std::vector<EventMatrix> build_event_matrices(const RatingSet& ratings, Orientation orientation,
                                              const FilterOptions& filter) {
  const bool item_rows = orientation == Orientation::kItemRows;
  const std::size_t rows = item_rows ? ratings.n_items : ratings.n_users;
  const std::size_t cols = item_rows ? ratings.n_users : ratings.n_items;
  const std::size_t levels = ratings.levels.size();
  std::vector<std::vector<Eigen::Triplet<double>>> triplets(levels);
  for (const Entry& e : ratings.entries) {
    const std::uint32_t r = item_rows ? e.item : e.user, c = item_rows ? e.user : e.item;
    triplets[e.level].emplace_back(r, c, 1.0);
  }
  std::vector<EventMatrix> out;
  std::vector<std::size_t> row_count(rows);
  for (std::size_t k = 0; k < levels; ++k) {
    EventMatrix full(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
    full.setFromTriplets(triplets[k].begin(), triplets[k].end(), [](double a, double) { return a; });
    std::fill(row_count.begin(), row_count.end(), 0);
    for (Eigen::Index c = 0; c < full.outerSize(); ++c)
      for (EventMatrix::InnerIterator it(full, c); it; ++it) ++row_count[it.row()];
    std::vector<Eigen::Triplet<double>> kept;
    for (Eigen::Index c = 0; c < full.outerSize(); ++c)
      for (EventMatrix::InnerIterator it(full, c); it; ++it) {
        const bool droppable = row_count[it.row()] > filter.threshold;
        if (droppable && hash_uniform(filter.seed, k, it.row(), c) < filter.drop) continue;
        kept.emplace_back(it.row(), c, 1.0);
      }
    EventMatrix m(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
    m.setFromTriplets(kept.begin(), kept.end());
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace learner::spectral
