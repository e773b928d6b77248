#include "learner/spectral/truncated_svd.h"

#include <Eigen/SVD>
#include <Spectra/SymEigsSolver.h>
#include <algorithm>
#include <cmath>

namespace learner::spectral {
namespace {

// y = Omega (Omega^T x), the operator Spectra asks for.
class GramOp {
 public:
  using Scalar = double;
  explicit GramOp(const EventMatrix& omega) : omega_(omega), tmp_(omega.cols()) {}
  Eigen::Index rows() const { return omega_.rows(); }
  Eigen::Index cols() const { return omega_.rows(); }
  void perform_op(const double* x_in, double* y_out) const {
    Eigen::Map<const Eigen::VectorXd> x(x_in, rows());
    Eigen::Map<Eigen::VectorXd> y(y_out, rows());
    tmp_.noalias() = omega_.transpose() * x;
    y.noalias() = omega_ * tmp_;
  }

 private:
  const EventMatrix& omega_;
  mutable Eigen::VectorXd tmp_;
};

int clamp_rank(const EventMatrix& omega, int rank) {
  return static_cast<int>(std::min<Eigen::Index>({static_cast<Eigen::Index>(rank), omega.rows(), omega.cols()}));
}

}  // namespace

TruncatedSvd truncated_svd_dense(const EventMatrix& omega, int rank) {
  const int eta = clamp_rank(omega, rank);
  const Eigen::MatrixXd dense(omega);
  Eigen::BDCSVD<Eigen::MatrixXd> svd(dense, Eigen::ComputeThinU);
  TruncatedSvd out;
  out.sigma = svd.singularValues().head(eta);
  out.left = svd.matrixU().leftCols(eta);
  return out;
}

TruncatedSvd truncated_svd_lanczos(const EventMatrix& omega, int rank) {
  const int eta = clamp_rank(omega, rank);
  const Eigen::Index n = omega.rows();
  if (eta < 1 || n <= 2 * static_cast<Eigen::Index>(eta) + 1) return truncated_svd_dense(omega, rank);
  GramOp op(omega);
  const Eigen::Index ncv = std::min<Eigen::Index>(n, std::max<Eigen::Index>(2 * eta + 1, 20));
  Spectra::SymEigsSolver<GramOp> eigs(op, eta, ncv);
  eigs.init();
  eigs.compute(Spectra::SortRule::LargestAlge, 1000, 1e-10);
  if (eigs.info() != Spectra::CompInfo::Successful) return truncated_svd_dense(omega, rank);
  TruncatedSvd out;
  const Eigen::VectorXd lambda = eigs.eigenvalues();  // descending
  out.sigma = lambda.unaryExpr([](double v) { return std::sqrt(std::max(v, 0.0)); });
  out.left = eigs.eigenvectors();
  out.lanczos = true;
  return out;
}

}  // namespace learner::spectral
