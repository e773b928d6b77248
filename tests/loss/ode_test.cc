// The Dormand-Prince driver (src/loss/ode.h).
#include "src/loss/ode.h"

#include <gtest/gtest.h>

#include <cmath>

namespace learner {
namespace {

struct Decay final : ScalarOde {
  double rate(double, double y) const override { return -y; }
};

struct Clock final : ScalarOde {
  double target = 0.3;
  double rate(double x, double) const override { return std::cos(x); }
  double stop_value(double, double y) const override { return y - target; }
  double stop_slope(double, double, double dydx) const override { return dydx; }
};

struct Singular final : ScalarOde {
  double rate(double x, double) const override { return 1.0 / (1.0 - x); }
};

// y'' = -y as a system: (y, y') = (sin, cos); weight only the first component.
struct Oscillator final : OdeSystem {
  int dimension() const override { return 2; }
  void rhs(double, const State& y, State& f) const override {
    f[0] = y[1];
    f[1] = -y[0];
  }
  double stop(double, const State& y) const override { return y[0] - 0.5; }
  double stop_rate(double, const State&, const State& f) const override { return f[0]; }
};

TEST(OdeTest, ExponentialDecayToRelativeTolerance) {
  OdeOptions opt;
  opt.rtol = 1e-10;
  const OdeResult r = integrate_dopri(Decay(), 0.0, {1.0, 0.0}, 5.0, opt);
  EXPECT_TRUE(r.finished);
  EXPECT_FALSE(r.stopped);
  EXPECT_NEAR(r.y[0], std::exp(-5.0), 1e-8 * std::exp(-5.0));
  EXPECT_LT(r.steps, 200);
  EXPECT_EQ(r.x, 5.0);
}

TEST(OdeTest, EventIsLocatedPrecisely) {
  Clock ode;
  const OdeResult r = integrate_dopri(ode, 0.0, {0.0, 0.0}, 3.0, {});
  EXPECT_TRUE(r.stopped);
  EXPECT_NEAR(r.x, std::asin(0.3), 1e-11);
  EXPECT_NEAR(r.y[0], 0.3, 1e-11);
  EXPECT_LE(r.y[0], 0.3);  // located on the stop <= 0 side
}

TEST(OdeTest, EventAlreadyTrueAtTheStart) {
  Clock ode;
  ode.target = -1.0;
  const OdeResult r = integrate_dopri(ode, 0.0, {0.0, 0.0}, 3.0, {});
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ(r.x, 0.0);
  EXPECT_EQ(r.evaluations, 0);
}

TEST(OdeTest, SingularRightHandSideGivesUpWithoutNaN) {
  OdeOptions opt;
  opt.max_steps = 5000;
  const OdeResult r = integrate_dopri(Singular(), 0.0, {0.0, 0.0}, 2.0, opt);
  EXPECT_FALSE(r.finished);
  EXPECT_TRUE(std::isfinite(r.y[0]));
  EXPECT_LT(r.x, 1.0);
  EXPECT_GT(r.x, 0.99);
}

TEST(OdeTest, EmptyIntervalIsFinished) {
  const OdeResult r = integrate_dopri(Decay(), 1.0, {2.0, 0.0}, 1.0, {});
  EXPECT_TRUE(r.finished);
  EXPECT_EQ(r.y[0], 2.0);
}

TEST(OdeTest, TwoComponentSystemWithEvent) {
  const OdeResult r = integrate_dopri(Oscillator(), 0.0, {0.0, 1.0}, 3.0, {});
  EXPECT_TRUE(r.stopped);
  EXPECT_NEAR(r.x, std::asin(0.5), 1e-11);
  EXPECT_NEAR(r.y[1], std::cos(std::asin(0.5)), 1e-10);
}

}  // namespace
}  // namespace learner
