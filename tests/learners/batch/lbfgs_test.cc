// The L-BFGS two-loop recursion (Nocedal & Wright, Algorithm 7.4) and the
// PR+ conjugate direction (eq. 5.45), by their defining properties.
#include <gtest/gtest.h>

#include <Eigen/Dense>

#include "src/learners/batch/conjugate_gradient.h"
#include "src/learners/batch/lbfgs.h"

namespace learner {
namespace {

Eigen::VectorXd vec(std::initializer_list<double> v) {
  Eigen::VectorXd x(static_cast<Eigen::Index>(v.size()));
  Eigen::Index i = 0;
  for (double a : v) x[i++] = a;
  return x;
}

TEST(LbfgsMemory, WithoutPairsAppliesTheDiagonal) {
  LbfgsMemory m(3, 2);
  Eigen::VectorXd r;
  m.apply(vec({2, -4}), vec({0.5, 0.25}), r);
  EXPECT_DOUBLE_EQ(r[0], 1.0);
  EXPECT_DOUBLE_EQ(r[1], -1.0);
}

// Every BFGS inverse satisfies the secant equation H y_k = s_k for the newest pair.
TEST(LbfgsMemory, SatisfiesTheSecantEquationForTheNewestPair) {
  LbfgsMemory m(2, 3);
  const Eigen::VectorXd d = vec({1.0, 0.5, 2.0});
  ASSERT_TRUE(m.push(vec({1, 0, 0.5}), vec({2, 0.1, 1})));
  ASSERT_TRUE(m.push(vec({0.2, 1, -0.3}), vec({0.5, 3, -0.2})));
  Eigen::VectorXd r;
  m.apply(vec({0.5, 3, -0.2}), d, r);
  EXPECT_NEAR(r[0], 0.2, 1e-12);
  EXPECT_NEAR(r[1], 1.0, 1e-12);
  EXPECT_NEAR(r[2], -0.3, 1e-12);
  EXPECT_EQ(m.size(), 2u);
}

// On a quadratic 1/2 x'Ax with n = 2 and A-conjugate steps (y = A s,
// s1'A s2 = 0, what exact line searches give), the matrix is A's exact
// inverse (the hereditary property, N&W section 6.4).
TEST(LbfgsMemory, RecoversTheInverseOfAQuadraticsHessian) {
  Eigen::Matrix2d a;
  a << 3, 1, 1, 2;
  LbfgsMemory m(5, 2);
  const Eigen::VectorXd s1 = vec({1, 0}), s2 = vec({1, -3});  // s1'A s2 = 3 - 3 = 0
  ASSERT_TRUE(m.push(s1, a * s1));
  ASSERT_TRUE(m.push(s2, a * s2));
  const Eigen::VectorXd g = vec({0.7, -1.1});
  Eigen::VectorXd r;
  m.apply(g, vec({1, 1}), r);
  const Eigen::VectorXd exact = a.inverse() * g;
  EXPECT_NEAR(r[0], exact[0], 1e-12);
  EXPECT_NEAR(r[1], exact[1], 1e-12);
}

TEST(LbfgsMemory, RefusesPairsWithoutPositiveCurvature) {
  LbfgsMemory m(2, 2);
  EXPECT_FALSE(m.push(vec({1, 0}), vec({-1, 0})));
  EXPECT_FALSE(m.push(vec({1, 0}), vec({0, 1})));
  EXPECT_EQ(m.size(), 0u);
}

TEST(LbfgsMemory, KeepsOnlyTheLastMPairs) {
  LbfgsMemory m(1, 2);
  ASSERT_TRUE(m.push(vec({1, 0}), vec({1, 0})));
  ASSERT_TRUE(m.push(vec({0, 2}), vec({0, 1})));
  EXPECT_EQ(m.size(), 1u);
  Eigen::VectorXd r;
  m.apply(vec({0, 1}), vec({1, 1}), r);  // only the second pair: H y2 = s2
  EXPECT_NEAR(r[0], 0.0, 1e-12);
  EXPECT_NEAR(r[1], 2.0, 1e-12);
}

TEST(LbfgsMemory, RefusesZeroMemory) { EXPECT_ANY_THROW(LbfgsMemory(0, 2)); }

TEST(ConjugateGradient, PolakRibierePlusGoldenValue) {
  // g_new.D(g_new - g_old) / g_old.D g_old = (1*2*(1-2) + 1*1*(1-0)) / (2*2*2) = -1/8 -> 0 (PR+)
  EXPECT_DOUBLE_EQ(polak_ribiere_plus(vec({1, 1}), vec({2, 0}), vec({2, 1})), 0.0);
  // (3*1*(3-1) + 1*1*(1-1)) / (1 + 1) = 3
  EXPECT_DOUBLE_EQ(polak_ribiere_plus(vec({3, 1}), vec({1, 1}), vec({1, 1})), 3.0);
  EXPECT_DOUBLE_EQ(polak_ribiere_plus(vec({3, 1}), vec({0, 0}), vec({1, 1})), 0.0);  // no previous gradient
}

TEST(ConjugateGradient, DirectionIsPreconditionedSteepestDescentPlusMomentum) {
  Eigen::VectorXd d = vec({1, -1});
  conjugate_direction(vec({2, 4}), vec({0.5, 1}), 2.0, d);
  EXPECT_DOUBLE_EQ(d[0], 2.0 - 1.0);
  EXPECT_DOUBLE_EQ(d[1], -2.0 - 4.0);
}

}  // namespace
}  // namespace learner
