// The draws of learner/bayes/sampling.h: moments of many draws against their closed forms.
#include "src/bayes/sampling.h"

#include <gtest/gtest.h>

namespace learner::bayes {
namespace {

Eigen::MatrixXd spd3() {
  Eigen::MatrixXd m(3, 3);
  m << 2.0, 0.5, 0.1, 0.5, 1.0, -0.3, 0.1, -0.3, 0.8;
  return m;
}

TEST(Sampling, GaussianFromPrecisionHasTheInverseAsCovariance) {
  const Eigen::MatrixXd precision = spd3();
  const Eigen::LLT<Eigen::MatrixXd> llt(precision);
  Eigen::VectorXd mean(3), z(3), x(3);
  mean << 1.0, -2.0, 0.5;
  Rng rng(7);
  const int n = 40000;
  Eigen::VectorXd sum = Eigen::VectorXd::Zero(3);
  Eigen::MatrixXd outer = Eigen::MatrixXd::Zero(3, 3);
  for (int i = 0; i < n; ++i) {
    draw_gaussian(llt, mean, rng, z, x);
    sum += x;
    outer += (x - mean) * (x - mean).transpose();
  }
  const Eigen::MatrixXd covariance = precision.inverse();
  EXPECT_LT(((sum / n) - mean).cwiseAbs().maxCoeff(), 0.03);
  EXPECT_LT(((outer / n) - covariance).cwiseAbs().maxCoeff(), 0.03);
}

TEST(Sampling, WishartMeanIsNuTimesScale) {
  const Eigen::MatrixXd scale = spd3() * 0.5;
  const double nu = 6.0;
  Rng rng(11);
  const int n = 20000;
  Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(3, 3);
  for (int i = 0; i < n; ++i) {
    const Eigen::MatrixXd a = draw_wishart(scale, nu, rng);
    ASSERT_LT((a - a.transpose()).cwiseAbs().maxCoeff(), 1e-12);  // symmetric
    sum += a;
  }
  EXPECT_LT(((sum / n) - nu * scale).cwiseAbs().maxCoeff(), 0.06);
}

TEST(Sampling, HyperPosteriorConcentratesOnTheDataMoments) {
  // 5000 vectors from N(m, P^{-1}): the drawn (mu, Lambda) must be near (m, P).
  const Eigen::MatrixXd precision = spd3();
  Eigen::VectorXd m(3), z(3), x(3);
  m << 0.5, -1.0, 2.0;
  const Eigen::LLT<Eigen::MatrixXd> llt(precision);
  Rng rng(3);
  Eigen::MatrixXd data(3, 5000);
  for (Eigen::Index c = 0; c < data.cols(); ++c) {
    draw_gaussian(llt, m, rng, z, x);
    data.col(c) = x;
  }
  Eigen::VectorXd mu;
  Eigen::MatrixXd lambda;
  draw_hyper(NormalWishart::standard(3), data, rng, mu, lambda);
  EXPECT_LT((mu - m).cwiseAbs().maxCoeff(), 0.08);
  EXPECT_LT((lambda - precision).cwiseAbs().maxCoeff(), 0.15);
}

TEST(Sampling, HyperPriorAloneWithNoVectors) {
  // With no data the draw is from the prior: Lambda ~ Wishart(I, d), so E[Lambda] = d I.
  Rng rng(5);
  Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(2, 2);
  Eigen::VectorXd mu;
  Eigen::MatrixXd lambda;
  const Eigen::MatrixXd none(2, 0);
  for (int i = 0; i < 20000; ++i) {
    draw_hyper(NormalWishart::standard(2), none, rng, mu, lambda);
    sum += lambda;
  }
  EXPECT_LT(((sum / 20000.0) - 2.0 * Eigen::MatrixXd::Identity(2, 2)).cwiseAbs().maxCoeff(), 0.06);
}

}  // namespace
}  // namespace learner::bayes

namespace learner::bayes {
namespace {

TEST(Sampling, InverseGaussianMeanAndVariance) {
  // Mean m, variance m^3 / l.
  for (const auto& [m, l] : {std::pair{1.0, 2.0}, std::pair{0.5, 8.0}, std::pair{3.0, 1.0}}) {
    Rng rng(13);
    const int n = 100000;
    double sum = 0.0, sq = 0.0;
    for (int i = 0; i < n; ++i) {
      const double x = draw_inverse_gaussian(m, l, rng);
      ASSERT_GT(x, 0.0);
      sum += x;
      sq += x * x;
    }
    const double mean = sum / n, variance = sq / n - mean * mean;
    EXPECT_NEAR(mean, m, 0.02 * m + 0.01) << m << ' ' << l;
    EXPECT_NEAR(variance, m * m * m / l, 0.1 * m * m * m / l) << m << ' ' << l;
  }
}

TEST(Sampling, InverseGaussianWithAHugeMeanStaysFiniteAndPositive) {
  // The textbook root m + m^2 y / 2l - (m / 2l) sqrt(4 m l y + m^2 y^2) cancels to 0 here, and
  // its reciprocal (the Laplace mixing variance's weight) to infinity: the Laplace sampler's NaNs.
  Rng rng(17);
  for (int i = 0; i < 10000; ++i) {
    const double x = draw_inverse_gaussian(4e9, 4.0, rng);
    ASSERT_TRUE(std::isfinite(x) && x > 0.0) << x;
    ASSERT_TRUE(std::isfinite(1.0 / x)) << x;
  }
}

}  // namespace
}  // namespace learner::bayes
