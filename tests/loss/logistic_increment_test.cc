// The logistic loss's exact increment (src/loss/logistic_increment.h): the
// root of delta + e^{z0} expm1(delta) = sigma by Newton's method. Pins that a
// step lost below delta's last bit ends the iteration: these (z0, sigma)
// pairs, taken from a logistic run over throughput.sh's synthetic text, made
// the loop spin to its 100-step cap, and 1.4 % of that run's updates did.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "src/loss/logistic_increment.h"
#include "src/loss/numeric.h"

namespace learner::detail {
namespace {

// The iteration without the stall test, capped at 100 steps: what
// logistic_increment returned before; the new stopping rule must not change
// a single bit of it.
double capped_reference(double z0, double sigma, int& steps) {
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

TEST(LogisticIncrement, StalledStepsEndTheIterationWithTheSameBits) {
  const double stalled[][2] = {{-0.14737793803215027, 3.8720127249309866},
                               {0.01679057627916336, 3.8458262032393944},
                               {-0.05719895660877228, 3.856191635576361},
                               {-0.20767396688461304, 3.6000964299203964},
                               {-0.20112505555152893, 3.8429904403299475}};
  for (const auto& pair : stalled) {
    int before = 0, steps = 0;
    const double reference = capped_reference(pair[0], pair[1], before);
    ASSERT_EQ(before, 100) << "the pair no longer stalls the capped loop: pick another";
    const double delta = logistic_increment(pair[0], pair[1], &steps);
    EXPECT_EQ(delta, reference) << pair[0] << " " << pair[1];
    EXPECT_LE(steps, 10) << pair[0] << " " << pair[1];
  }
}

TEST(LogisticIncrement, SameBitsAsTheCappedLoopAndFewStepsEverywhere) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> z(-30.0, 40.0), log_sigma(-20.0, 12.0);
  int stalls = 0;
  for (int i = 0; i < 20000; ++i) {
    const double z0 = z(rng), sigma = std::exp(log_sigma(rng));
    int before = 0, steps = 0;
    const double reference = capped_reference(z0, sigma, before);
    const double delta = logistic_increment(z0, sigma, &steps);
    ASSERT_EQ(delta, reference) << z0 << " " << sigma;
    EXPECT_LE(steps, 12) << z0 << " " << sigma;
    EXPECT_GE(delta, 0.0);
    EXPECT_LE(delta, sigma);
    stalls += before == 100;
  }
  EXPECT_GT(stalls, 0) << "the sweep no longer holds a pair that stalled the capped loop";
}

TEST(LogisticIncrement, EdgeCases) {
  int steps = -1;
  EXPECT_EQ(logistic_increment(0.0, 0.0, &steps), 0.0);
  EXPECT_EQ(steps, 0);
  EXPECT_EQ(logistic_increment(0.0, -1.0), 0.0);
  EXPECT_TRUE(std::isinf(logistic_increment(0.0, INFINITY)));
  // z0 > 40: the bound log1p(sigma e^{-z0}), no Newton step.
  EXPECT_NEAR(logistic_increment(50.0, 2.0, &steps), 2.0 * std::exp(-50.0), 1e-30);
  EXPECT_EQ(steps, 0);
  // Tiny sigma: delta = sigma / (1 + e^{z0}) to first order.
  EXPECT_NEAR(logistic_increment(0.0, 1e-12), 0.5e-12, 1e-24);
}

}  // namespace
}  // namespace learner::detail
