#include "item_similarity.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace learner::prep {

ItemSimilarity::ItemSimilarity(std::size_t n_items, double shrink) : n_items_(n_items), shrink_(shrink) {
  if (n_items > kMaxItems)
    throw std::length_error(std::to_string(n_items) + " items: the dense similarity table takes at most " +
                            std::to_string(kMaxItems));
  cells_.resize(n_items * n_items);
}

void ItemSimilarity::add_user(std::span<const ItemResidual> rated) {
  for (std::size_t a = 0; a < rated.size(); ++a) {
    const std::uint32_t i = rated[a].item;
    const float zi = rated[a].residual;
    for (std::size_t b = a + 1; b < rated.size(); ++b) {
      const std::uint32_t j = rated[b].item;
      const float zj = rated[b].residual;
      Cell& ij = cell(i, j);
      Cell& ji = cell(j, i);
      ij.cross += zi * zj;
      ji.cross += zi * zj;
      ij.own_sq += zi * zi;
      ji.own_sq += zj * zj;
      ++ij.count;
      ++ji.count;
    }
  }
}

double ItemSimilarity::operator()(std::uint32_t i, std::uint32_t j) const {
  const Cell& ij = cell(i, j);
  if (ij.count < 2) return 0.0;
  const double si = ij.own_sq, sj = cell(j, i).own_sq;
  if (!(si > 0.0) || !(sj > 0.0)) return 0.0;
  const double n = static_cast<double>(ij.count) - 1.0;
  return n / (n + shrink_) * ij.cross / std::sqrt(si * sj);
}

}  // namespace learner::prep
