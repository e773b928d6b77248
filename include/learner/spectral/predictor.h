// Seed 004's spectral predictor (Roderick & Safro, section 3), end to end:
//
//  1. Omega_k per rating level r_k, randomly filtered (learner/spectral/event_matrix.h).
//  2. Truncated SVD Omega_k ~ Phi-hat Sigma-hat Upsilon-hat^T with eta factors, eq. (3)-(4)
//     (learner/spectral/truncated_svd.h).
//  3. The factors of a query, eq. (7): S = diag(sqrt(sigma_1..eta)) Phi-hat^T w, where w is
//     a column of Omega_k. Our reading (the paper's S = Phi-hat diag(.) Omega_k(:, j) only
//     type-checks as diag(.) Phi-hat^T Omega_k(:, j)):
//       kItemRows: w = Omega_k(:, user), the user's column (which items the user gave r_k);
//       kUserRows: w = Omega_k(:, item), the item's column (which users gave it r_k).
//     "The 1 at the query position" (QueryOne): q is the query's other index (the item under
//     kItemRows, the user under kUserRows), e_q its unit vector, and for every level k
//       kSet (the paper as written): w's entry q is set to 1: w' = w + (1 - w_q) e_q;
//       kAdd: the query's 1 comes on top of what is known: w' = w + e_q;
//       kOff: w' = w (only meaningful under kUserRows: under kItemRows S would not depend on
//             the item).
//     S = diag(sqrt(sigma)) Phi-hat^T w'. The SVD is that of the filtered training matrix
//     (one SVD per level, not one per query), and a training pair's S is computed by the same
//     formula. The readings differ on a training pair whose own entry survived the filter:
//     under kSet its S is the projection of w alone (under kItemRows: the same point for
//     every such pair of the user, so the item's coordinates are lost), under kAdd it is that
//     projection plus the row Phi-hat(q, :), like every query. The random filter (step 1) is what keeps
//     kSet usable: it removes 85% of those entries.
//  4. theta(u, m, r_k): per user and level, a polynomial in S (learner/spectral/polynomial.h)
//     fitted to the indicators R(u, m, r_k) = [rating of (u, m) == r_k] over the user's
//     training ratings (eq. 2, 8), then clipped to [0, 1] (eq. 1 allows (-eps, 1 + eps); a
//     negative likelihood would break eq. 9).
//  5. Eq. (9): prediction = sum_k r_k theta_k / sum_k theta_k. When every theta_k is 0, the
//     user's mean training rating.
// Users unseen in training get the global mean, items unseen in training the user's mean
// (counted in fallbacks()).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "learner/spectral/event_matrix.h"
#include "learner/spectral/polynomial.h"
#include "learner/spectral/rating_set.h"
#include "learner/spectral/truncated_svd.h"

namespace learner::spectral {

enum class QueryOne { kSet, kAdd, kOff };

struct SpectralOptions {
  int rank = 10;   // eta
  int order = 1;   // polynomial order (1 = the paper's "linear" method)
  Basis basis = Basis::kMonomial;
  Orientation orientation = Orientation::kItemRows;
  QueryOne query_one = QueryOne::kSet;
  FilterOptions filter;
  double ridge = 1.0;
  bool dense_svd = false;  // BDCSVD instead of Lanczos
};

class SpectralPredictor {
 public:
  // Throws std::invalid_argument for rank < 1, order < 0, ridge < 0, a drop outside
  // [0, 1], empty ratings, or kItemRows with QueryOne::kOff.
  SpectralPredictor(const RatingSet& train, const SpectralOptions& options);

  // user / item: dense ids of the training set, or IdMap::kMissing.
  double predict(std::uint32_t user, std::uint32_t item) const;
  // theta_k(user, item) for every level (clipped), for a known user and item.
  std::vector<double> likelihoods(std::uint32_t user, std::uint32_t item) const;
  // The factors S of (user, item) for level k, eq. (7).
  Eigen::VectorXd factors(std::uint32_t user, std::uint32_t item, std::size_t k) const;

  const std::vector<TruncatedSvd>& svds() const { return svds_; }
  const std::vector<EventMatrix>& event_matrices() const { return omega_; }
  std::uint64_t fallbacks() const { return fallbacks_; }

 private:
  SpectralOptions options_;
  std::vector<double> levels_;
  std::size_t n_users_, n_items_;
  std::vector<EventMatrix> omega_;
  std::vector<TruncatedSvd> svds_;
  std::vector<Eigen::MatrixXd> projected_;  // per k: eta x cols, Phi-hat^T Omega_k
  std::vector<double> user_mean_;
  double global_mean_ = 0.0;
  std::vector<std::vector<std::unique_ptr<PolynomialFit>>> theta_;  // [user][k]; null: no ratings
  mutable std::uint64_t fallbacks_ = 0;
};

}  // namespace learner::spectral
