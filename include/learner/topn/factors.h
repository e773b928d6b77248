// A model for top-N ranking as dense factors: score(u, i) = global + b_u + c_i
// + x_u . y_i. The ranking-trained and rating-trained dyadic models
// (dyadic_ranker.h), implicit ALS (ials.h) and learner-bpmf's posterior-mean
// vectors all become one, so recommend and the metrics see one shape.
//
// Text file (learner-topn train -f, recommend -i):
//   learner-topn factors 1 rank K global G
//   u <id> <bias> x_1 .. x_K        one line per user
//   i <id> <bias> y_1 .. y_K        one line per item
// numbers as %.9g (floats round-trip exactly). Written through OutputFile:
// a failed write leaves nothing at the path.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "learner/topn/interactions.h"

namespace learner::topn {

struct Factors {
  unsigned rank = 0;
  double global = 0.0;
  IdMap users, items;
  std::vector<float> user_bias, item_bias;  // one per user / item
  std::vector<float> user_vec, item_vec;    // row-major, rank per user / item

  // Sizes the arrays for the users and items of `u` and `i` (zeros).
  void resize(const IdMap& u, const IdMap& i, unsigned k);
  double score(uint32_t user, uint32_t item) const;
};

void save_factors(const Factors& f, const std::string& path);
// Throws learner::InputError on a malformed file.
Factors load_factors(const std::string& path);
// learner-bpmf's --user_vectors / --item_vectors files ("# ..." then "id bias x_1..x_k"), on
// the users and items of `users` / `items` (ids absent from a file score its bias 0 and
// vector 0; ids of a file absent from the maps are ignored).
Factors load_vector_files(const std::string& user_file, const std::string& item_file, const IdMap& users,
                          const IdMap& items);

// Scores every catalogue item for one user; implementations are safe to call
// from several threads at once (they only read).
class Scorer {
 public:
  virtual ~Scorer() = default;
  virtual std::size_t items() const = 0;
  // out.size() == items(): out[i] = score of item i for `user`.
  virtual void score(uint32_t user, std::span<float> out) const = 0;
};

// Exact scores of a Factors model: one matrix-vector product per user
// (Eigen's vectorised GEMV), no allocation.
class FactorScorer final : public Scorer {
 public:
  explicit FactorScorer(const Factors& f) : f_(f) {}
  std::size_t items() const override { return f_.items.size(); }
  void score(uint32_t user, std::span<float> out) const override;

 private:
  const Factors& f_;
};

}  // namespace learner::topn
