// The decaying flow's stop located on the series (src/loss/decay_stop.h)
// against the adaptive ODE it replaces (smooth_ode.cc, decaying_update):
// training-like one-term paths with --dotproduct_l2 decay, rates 0.003 to 0.5,
// squared and expectile. Where the ODE stops short of h, step() must stop
// too, at nearly the same importance, with t within the stated 1e-8 (loss.h)
// of the ODE's, and never past the label.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "dyadic_helper.h"
#include "learner/loss/loss.h"
#include "src/loss/smooth.h"

namespace learner {
namespace {

TEST(DecayStop, SeriesStopsWhereTheOdeStops) {
  testing::Xorshift u(0x9E3779B97F4A7C15ull);
  int stopped = 0, located = 0;
  double worst_t = 0.0, worst_h = 0.0;
  for (const char* name : {"squared", "expectile"}) {
    LossSpec spec;
    spec.name = name;
    spec.expectile_q = 0.3;
    const auto loss = make_loss(spec);
    const auto* smooth = dynamic_cast<const detail::SmoothLoss*>(loss.get());
    ASSERT_NE(smooth, nullptr);
    for (int i = 0; i < 4000; ++i) {
      const auto [path, y, h] = testing::random_decaying_case(u);
      const UpdateStep step = loss->step(path, y, h);
      const UpdateStep ode = detail::integrate_smooth_update(*smooth, path, y, h);
      const double p0 = path.at(0.0), d = y > p0 ? 1.0 : -1.0;
      ASSERT_GE(d * (y - path.at(step.t, step.h_used)), 0.0) << name << " case " << i;  // never past the label
      if (!(ode.h_used < h)) continue;
      ++stopped;
      ASSERT_LT(step.h_used, h) << name << " case " << i << ": the ODE stops at " << ode.h_used;
      located += step.h_used != ode.h_used;
      const double dt = std::fabs(step.t - ode.t) / std::fabs(ode.t);
      const double dh = std::fabs(step.h_used - ode.h_used) / h;
      worst_t = std::max(worst_t, dt);
      worst_h = std::max(worst_h, dh);
      EXPECT_LE(dt, 1e-8) << name << " case " << i << " t " << step.t << " ode " << ode.t;
      EXPECT_LE(dh, 1e-6) << name << " case " << i << " h_used " << step.h_used << " ode " << ode.h_used;
    }
  }
  std::printf("stops %d, located on the series %d, largest relative difference in t %.3g, in h_used / h %.3g\n",
              stopped, located, worst_t, worst_h);
  EXPECT_GT(stopped, 40);
  EXPECT_GT(located, stopped / 2);  // most stops are found on the series, not by the ODE
}

}  // namespace
}  // namespace learner
