// The neighbour feature of scripts/ratings2vw --neighbors: for a (user, item) query,
// the item-based k-nearest-neighbour estimate of the rating's deviation from the
// baseline (Koren 2010, TKDD 4(1), eq. 3, "kNN with baseline"; here the deviation
// alone, without adding the baseline back):
//   knn(u, i) = sum_{j in S} s_ij z_uj / sum_{j in S} s_ij
// S = the K items rated by u (other than i) with the largest positive similarity s_ij
// to i (ties: lower item id first); 0 when S is empty. z_uj = r_uj - b_uj with the
// baseline of learner/prep/baseline.h and s_ij of learner/prep/item_similarity.h,
// both fitted on the reference ratings.
//
// Out-of-fold (stacking, Wolpert 1992): reference rating number r (0-based, input
// order) belongs to fold r mod F. A query whose (user, item) pair is a reference
// rating is answered by a baseline and similarities fitted without that rating's
// fold, so a training line's own rating never informs its own feature; other
// queries (validation and test lines) use all reference ratings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "learner/prep/baseline.h"

namespace learner::prep {

struct NeighborOptions {
  int neighbors = 20;  // K
  double shrink = 100.0;
  int folds = 10;  // F >= 2
  BaselineOptions baseline;
};

struct Query {
  std::uint32_t user;
  std::uint32_t item;
};

// One value per query, in query order. Requires ids below n_users / n_items and
// (user, item) pairs unique within ref; throws std::invalid_argument otherwise (and
// for neighbors < 1 or folds < 2), std::length_error above ItemSimilarity::kMaxItems.
std::vector<double> neighbor_deviations(std::span<const Rating> ref, std::span<const Query> queries,
                                        std::size_t n_users, std::size_t n_items,
                                        const NeighborOptions& options);

}  // namespace learner::prep
