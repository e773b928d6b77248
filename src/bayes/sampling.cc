#include "sampling.h"

#include <cmath>

namespace learner::bayes {

void draw_gaussian(const Eigen::LLT<Eigen::MatrixXd>& precision_llt, const Eigen::VectorXd& mean, Rng& rng,
                   Eigen::VectorXd& z, Eigen::VectorXd& out) {
  std::normal_distribution<double> normal;
  for (Eigen::Index i = 0; i < z.size(); ++i) z[i] = normal(rng);
  // Solving L^T y = z gives y with covariance L^{-T} L^{-1} = (L L^T)^{-1}.
  out = mean + precision_llt.matrixU().solve(z);
}

Eigen::MatrixXd draw_wishart(const Eigen::MatrixXd& scale, double nu, Rng& rng) {
  const Eigen::Index d = scale.rows();
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(d, d);
  std::normal_distribution<double> normal;
  for (Eigen::Index i = 0; i < d; ++i) {
    std::chi_squared_distribution<double> chi2(nu - static_cast<double>(i));
    a(i, i) = std::sqrt(chi2(rng));
    for (Eigen::Index j = 0; j < i; ++j) a(i, j) = normal(rng);
  }
  const Eigen::MatrixXd l = scale.llt().matrixL();
  const Eigen::MatrixXd la = l * a.triangularView<Eigen::Lower>();
  return la * la.transpose();
}

double draw_inverse_gaussian(double m, double l, Rng& rng) {
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform;
  const double nu = normal(rng), y = nu * nu;
  // Their smaller root m + m^2 y / (2l) - (m / 2l) sqrt(4 m l y + m^2 y^2), rewritten without the
  // cancellation that makes it 0 (and m^2 / x infinite) when m is large.
  const double my = m * y, root = my + std::sqrt(my * my + 4.0 * m * l * y);
  const double x = m * (4.0 * m * l * y) / (root * root);
  if (!(x > 0.0)) return m;  // y == 0: both roots are m
  return uniform(rng) <= m / (m + x) ? x : m * m / x;
}

NormalWishart NormalWishart::standard(int d) {
  NormalWishart p;
  p.mu0 = Eigen::VectorXd::Zero(d);
  p.beta0 = 2.0;
  p.w0_inverse = Eigen::MatrixXd::Identity(d, d);
  p.nu0 = d;
  return p;
}

void draw_hyper(const NormalWishart& prior, const Eigen::MatrixXd& x, Rng& rng, Eigen::VectorXd& mu,
                Eigen::MatrixXd& lambda) {
  const double n = static_cast<double>(x.cols());
  const Eigen::Index d = x.rows();
  Eigen::VectorXd mean = Eigen::VectorXd::Zero(d);
  Eigen::MatrixXd scatter = Eigen::MatrixXd::Zero(d, d);  // sum (x - mean)(x - mean)^T
  if (x.cols() > 0) {
    mean = x.rowwise().mean();
    const Eigen::MatrixXd centred = x.colwise() - mean;
    scatter.selfadjointView<Eigen::Lower>().rankUpdate(centred);
    scatter = scatter.selfadjointView<Eigen::Lower>();
  }
  const double beta = prior.beta0 + n, nu = prior.nu0 + n;
  const Eigen::VectorXd mu_star = (prior.beta0 * prior.mu0 + n * mean) / beta;
  const Eigen::VectorXd diff = prior.mu0 - mean;
  Eigen::MatrixXd w_inverse = prior.w0_inverse + scatter + (prior.beta0 * n / beta) * diff * diff.transpose();
  w_inverse = 0.5 * (w_inverse + w_inverse.transpose());
  const Eigen::MatrixXd w = w_inverse.llt().solve(Eigen::MatrixXd::Identity(d, d));
  lambda = draw_wishart(0.5 * (w + w.transpose()), nu, rng);
  const Eigen::LLT<Eigen::MatrixXd> llt(beta * lambda);
  Eigen::VectorXd z(d);
  draw_gaussian(llt, mu_star, rng, z, mu);
}

}  // namespace learner::bayes
