// PredictionPath: evaluation, slope, accurate differences, inverse, and the
// cancellation-free dyadic part (docs/dyadic-update.md section 2).
#include "learner/loss/path.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "dyadic_helper.h"

namespace learner {
namespace {

using testing::DyadicState;
using testing::random_state;

TEST(PathTest, AtZeroIsThePredictionAndMatchesTheVectorDynamics) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 2000; ++i) {
    const DyadicState s = random_state(rng);
    const PredictionPath path = s.path();
    const double scale = path.magnitude(0.0) + 1e-300;
    EXPECT_NEAR(path.at(0.0), s.prediction(), 1e-13 * scale);
    for (double t : {-0.7, -0.1, 0.05, 0.3, 1.1}) {
      const DyadicState moved = s.advanced(t);
      EXPECT_NEAR(path.at(t), moved.prediction(), 1e-11 * path.magnitude(t)) << i << " t=" << t;
    }
  }
}

TEST(PathTest, SlopeMatchesCentralDifferences) {
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<double> ut(-2.0, 2.0);
  for (int i = 0; i < 2000; ++i) {
    DyadicState s = random_state(rng);
    s.mu = i % 3 == 0 ? 0.7 : 0.0;
    const PredictionPath path = s.path();
    const double t = ut(rng) / (1.0 + path.kappa), h = 0.4;
    const double e = 1e-5 * (1.0 + std::fabs(t));
    const double fd = (path.at(t + e, h) - path.at(t - e, h)) / (2.0 * e);
    EXPECT_NEAR(path.slope(t, h), fd, 1e-6 * (path.slope(t, h) + path.magnitude(t, h)));
    EXPECT_GE(path.slope(t, h), path.q);  // p is non-decreasing in t
  }
}

TEST(PathTest, ChangeAgreesWithDifferencesAndStaysAccurateForTinySteps) {
  std::mt19937_64 rng(13);
  for (int i = 0; i < 2000; ++i) {
    const PredictionPath path = random_state(rng).path();
    const double t_ref = 0.5;
    const double dt = 0.3;
    EXPECT_NEAR(path.change(t_ref, dt), path.at(t_ref + dt) - path.at(t_ref),
                1e-12 * path.magnitude(t_ref + dt));
    // For tiny dt the change is slope * dt to second order, far below the rounding of at().
    const double tiny = 1e-13;
    EXPECT_NEAR(path.change(t_ref, tiny), path.slope(t_ref) * tiny,
                1e-9 * path.slope(t_ref) * tiny);
  }
}

TEST(PathTest, InverseRoundTripsOnTheSafeSide) {
  std::mt19937_64 rng(14);
  std::uniform_real_distribution<double> ut(-3.0, 3.0);
  for (int i = 0; i < 5000; ++i) {
    const PredictionPath path = random_state(rng).path();
    const double t_true = ut(rng) / (0.1 + path.kappa);
    const double target = path.at(t_true);
    const double t = path.inverse(target);
    const double p0 = path.at(0.0);
    ASSERT_TRUE(std::isfinite(t));
    if (std::fabs(t_true) >= PredictionPath::kMaxStep) continue;
    EXPECT_NEAR(path.at(t), target, 1e-12 * path.magnitude(t) + 1e-300) << i;
    // never past the target, seen from p0
    const double d = target > p0 ? 1.0 : -1.0;
    if (target != p0) {
      EXPECT_LE(d * (path.at(t) - target), 0.0) << i;
    }
    if (path.slope(t_true) > 1e-6 * path.magnitude(t_true)) {
      EXPECT_NEAR(t, t_true, 1e-6 * (std::fabs(t_true) + 1e-3)) << i;
    }
  }
}

