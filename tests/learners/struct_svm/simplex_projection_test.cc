#include "src/learners/struct_svm/simplex_projection.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "learner/error.h"

namespace learner {
namespace {

// The slow reference: bisection on theta for f(theta) = sum max(0, u_i -
// theta / d_i) = mass (every d_i > 0), run until the bracket stops shrinking.
std::vector<double> reference(const std::vector<double>& u, const std::vector<double>& d, double mass = 1.0) {
  auto f = [&](double theta) {
    double s = 0.0;
    for (std::size_t i = 0; i < u.size(); ++i) s += std::max(0.0, u[i] - theta / d[i]);
    return s;
  };
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (std::size_t i = 0; i < u.size(); ++i) {
    lo = std::min(lo, d[i] * (u[i] - mass));  // f(lo) >= mass: coordinate i alone reaches it
    hi = std::max(hi, d[i] * u[i]);           // f(hi) = 0
  }
  for (int it = 0; it < 5000; ++it) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    (f(mid) >= mass ? lo : hi) = mid;
  }
  // The root is in [lo, hi]; interpolate on the linear piece between them.
  const double flo = f(lo), fhi = f(hi);
  const double theta = flo == fhi ? lo : lo + (hi - lo) * (flo - mass) / (flo - fhi);
  std::vector<double> v(u.size());
  for (std::size_t i = 0; i < u.size(); ++i) v[i] = std::max(0.0, u[i] - theta / d[i]);
  return v;
}

double objective(const std::vector<double>& v, const std::vector<double>& u, const std::vector<double>& d) {
  double s = 0.0;
  for (std::size_t i = 0; i < v.size(); ++i) s += d[i] * (v[i] - u[i]) * (v[i] - u[i]);
  return s;
}

void expect_feasible(const std::vector<double>& v, double mass = 1.0) {
  double s = 0.0;
  for (double x : v) {
    EXPECT_GE(x, 0.0);
    s += x;
  }
  EXPECT_NEAR(s, mass, 1e-9 * std::max(1.0, mass));
}

void expect_near(const std::vector<double>& a, const std::vector<double>& b, double tol) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], tol) << "coordinate " << i;
}

TEST(SimplexProjection, GoldenEuclideanCase) {
  // Unit weights: Duchi et al.; u = (0.5, 0.5, 0.5) -> theta = 0.5 / 3 each.
  expect_near(project_weighted_simplex(std::vector{0.5, 0.5, 0.5}, std::vector{1.0, 1.0, 1.0}),
              {1.0 / 3, 1.0 / 3, 1.0 / 3}, 1e-15);
  // u = (2, 0, -1): theta = 1 with only the first active -> (1, 0, 0).
  expect_near(project_weighted_simplex(std::vector{2.0, 0.0, -1.0}, std::vector{1.0, 1.0, 1.0}), {1, 0, 0}, 1e-15);
}

TEST(SimplexProjection, GoldenWeightedCase) {
  // u = (1, 1), d = (1, 3): v_i = 1 - theta / d_i, sum 1 -> theta (1 + 1/3) = 1,
  // theta = 3/4: v = (1/4, 3/4). The heavier coordinate moves less.
  expect_near(project_weighted_simplex(std::vector{1.0, 1.0}, std::vector{1.0, 3.0}), {0.25, 0.75}, 1e-15);
  // A point already on the simplex is its own projection, whatever d.
  expect_near(project_weighted_simplex(std::vector{0.2, 0.3, 0.5}, std::vector{7.0, 0.01, 2.0}), {0.2, 0.3, 0.5},
              1e-15);
}

TEST(SimplexProjection, SingleCoordinateIsOne) {
  for (double u : {-5.0, 0.0, 0.3, 1.0, 1e6})
    for (double d : {0.0, 1e-12, 1.0, 1e12}) EXPECT_EQ(project_weighted_simplex(std::vector{u}, std::vector{d})[0], 1.0);
}

TEST(SimplexProjection, AllNegativeValues) {
  // All u < 0: every coordinate's breakpoint is negative; the answer still sums to 1.
  const std::vector<double> u = {-3.0, -1.0, -2.0}, d = {1.0, 2.0, 0.5};
  const auto v = project_weighted_simplex(u, d);
  expect_feasible(v);
  expect_near(v, reference(u, d), 1e-12);
  // Breakpoints d u = (-3, -2, -1): the largest, coordinate 3, alone gives
  // f(-2) = -2 + 2 * 2 = 2 >= 1, so theta = (u_3 - 1) / (1 / d_3) = -1.5 and
  // v = (max(0, -3 + 1.5), max(0, -1 + 0.75), -2 + 3) = (0, 0, 1).
  expect_near(v, {0.0, 0.0, 1.0}, 1e-12);
}

