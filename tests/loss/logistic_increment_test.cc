// The logistic loss's exact increment (src/loss/logistic_increment.h): the
// root of delta + e^{z0} expm1(delta) = sigma to a few ulp, in three or four
// steps. Newton's method from the same start (the capped loop below) took
// five to seven, and spun to its 100-step cap on the stalled pairs, taken from
// a logistic run over throughput.sh's synthetic text (1.4 % of its updates).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "src/loss/logistic_increment.h"
#include "src/loss/numeric.h"

namespace learner::detail {
namespace {

// Newton's method from the same start, capped at 100 steps: what
// logistic_increment returned before Halley's steps.
double capped_newton(double z0, double sigma, int& steps) {
  steps = 0;
  const double bound = softplus(std::log(sigma) - z0);
  const double c = std::exp(z0);
  double delta = std::fmin(sigma, bound);
  for (int it = 0; it < 100; ++it) {
    ++steps;
    const double em = c * std::expm1(delta);
    const double f = delta + em - sigma;
    if (!(f > 0.0)) break;
    const double step = f / (1.0 + c + em);
    delta -= step;
    if (step <= 1e-17 * delta) break;
  }
  return delta;
}

// The root in long double (64-bit mantissa: 2^11 times finer than double's),
// by Newton's method from a double answer.
long double precise_root(double z0, double sigma, double near) {
  const long double c = std::exp(static_cast<long double>(z0));
  long double d = near;
  for (int it = 0; it < 50; ++it) {
    const long double em = c * std::expm1(d);
    const long double step = (d + em - sigma) / (1.0L + c + em);
    d -= step;
    if (std::fabs(step) <= 1e-19L * std::fabs(d)) break;
  }
  return d;
}

// |delta - root| in ulps of delta.
double ulps_off(double delta, long double root) {
  const double ulp = std::nextafter(std::fabs(delta), INFINITY) - std::fabs(delta);
  return static_cast<double>(std::fabs(static_cast<long double>(delta) - root) / ulp);
}

TEST(LogisticIncrement, StalledPairsEndInAFewStepsAtTheRoot) {
  const double stalled[][2] = {{-0.14737793803215027, 3.8720127249309866},
                               {0.01679057627916336, 3.8458262032393944},
                               {-0.05719895660877228, 3.856191635576361},
                               {-0.20767396688461304, 3.6000964299203964},
                               {-0.20112505555152893, 3.8429904403299475}};
  for (const auto& pair : stalled) {
    int before = 0, steps = 0;
    const double reference = capped_newton(pair[0], pair[1], before);
    ASSERT_EQ(before, 100) << "the pair no longer stalls Newton's loop: pick another";
    const double delta = logistic_increment(pair[0], pair[1], &steps);
    EXPECT_LE(steps, 4) << pair[0] << " " << pair[1];
    EXPECT_LE(ulps_off(delta, precise_root(pair[0], pair[1], reference)), 2.0) << pair[0] << " " << pair[1];
  }
}

TEST(LogisticIncrement, AFewUlpsFromTheRootInAFewStepsEverywhere) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> z(-30.0, 40.0), log_sigma(-20.0, 12.0);
  int stalls = 0, newton_steps = 0, steps_total = 0;
  double worst = 0.0;
  for (int i = 0; i < 20000; ++i) {
    const double z0 = z(rng), sigma = std::exp(log_sigma(rng));
    int before = 0, steps = 0;
    const double reference = capped_newton(z0, sigma, before);
    const double delta = logistic_increment(z0, sigma, &steps);
    const double off = ulps_off(delta, precise_root(z0, sigma, reference));
    worst = std::fmax(worst, off);
    ASSERT_LE(off, 8.0) << z0 << " " << sigma << ": " << delta << " against Newton's " << reference;
    ASSERT_LE(steps, 5) << z0 << " " << sigma;
    ASSERT_GE(delta, 0.0);
    ASSERT_LT(delta, sigma);
    stalls += before == 100;
    newton_steps += before;
    steps_total += steps;
  }
  EXPECT_GT(stalls, 0) << "the sweep no longer holds a pair that stalled Newton's loop";
  EXPECT_LT(steps_total, newton_steps * 2 / 3) << "Halley's steps: a third fewer expm1 calls at least";
  RecordProperty("worst_ulps", std::to_string(worst));
}

TEST(LogisticIncrement, EdgeCases) {
  int steps = -1;
  EXPECT_EQ(logistic_increment(0.0, 0.0, &steps), 0.0);
  EXPECT_EQ(steps, 0);
  EXPECT_EQ(logistic_increment(0.0, -1.0), 0.0);
  EXPECT_TRUE(std::isinf(logistic_increment(0.0, INFINITY)));
  // z0 > 40: the bound log1p(sigma e^{-z0}), no step.
  EXPECT_NEAR(logistic_increment(50.0, 2.0, &steps), 2.0 * std::exp(-50.0), 1e-30);
  EXPECT_EQ(steps, 0);
  // Tiny sigma: delta = sigma / (1 + e^{z0}) to first order.
  EXPECT_NEAR(logistic_increment(0.0, 1e-12), 0.5e-12, 1e-24);
  // Huge sigma against a very wrong prediction: delta near sigma, finite.
  const double big = logistic_increment(-30.0, 1e5, &steps);
  EXPECT_TRUE(std::isfinite(big));
  EXPECT_LT(big, 1e5);
  EXPECT_LE(steps, 5);
}

}  // namespace
}  // namespace learner::detail