TEST(PathTest, InverseOnTheLinearPath) {
  const PredictionPath lin = PredictionPath::linear(0.25, 0.5);
  EXPECT_TRUE(lin.is_linear());
  EXPECT_DOUBLE_EQ(lin.inverse(1.25), 2.0);
  EXPECT_DOUBLE_EQ(lin.inverse(-0.75), -2.0);
  EXPECT_EQ(lin.inverse(0.25), 0.0);
  const PredictionPath flat = PredictionPath::linear(0.25, 0.0);
  EXPECT_EQ(flat.inverse(1.0), PredictionPath::kMaxStep);
  EXPECT_EQ(flat.inverse(-1.0), -PredictionPath::kMaxStep);
  EXPECT_EQ(flat.inverse(0.25), 0.0);
  const PredictionPath huge = PredictionPath::linear(0.0, 1e-12);
  EXPECT_EQ(huge.inverse(1.0), PredictionPath::kMaxStep);
}

TEST(PathTest, UnreachableTargetsReturnTheCap) {
  // A0 = -B0 exactly (P = 0) and no linear part: p rises toward p_lin0 but never reaches it.
  PredictionPath path;
  path.p_lin0 = 1.0;
  path.kappa = 0.8;
  path.M = 2.0;
  EXPECT_FALSE(path.is_linear());
  EXPECT_EQ(path.inverse(1.5), PredictionPath::kMaxStep);
  const double t = path.inverse(-3.0);  // downwards the M term is unbounded
  EXPECT_LT(t, 0.0);
  EXPECT_NEAR(path.at(t), -3.0, 1e-12 * path.magnitude(t));
  EXPECT_EQ(path.inverse(1e308), PredictionPath::kMaxStep);
}

TEST(PathTest, NearHyperdiagonalKeepsTheSmallTermExact) {
  // A0 = -B0 + eps e (r = 1): P = |eps e|^2 / 2 must be computed from the vectors.
  DyadicState s;
  s.A = {0.8, -1.3, 0.4};
  const double eps = 1e-6;
  s.B = {-0.8 + eps, 1.3 + 2 * eps, -0.4 - eps};
  s.lin = 0.1;
  s.q = 0.0;
  const PredictionPath path = s.path();
  EXPECT_NEAR(path.P, 0.5 * 6.0 * eps * eps, 1e-9 * path.P);
  // At t where the tiny P term has grown to O(1), compare with a long double
  // evaluation of A(t) . B(t) from the cosh/sinh formulas.
  const double t = std::log(1.0 / eps) / path.kappa;
  long double dot = 0.0L;
  const long double ch = std::cosh(static_cast<long double>(t));
  const long double sh = std::sinh(static_cast<long double>(t));
  for (size_t i = 0; i < s.A.size(); ++i) {
    const long double a = s.A[i] * ch + s.B[i] * sh;
    const long double b = s.B[i] * ch + s.A[i] * sh;
    dot += a * b;
  }
  const double reference = static_cast<double>(dot) + s.lin;
  EXPECT_NEAR(path.at(t), reference, 1e-8 * std::fabs(reference));
  // The naive d + c of the design note would have lost every digit of P here.
  double d = 0.0, c = 0.0;
  for (size_t i = 0; i < s.A.size(); ++i) {
    d += 0.5 * (s.A[i] * s.A[i] + s.B[i] * s.B[i]);
    c += s.A[i] * s.B[i];
  }
  EXPECT_GT(std::fabs((d + c) - path.P), 1e-6 * path.P);
}

TEST(PathTest, ExtremeArgumentsSaturateInsteadOfOverflowing) {
  PredictionPath path;
  path.kappa = 3.0;
  path.P = 1e200;
  path.M = 1e200;
  path.q = 1e10;
  for (double t : {-1e6, -1e3, 0.0, 1e3, 1e6}) {
    EXPECT_TRUE(std::isfinite(path.at(t))) << t;
    EXPECT_TRUE(std::isfinite(path.slope(t))) << t;
    EXPECT_TRUE(std::isfinite(path.magnitude(t))) << t;
    EXPECT_LE(std::fabs(path.at(t)), PredictionPath::kHuge);
  }
  EXPECT_EQ(path.inverse(std::numeric_limits<double>::max()), PredictionPath::kMaxStep);
  EXPECT_TRUE(std::isfinite(path.inverse(1e250)));
  EXPECT_EQ(path.inverse(std::nan("")), 0.0);
}

}  // namespace
}  // namespace learner
