// Reference rankers for the top-N benchmark (learner-topn eval --system pop|knn|ials).
//
// Popularity: score(u, i) = the item's number of training users (the same list
//   for everyone; the user's own items are excluded by recommend).
// Item-kNN on implicit feedback (Deshpande & Karypis 2004): sim(i, j) =
//   |U_i ∩ U_j| / sqrt(|U_i| |U_j|) (cosine of the items' binary user
//   vectors), each item keeping its `neighbours` most similar items; score(u, i)
//   = sum over the user's items j of sim(j, i) when i is among j's neighbours.
//   The project's rating neighbour code (prep/item_similarity.h) correlates
//   baseline residuals of ratings, which is a rating predictor's similarity; on
//   binary data every residual is equal and its correlation degenerates, so the
//   top-N peer uses the cosine, as the implicit-feedback literature does.
//   Co-counts are dense (4 n^2 bytes; at most kMaxItems items).
// Implicit ALS (Hu, Koren & Volinsky 2008): preference p_ui = 1 on training
//   pairs, 0 elsewhere, confidence c_ui = 1 + alpha on training pairs, 1
//   elsewhere; minimises sum c_ui (p_ui - x_u.y_i)^2 + reg (|x|^2 + |y|^2) by
//   alternating exact least squares, each solve using Y^T Y + Y^T (C_u - I) Y
//   (the trick that makes the all-pairs loss cost O(n_u k^2 + k^3) per user).
#pragma once

#include <cstdint>
#include <vector>

#include "learner/topn/factors.h"
#include "learner/topn/interactions.h"

namespace learner::topn {

class PopularityScorer final : public Scorer {
 public:
  explicit PopularityScorer(const UserItems& train);
  std::size_t items() const override { return count_.size(); }
  void score(uint32_t user, std::span<float> out) const override;

 private:
  std::vector<float> count_;
};

class ItemKnnScorer final : public Scorer {
 public:
  static constexpr std::size_t kMaxItems = 20000;
  // Throws UsageError for neighbours == 0 or more than kMaxItems items.
  ItemKnnScorer(const UserItems& train, unsigned neighbours);
  std::size_t items() const override { return n_items_; }
  void score(uint32_t user, std::span<float> out) const override;

 private:
  struct Neighbour {
    uint32_t item;
    float sim;
  };
  const UserItems& train_;
  std::size_t n_items_;
  unsigned k_;
  std::vector<Neighbour> neighbours_;  // k_ per item (sim 0 pads)
};

struct IalsOptions {
  unsigned rank = 32;
  unsigned iterations = 15;
  double alpha = 10.0;  // confidence of a training pair: 1 + alpha
  double reg = 0.1;
  double init = 0.01;
  uint64_t seed = 1;
};

// Throws UsageError for an option out of range.
Factors train_ials(const UserItems& train, const IdMap& users, const IdMap& items, const IalsOptions& options);

}  // namespace learner::topn
