// Truncated SVD of an event matrix, eq. (3)-(4) of seed 004: Omega = Phi Sigma Upsilon^T,
// keep the eta largest singular values and their left singular vectors Phi-hat.
//
// Two solvers, same contract:
//  * truncated_svd_lanczos: the eta largest eigenpairs of Omega Omega^T by implicitly
//    restarted Lanczos (Spectra's SymEigsSolver) on the operator x -> Omega (Omega^T x),
//    never forming Omega Omega^T: memory O(rows * ncv + nnz), so it scales to sparse
//    matrices far past a dense SVD. sigma_i = sqrt(lambda_i) (lambda_i < 0 from rounding
//    reads 0).
//  * truncated_svd_dense: Eigen's BDCSVD of the dense matrix (for tests and small data).
// Singular values come in descending order (the paper lists them ascending in eq. 3 but
// keeps "the eta largest" in eq. 4 and 6). rank is clamped to min(rows, cols); columns of
// `left` are unit vectors, each with an arbitrary sign. Lanczos falls back to the dense
// solver when the matrix is too small for a Krylov space (rows <= 2 * rank + 1) or does not
// converge in 1000 restarts; `lanczos` says which one ran.
#pragma once

#include <Eigen/Core>

#include "learner/spectral/event_matrix.h"

namespace learner::spectral {

struct TruncatedSvd {
  Eigen::VectorXd sigma;  // eta singular values, descending
  Eigen::MatrixXd left;   // rows x eta: Phi-hat
  bool lanczos = false;
};

TruncatedSvd truncated_svd_lanczos(const EventMatrix& omega, int rank);
TruncatedSvd truncated_svd_dense(const EventMatrix& omega, int rank);

}  // namespace learner::spectral
