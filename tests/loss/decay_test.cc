// Decaying paths (mu > 0, --dotproduct_l2): p(t, h) = p_lin0 + q t + e^{-mu h} D(t).
// The update stops where p reaches the label / kink (the seed's rule) and
// reports the importance used (UpdateStep::h_used).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "dyadic_helper.h"
#include "learner/loss/loss.h"

namespace learner {
namespace {

using testing::DyadicState;

std::unique_ptr<Loss> make(const char* name) {
  LossSpec spec;
  spec.name = name;
  spec.quantile_tau = 0.3;
  return make_loss(spec);
}

DyadicState decaying_state(std::mt19937_64& rng) {
  DyadicState s = testing::random_state(rng);
  s.mu = testing::log_uniform(rng, 1e-2, 3.0);
  return s;
}

// First h in [0, h_max] where p(v h, h) reaches the kink, by a fine scan and bisection.
double first_arrival(const PredictionPath& path, double v, double kink, double h_max) {
  const double d = kink > path.at(0.0) ? 1.0 : -1.0;
  auto f = [&](double h) { return d * (kink - path.at(v * h, h)); };
  const int n = 4000;
  double prev = 0.0;
  for (int i = 1; i <= n; ++i) {
    const double h = h_max * i / n;
    if (f(h) <= 0.0) {
      double lo = prev, hi = h;
      for (int b = 0; b < 200; ++b) {
        const double mid = 0.5 * (lo + hi);
        (f(mid) > 0.0 ? lo : hi) = mid;
      }
      return lo;
    }
    prev = h;
  }
  return h_max;
}

TEST(DecayTest, PiecewiseLossesStopAtTheFirstArrivalAtTheKink) {
  std::mt19937_64 rng(51);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (const char* name : {"hinge", "quantile", "absolute"}) {
    const auto loss = make(name);
    int stopped = 0, full = 0;
    for (int i = 0; i < 300; ++i) {
      const DyadicState state = decaying_state(rng);
      const PredictionPath path = state.path();
      const double y =
          std::string(name) == "hinge" ? (u(rng) < 0.5 ? 1.0 : -1.0) : 4.0 * u(rng) - 2.0;
      const double h = testing::log_uniform(rng, 1e-2, 20.0);
      const double p0 = path.at(0.0);
      const double kink = std::string(name) == "hinge" ? 1.0 / y : y;
      const double v = -loss->first_derivative(p0, y);
      const UpdateStep st = loss->step(path, y, h);
      const double expected = first_arrival(path, v, kink, h);
      ASSERT_NEAR(st.h_used, expected, 1e-9 * h) << name << " " << i;
      EXPECT_DOUBLE_EQ(st.t, v * st.h_used);
      const double d = kink > p0 ? 1.0 : -1.0;
      EXPECT_LE(d * (path.at(st.t, st.h_used) - kink), 0.0) << name << " " << i;  // safety
      (st.h_used < h ? stopped : full)++;
    }
    EXPECT_GT(stopped, 40) << name;
    EXPECT_GT(full, 40) << name;
  }
}

TEST(DecayTest, SeveralDyadicTermsStopAtTheFirstArrivalToo) {
  std::mt19937_64 rng(54);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const auto loss = make("hinge");
  int stopped = 0;
  for (int i = 0; i < 200; ++i) {
    PredictionPath path = testing::multi_term_path(rng, 2 + i % 2);
    path.mu = testing::log_uniform(rng, 1e-2, 3.0);
    const double y = u(rng) < 0.5 ? 1.0 : -1.0;
    const double h = testing::log_uniform(rng, 1e-2, 20.0);
    const double v = -loss->first_derivative(path.at(0.0), y);
    const UpdateStep st = loss->step(path, y, h);
    ASSERT_NEAR(st.h_used, first_arrival(path, v, 1.0 / y, h), 1e-9 * h) << i;
    stopped += st.h_used < h;
  }
  EXPECT_GT(stopped, 20);
}

// dt/dh = -g(p(t, h)) by classical RK4 with n steps.
double reference_flow(const Loss& loss, const PredictionPath& path, double y, double h, int n) {
  double t = 0.0;
  const double dh = h / n;
  auto f = [&](double hh, double tt) { return -loss.first_derivative(path.at(tt, hh), y); };
  for (int i = 0; i < n; ++i) {
    const double x = i * dh;
    const double k1 = f(x, t), k2 = f(x + dh / 2, t + dh / 2 * k1),
                 k3 = f(x + dh / 2, t + dh / 2 * k2), k4 = f(x + dh, t + dh * k3);
    t += dh / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
  }
  return t;
}

TEST(DecayTest, SmoothLossesFollowTheDecayingFlow) {
  std::mt19937_64 rng(52);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (const char* name : {"squared", "logistic", "poisson"}) {
    const auto loss = make(name);
    int compared = 0, stopped = 0, reached = 0;
    for (int i = 0; i < 200; ++i) {
      const PredictionPath path = decaying_state(rng).path();
      const double y = std::string(name) == "logistic"  ? (u(rng) < 0.5 ? 1.0 : -1.0)
                       : std::string(name) == "poisson" ? std::floor(4.0 * u(rng))
                                                        : 4.0 * u(rng) - 2.0;
      const double h = testing::log_uniform(rng, 1e-3, 30.0);
      const UpdateStep st = loss->step(path, y, h);
      ASSERT_TRUE(std::isfinite(st.t));
      if (st.h_used < h) {  // stopped at the label: p must be there, not past it
        const double p_star = std::string(name) == "poisson" ? std::log(y) : y;
        const double p0 = path.at(0.0), d = p_star > p0 ? 1.0 : -1.0;
        const double p = path.at(st.t, st.h_used);
        EXPECT_LE(d * (p - p_star), 0.0) << name << " " << i;
        EXPECT_GE(d * (p - p0), 0.0) << name << " " << i;
        // Reached to 1e-3 of the gap, unless the decay holds p off (then stiff: gave up).
        reached += std::fabs(p - p_star) <= 1.001e-3 * std::fabs(p0 - p_star);
        ++stopped;
        continue;
      }
      // RK4 needs steps well below the time scale 1 / (|g'| p' + 2 kappa |g|).
      const double p0 = path.at(0.0);
      const double stiff = std::fabs(loss->second_derivative(p0, y)) * path.slope(0.0) +
                           2.0 * path.kappa * std::fabs(loss->first_derivative(p0, y));
      const double ref = reference_flow(*loss, path, y, h,
                                        2000 + static_cast<int>(std::min(4e5, 50.0 * h * stiff)));
      EXPECT_NEAR(st.t, ref, 1e-7 * (std::fabs(ref) + 1e-3)) << name << " " << i;
      ++compared;
    }
    EXPECT_GT(compared, 50) << name;
    if (std::string(name) != "logistic") {
      EXPECT_GT(stopped, 5) << name;
      EXPECT_GE(reached, stopped * 8 / 10) << name;
    }
  }
}

TEST(DecayTest, InvarianceWhenNothingStops) {
  std::mt19937_64 rng(53);
  for (const char* name : {"hinge", "squared", "logistic"}) {
    const auto loss = make(name);
    int checked = 0;
    for (int i = 0; i < 300; ++i) {
      const DyadicState s = decaying_state(rng);
      const double y = std::string(name) == "squared" ? 3.0 : 1.0;
      const double h1 = testing::log_uniform(rng, 1e-3, 1.0),
                   h2 = testing::log_uniform(rng, 1e-3, 1.0);
      const PredictionPath path = s.path();
      const UpdateStep a = loss->step(path, y, h1), whole = loss->step(path, y, h1 + h2);
      if (a.h_used < h1 || whole.h_used < h1 + h2) continue;
      const UpdateStep b = loss->step(s.advanced(a.t, h1).path(), y, h2);
      ASSERT_EQ(b.h_used, h2);
      const double tol = (std::string(name) == "hinge" ? 1e-9 : 1e-7) * std::fabs(whole.t) + 1e-12;
      EXPECT_NEAR(a.t + b.t, whole.t, tol) << name << " " << i;
      ++checked;
    }
    EXPECT_GT(checked, 100) << name;
  }
}

TEST(DecayTest, DecayAloneCanCarryPToTheKink) {
  const auto hinge = make("hinge");
  // y p0 = 2 > 1 (no loss), but the decay pulls the dyadic part (P - M)/2 = 2 toward 0.
  PredictionPath path;
  path.p_lin0 = 0.0;
  path.kappa = 0.5;
  path.P = 4.0;
  path.M = 0.0;
  path.mu = 1.0;
  const UpdateStep st = hinge->step(path, 1.0, 5.0);
  EXPECT_EQ(st.t, 0.0);
  EXPECT_NEAR(st.h_used, std::log(2.0), 1e-12);        // e^{-h} 2 = 1
  EXPECT_EQ(hinge->step(path, 1.0, 0.5).h_used, 0.5);  // not reached yet
  path.P = 2.0;                                        // p0 exactly at the kink: stop at once
  EXPECT_EQ(hinge->step(path, 1.0, 5.0).h_used, 0.0);
}

TEST(DecayTest, NoDyadicTermMeansNoDecayEffect) {
  PredictionPath path = PredictionPath::linear(0.2, 0.7);
  path.mu = 2.0;
  path.kappa = 1.0;
  for (const char* name : {"squared", "hinge", "logistic"}) {
    const auto loss = make(name);
    const UpdateStep st = loss->step(path, 1.0, 3.0);
    EXPECT_EQ(st.h_used, 3.0) << name;
    EXPECT_EQ(st.t, loss->update(PredictionPath::linear(0.2, 0.7), 1.0, 3.0)) << name;
  }
}

}  // namespace
}  // namespace learner
