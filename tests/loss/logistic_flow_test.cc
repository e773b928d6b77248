// The logistic loss on dyadic paths with labels +-1: the update solves
// dt/dh = y / (1 + e^{y p(t)}). Steps go through the Taylor series of
// src/loss/logistic_series.h where it converges and through the adaptive ODE
// otherwise; both must agree with an independent fixed-step RK4 integration,
// on click-log-like paths (small to large rates, random latent vectors) and
// from predictions far on the wrong or right side (z0 = y p0 down to -69,
// where F's coefficients start tiny and a piece too long would stop early).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "dyadic_helper.h"
#include "learner/loss/loss.h"
#include "learner/loss/path.h"

namespace learner {
namespace {

using testing::log_uniform;

// t(h) by classical RK4 with n equal steps on dt/dh = y / (1 + e^{y p(t)}).
double rk4_logistic(const PredictionPath& path, double y, double h, int n) {
  auto f = [&](double t) { return y / (1.0 + std::exp(y * path.at(t))); };
  const double dh = h / n;
  double t = 0.0;
  for (int i = 0; i < n; ++i) {
    const double k1 = f(t), k2 = f(t + 0.5 * dh * k1), k3 = f(t + 0.5 * dh * k2), k4 = f(t + dh * k3);
    t += dh / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  }
  return t;
}

TEST(LogisticFlow, MatchesFineStepIntegration) {
  LossSpec spec;
  spec.name = "logistic";
  const auto loss = make_loss(spec);
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int checked = 0;
  for (int i = 0; i < 600; ++i) {
    const double rate = log_uniform(rng, 1e-3, 0.3);
    testing::DyadicState s;
    s.rho_a = rate * (0.2 + u(rng));
    s.rho_b = rate * (0.2 + u(rng));
    s.q = rate * (0.5 + 2.0 * u(rng));
    const int rank = 1 + static_cast<int>(5 * u(rng));
    for (int j = 0; j < rank; ++j) {
      s.A.push_back(1.0 + 0.6 * (u(rng) - 0.5));
      s.B.push_back((u(rng) < 0.5 ? -1.0 : 1.0) * (1.0 + 0.6 * (u(rng) - 0.5)));
    }
    const PredictionPath path0 = s.path();
    // The prediction: mostly near 0, some far on either side.
    const double p0 = i % 10 == 0 ? (u(rng) < 0.5 ? -1.0 : 1.0) * log_uniform(rng, 5.0, 69.0) : 3.0 * (u(rng) - 0.5);
    PredictionPath path = path0;
    path.p_lin0 += p0 - path0.at(0.0);
    const double y = u(rng) < 0.5 ? -1.0 : 1.0;
    const double h = u(rng) < 0.7 ? 1.0 : log_uniform(rng, 0.01, 20.0);
    const UpdateStep step = loss->step(path, y, h);
    ASSERT_TRUE(std::isfinite(step.t)) << i;
    EXPECT_EQ(step.h_used, h);
    const double want = rk4_logistic(path, y, h, 6000);
    EXPECT_NEAR(step.t, want, 1e-8 * std::fabs(want) + 1e-13) << "case " << i << " y=" << y << " h=" << h
                                                              << " p0=" << p0 << " rate=" << rate;
    // The flow moves p towards the label's side, never away.
    EXPECT_GE(y * (path.at(step.t) - path.at(0.0)), 0.0) << i;
    ++checked;
  }
  EXPECT_EQ(checked, 600);
}

}  // namespace
}  // namespace learner
