// Item-item similarity for the neighbour feature: the shrunk Pearson correlation of
// baseline residuals z_ui = r_ui - b_ui over the users who rated both items
// (Koren 2008, "Factorization meets the neighborhood", KDD, section 2.2; Koren 2010,
// TKDD 4(1), eq. 2, with the residuals of the baseline in place of raw ratings):
//   rho_ij = sum_u z_ui z_uj / sqrt(sum_u z_ui^2 * sum_u z_uj^2)
//   s_ij   = (n_ij - 1) / (n_ij - 1 + shrink) * rho_ij        (0 when n_ij < 2)
// n_ij is the number of co-raters; the shrinkage pulls correlations resting on few
// co-raters towards 0.
//
// Storage is dense: one 12-byte cell per ordered item pair, so memory is 12 n^2 bytes
// (MovieLens 100K: 34 MB; 1M: 165 MB). The constructor refuses more than kMaxItems
// items. Building costs sum over users of n_u^2 cell updates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace learner::prep {

struct ItemResidual {
  std::uint32_t item;
  float residual;
};

class ItemSimilarity {
 public:
  static constexpr std::size_t kMaxItems = 12000;  // 1.7 GB of cells

  // Throws std::length_error above kMaxItems items.
  ItemSimilarity(std::size_t n_items, double shrink);

  // Adds one user's ratings (distinct items, each < n_items) to the co-rating sums.
  void add_user(std::span<const ItemResidual> rated);

  // s_ij as above; symmetric. Not meaningful for i == j (callers skip the item itself).
  double operator()(std::uint32_t i, std::uint32_t j) const;

 private:
  struct Cell {
    float cross = 0.0f;   // sum over co-raters of z_ui z_uj
    float own_sq = 0.0f;  // sum over co-raters of z_ui^2 (row item's own residuals)
    std::uint32_t count = 0;
  };
  const Cell& cell(std::uint32_t i, std::uint32_t j) const { return cells_[i * n_items_ + j]; }
  Cell& cell(std::uint32_t i, std::uint32_t j) { return cells_[i * n_items_ + j]; }

  std::size_t n_items_;
  double shrink_;
  std::vector<Cell> cells_;
};

}  // namespace learner::prep
