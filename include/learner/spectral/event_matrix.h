// The binary event matrices Omega_k of seed 004 (Roderick & Safro, "Learning of
// highly-filtered data manifold using spectral methods", section 3), one per rating
// level r_k: Omega_k(p, q) = 1 when the rating of the pair is r_k, else 0 (a missing
// rating is an event "not known", not a small value).
//
// Which index is the row. The paper gives Omega_k the shape N_i x n (content x users)
// and filters "the row Omega_k(p, :)" of the pair (m_p, u_q): rows are items. Its eq. 7
// then takes a column Omega_k(:, j) for content m_j, which fits rows = users. Both
// readings are implemented: Orientation::kItemRows (default, the shape and the filter as
// written) and kUserRows (eq. 7 as written); learner-spectral --orientation chooses.
//
// Random filtering (section 3): an entry is removed with probability `drop` (0.85 in
// the paper) when its row holds more than `threshold` entries before filtering. The
// draw for entry (k, row, col) is a hash of (seed, k, row, col): independent of the
// input order, the same on every run.
#pragma once

#include <cstdint>
#include <vector>

#include <Eigen/SparseCore>

#include "learner/spectral/rating_set.h"

namespace learner::spectral {

enum class Orientation { kItemRows, kUserRows };

struct FilterOptions {
  double drop = 0.85;
  std::size_t threshold = 20;  // rows with at most this many entries are kept whole
  std::uint64_t seed = 1;
};

using EventMatrix = Eigen::SparseMatrix<double, Eigen::ColMajor>;

// Omega_k for k = 0 .. levels-1, after filtering. Rows x cols = items x users
// (kItemRows) or users x items (kUserRows). A (user, item) pair listed twice counts once.
std::vector<EventMatrix> build_event_matrices(const RatingSet& ratings, Orientation orientation,
                                              const FilterOptions& filter);

// A uniform number in [0, 1) from (seed, a, b, c) (splitmix64 finaliser; exposed for tests).
double hash_uniform(std::uint64_t seed, std::uint64_t a, std::uint64_t b, std::uint64_t c);

}  // namespace learner::spectral
