// The polynomial decision function (learner/spectral/polynomial.h): the basis, golden
// Chebyshev values and exact recovery of polynomials by the regression.
#include <gtest/gtest.h>

#include <random>

#include "learner/spectral/polynomial.h"

namespace learner::spectral {
namespace {

TEST(Polynomial, TotalDegreeBasisHasBinomialSizeAndGradedOrder) {
  EXPECT_EQ(total_degree_exponents(2, 1).size(), 3u);   // 1, s1, s2
  EXPECT_EQ(total_degree_exponents(2, 2).size(), 6u);   // + s1^2, s1 s2, s2^2
  EXPECT_EQ(total_degree_exponents(5, 3).size(), 56u);  // C(8, 3)
  EXPECT_EQ(total_degree_exponents(10, 3).size(), 286u);
  const auto e = total_degree_exponents(2, 2);
  EXPECT_EQ(e[0], (std::vector<int>{0, 0}));
  EXPECT_EQ(e[1], (std::vector<int>{1, 0}));
  EXPECT_EQ(e[2], (std::vector<int>{0, 1}));
  EXPECT_EQ(e[3], (std::vector<int>{2, 0}));
  EXPECT_EQ(e[4], (std::vector<int>{1, 1}));
  EXPECT_EQ(e[5], (std::vector<int>{0, 2}));
}

TEST(Polynomial, ChebyshevGoldenValues) {
  EXPECT_DOUBLE_EQ(chebyshev(0, 0.3), 1.0);
  EXPECT_DOUBLE_EQ(chebyshev(1, 0.3), 0.3);
  EXPECT_DOUBLE_EQ(chebyshev(2, 0.3), 2 * 0.09 - 1);         // -0.82
  EXPECT_DOUBLE_EQ(chebyshev(3, 0.3), 4 * 0.027 - 3 * 0.3);  // -0.792
  for (double x : {-0.9, -0.2, 0.5, 1.0}) EXPECT_NEAR(chebyshev(5, x), std::cos(5 * std::acos(x)), 1e-12);
}

// Rows of s, targets y = f(s) for a cubic f in two variables; both bases recover f exactly.
TEST(Polynomial, OrderThreeRegressionRecoversACubicInBothBases) {
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(-2.0, 3.0);
  auto f = [](double a, double b) { return 0.5 - 2.0 * a + 3.0 * a * b + 0.25 * b * b * b; };
  Eigen::MatrixXd s(40, 2);
  Eigen::VectorXd y(40);
  for (int i = 0; i < 40; ++i) {
    s(i, 0) = u(rng);
    s(i, 1) = u(rng);
    y[i] = f(s(i, 0), s(i, 1));
  }
  for (Basis basis : {Basis::kMonomial, Basis::kChebyshev}) {
    const PolynomialFit fit(s, y, 3, basis, 0.0);
    EXPECT_EQ(fit.order(), 3);
    EXPECT_EQ(fit.coefficients().size(), 10);
    for (double a : {-1.5, 0.0, 2.5})
      for (double b : {-1.0, 1.0}) {
        const double q[2] = {a, b};
        EXPECT_NEAR(fit(q), f(a, b), 1e-6);
      }
  }
}

// Linear least squares golden values: y = (0, 1, 1, 3) at s = 0, 1, 2, 3 -> y = -0.1 + 0.9 s.
TEST(Polynomial, LinearFitGoldenValues) {
  Eigen::MatrixXd s(4, 1);
  s << 0, 1, 2, 3;
  Eigen::VectorXd y(4);
  y << 0, 1, 1, 3;
  const PolynomialFit fit(s, y, 1, Basis::kMonomial, 0.0);
  const double at0[1] = {0.0}, at5[1] = {5.0};
  EXPECT_NEAR(fit(at0), -0.1, 1e-9);
  EXPECT_NEAR(fit(at5), 4.4, 1e-9);
}

TEST(Polynomial, OrderIsLoweredUntilThereIsAnEquationPerTerm) {
  Eigen::MatrixXd s(5, 2);  // order 2 needs 6 rows, order 1 needs 3
  s << 0, 1, 1, 0, 2, 2, 3, 1, 4, 0;
  Eigen::VectorXd y(5);
  y << 1, 0, 1, 0, 1;
  EXPECT_EQ(PolynomialFit(s, y, 2, Basis::kMonomial, 0.0).order(), 1);
  const PolynomialFit mean(s.topRows(2), y.head(2), 3, Basis::kMonomial, 0.0);
  EXPECT_EQ(mean.order(), 0);  // 2 rows < 3 terms of order 1: the mean
  const double q[2] = {7.0, 7.0};
  EXPECT_NEAR(mean(q), 0.5, 1e-9);
}

TEST(Polynomial, RidgeShrinksTowardsTheMean) {
  Eigen::MatrixXd s(4, 1);
  s << 0, 1, 2, 3;
  Eigen::VectorXd y(4);
  y << 0, 1, 1, 3;
  const double at3[1] = {3.0};
  const double plain = PolynomialFit(s, y, 1, Basis::kMonomial, 0.0)(at3);
  const double strong = PolynomialFit(s, y, 1, Basis::kMonomial, 1e9)(at3);
  EXPECT_NEAR(strong, 1.25, 1e-6);  // the mean of y
  EXPECT_GT(plain, 2.5);
}

TEST(Polynomial, BadShapesThrow) {
  EXPECT_THROW(PolynomialFit(Eigen::MatrixXd(0, 2), Eigen::VectorXd(0), 1, Basis::kMonomial, 0.0),
               std::invalid_argument);
  EXPECT_THROW(PolynomialFit(Eigen::MatrixXd(3, 2), Eigen::VectorXd(2), 1, Basis::kMonomial, 0.0),
               std::invalid_argument);
}

}  // namespace
}  // namespace learner::spectral