TEST(SimplexProjection, MatchesBisectionOnRandomCases) {
  std::mt19937_64 rng(20261123);
  std::uniform_int_distribution<int> size(1, 12), kind(0, 5);
  std::uniform_real_distribution<double> unit(-2.0, 2.0), log10d(-6.0, 6.0);
  int checked = 0;
  for (int c = 0; c < 10000; ++c) {
    const int n = size(rng), k = kind(rng);
    std::vector<double> u(n), d(n);
    for (int i = 0; i < n; ++i) {
      switch (k) {
        case 0:  // ties: few distinct values and weights, so breakpoints coincide
          u[i] = 0.25 * std::floor(unit(rng) * 2);
          d[i] = (i % 2) ? 1.0 : 2.0;
          break;
        case 1:  // tiny and huge weights
          u[i] = unit(rng);
          d[i] = std::pow(10.0, log10d(rng));
          break;
        case 2:  // every value negative
          u[i] = -std::fabs(unit(rng)) - 1e-3;
          d[i] = std::pow(10.0, log10d(rng) / 3);
          break;
        case 3:  // ties in breakpoints with different u and d: d u = 0.5
          d[i] = 1 << (i % 3);
          u[i] = 0.5 / d[i];
          break;
        default:
          u[i] = unit(rng);
          d[i] = std::pow(10.0, log10d(rng) / 3);
      }
    }
    const auto v = project_weighted_simplex(u, d);
    const auto r = reference(u, d);
    expect_feasible(v);
    expect_near(v, r, 1e-9);
    EXPECT_LE(objective(v, u, d), objective(r, u, d) * (1 + 1e-12) + 1e-12);
    if (testing::Test::HasFailure()) {
      ADD_FAILURE() << "case " << c << " kind " << k << " n " << n;
      return;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 10000);
}

TEST(SimplexProjection, ExtremeWeightsKeepTheSum) {
  // Weights 1e-12 and 1e12 together: the heavy coordinate stays at u, the light one absorbs the rest.
  const std::vector<double> u = {0.3, 0.9, -0.4}, d = {1e12, 1e-12, 1.0};
  const auto v = project_weighted_simplex(u, d);
  expect_feasible(v);
  expect_near(v, reference(u, d), 1e-9);
  EXPECT_NEAR(v[0], 0.3, 1e-9);
  EXPECT_NEAR(v[1], 0.7, 1e-9);
  EXPECT_EQ(v[2], 0.0);
}

TEST(SimplexProjection, ZeroWeightsAreTheLimitOfEqualTinyWeights) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), weight(0.5, 4.0);
  std::bernoulli_distribution zero(0.4);
  for (int c = 0; c < 2000; ++c) {
    const int n = 1 + c % 8;
    std::vector<double> u(n), d(n), d_eps(n);
    for (int i = 0; i < n; ++i) {
      u[i] = unit(rng) * (c % 2 ? 0.4 : 1.5);  // both the s < 1 and the s >= 1 cases
      d[i] = zero(rng) ? 0.0 : weight(rng);
      d_eps[i] = d[i] == 0.0 ? 1e-13 : d[i];
    }
    const auto v = project_weighted_simplex(u, d);
    expect_feasible(v);
    expect_near(v, reference(u, d_eps), 1e-9);
    if (testing::Test::HasFailure()) {
      ADD_FAILURE() << "case " << c;
      return;
    }
  }
}

TEST(SimplexProjection, ZeroWeightRules) {
  // s = 0.2 + 0.3 < 1 on the weighted part: it keeps its values, the free
  // coordinates share 0.5 by a Euclidean projection of (0.4, -0.2): (0.5, 0).
  expect_near(project_weighted_simplex(std::vector{0.2, 0.3, 0.4, -0.2}, std::vector{1.0, 5.0, 0.0, 0.0}),
              {0.2, 0.3, 0.5, 0.0}, 1e-15);
  // s = 1.5 >= 1: the free coordinates get nothing, the rest is projected.
  expect_near(project_weighted_simplex(std::vector{1.0, 0.5, 0.9}, std::vector{1.0, 1.0, 0.0}), {0.75, 0.25, 0.0},
              1e-15);
  // Every weight zero: the Euclidean projection.
  expect_near(project_weighted_simplex(std::vector{0.5, 0.5, 0.5}, std::vector{0.0, 0.0, 0.0}),
              {1.0 / 3, 1.0 / 3, 1.0 / 3}, 1e-15);
}

TEST(SimplexProjection, OtherMass) {
  const std::vector<double> u = {1.0, 2.0, -1.0}, d = {1.0, 0.5, 3.0};
  const auto v = project_weighted_simplex(u, d, 2.5);
  expect_feasible(v, 2.5);
  expect_near(v, reference(u, d, 2.5), 1e-12);
}

TEST(SimplexProjection, BadInputsAreErrors) {
  const std::vector<double> none;
  EXPECT_THROW(project_weighted_simplex(none, none), Error);
  EXPECT_THROW(project_weighted_simplex(std::vector{1.0, 2.0}, std::vector{1.0}), Error);
  EXPECT_THROW(project_weighted_simplex(std::vector{1.0}, std::vector{-1.0}), Error);
  EXPECT_THROW(project_weighted_simplex(std::vector{std::nan("")}, std::vector{1.0}), Error);
  EXPECT_THROW(project_weighted_simplex(std::vector{1.0}, std::vector{std::numeric_limits<double>::infinity()}), Error);
  EXPECT_THROW(project_weighted_simplex(std::vector{1.0}, std::vector{1.0}, 0.0), Error);
}

}  // namespace
}  // namespace learner
