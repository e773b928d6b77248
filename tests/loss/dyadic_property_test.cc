// Properties of every loss's update on random dyadic paths
// (docs/dyadic-update.md section 3), property_cases() cases per loss:
//   invariance  update(h1), re-base, update(h2)  ==  update(h1 + h2)
//               (closed forms 1e-9 relative, numerical ones 1e-7), re-basing
//               both by the path algebra and by rebuilding the path from the
//               advanced A, B vectors (when that rebuild is well conditioned);
//   safety      p never passes the label / kink / stationary point;
//   finite      no NaN or inf anywhere.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>

#include "dyadic_helper.h"
#include "learner/loss/loss.h"
#include "loss_cases.h"
#include "property_cases.h"

namespace learner {
namespace {

using testing::advanced_path;
using testing::DyadicState;
using testing::log_uniform;

class DyadicPropertyTest : public ::testing::TestWithParam<LossSpec> {};

double draw_importance(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  return u(rng) < 0.9 ? log_uniform(rng, 1e-3, 10.0) : log_uniform(rng, 1e-6, 1e4);
}

// How far the path rebuilt from the advanced vectors strays from the exact
// re-based path over the next step t2 (rounding in cosh/sinh near a
// hyperdiagonal is amplified by e^{2 kappa |t2|}).
double rebuild_error(const PredictionPath& rebuilt, const PredictionPath& exact, double t2) {
  const double grow = std::exp(2.0 * exact.kappa * std::fabs(t2));
  return (std::fabs(rebuilt.P - exact.P) + std::fabs(rebuilt.M - exact.M)) * grow +
         std::fabs(rebuilt.p_lin0 - exact.p_lin0);
}

TEST_P(DyadicPropertyTest, InvarianceSafetyAndFiniteness) {
  const LossSpec spec = GetParam();
  const auto loss = make_loss(spec);
  const bool closed_form = testing::is_piecewise(spec.name);
  const double rtol = closed_form ? 1e-9 : 1e-7;
  const int cases = testing::property_cases();
  std::mt19937_64 rng(std::hash<std::string>()(spec.name));
  int invariance_checked = 0, rebuilt_checked = 0, safety_checked = 0;
  double worst = 0.0;  // largest invariance error as a fraction of its tolerance
  for (int i = 0; i < cases; ++i) {
    const DyadicState s = testing::random_state(rng);
    const double y = testing::random_label(spec.name, rng);
    const double h1 = draw_importance(rng), h2 = draw_importance(rng);
    const PredictionPath path = s.path();
    const double p0 = path.at(0.0);
    const double t1 = loss->update(path, y, h1);
    const double t12 = loss->update(path, y, h1 + h2);
    ASSERT_TRUE(std::isfinite(t1) && std::isfinite(t12)) << i;
    ASSERT_LE(std::fabs(t12), testing::step_cap(path));
    ASSERT_TRUE(std::isfinite(path.at(t12)));
    // Safety: never past the barrier, seen from p0.
    const double b = testing::barrier(spec.name, y);
    if (std::isfinite(b) && b != p0) {
      const double d = b > p0 ? 1.0 : -1.0;
      ASSERT_LE(d * (path.at(t1) - b), 0.0) << i;
      ASSERT_LE(d * (path.at(t12) - b), 0.0) << i;
      ++safety_checked;
    }
    // Invariance, away from the kMaxStep cap and exponent saturation. The second
    // update runs on the path rebuilt from the advanced A, B vectors when that
    // rebuild is well conditioned, else on the exactly re-based path.
    if (std::fabs(t12) > 1e5 || path.kappa * std::fabs(t12) > 200.0) continue;
    const PredictionPath exact = advanced_path(path, t1);
    const double t2_guess = t12 - t1;
    bool use_rebuilt = path.kappa * std::fabs(t1) <= 20.0;
    PredictionPath rebuilt;
    if (use_rebuilt) {
      rebuilt = s.advanced(t1).path();
      use_rebuilt = rebuild_error(rebuilt, exact, t2_guess) <= 1e-12 * path.magnitude(t12);
    }
    const double t2 = loss->update(use_rebuilt ? rebuilt : exact, y, h2);
    ASSERT_TRUE(std::isfinite(t2));
    // Relative tolerance, plus the rounding of p itself seen through 1 / p'.
    const double tol = rtol * std::fabs(t12) + 1e-13 * path.magnitude(t12) / path.slope(t12);
    ASSERT_NEAR(t1 + t2, t12, tol) << spec.name << " case " << i << " y=" << y << " h1=" << h1
                                   << " h2=" << h2 << " p0=" << p0 << " rebuilt=" << use_rebuilt;
    ++invariance_checked;
    rebuilt_checked += use_rebuilt;
    worst = std::max(worst, std::fabs(t1 + t2 - t12) / tol);
  }
  RecordProperty("worst_invariance_error_over_tolerance", std::to_string(worst));
  std::printf(
      "[ %-10s ] invariance checked %d (%d on rebuilt paths), worst error %.3g x tolerance\n",
      spec.name.c_str(), invariance_checked, rebuilt_checked, worst);
  EXPECT_GT(invariance_checked, cases * 8 / 10) << spec.name;
  EXPECT_GT(rebuilt_checked, invariance_checked * 7 / 10) << spec.name;
  if (spec.name != "logistic") {
    EXPECT_GT(safety_checked, cases / 2) << spec.name;
  }
}

TEST_P(DyadicPropertyTest, SmallImportanceIsOnePlainGradientStep) {
  const LossSpec spec = GetParam();
  const auto loss = make_loss(spec);
  std::mt19937_64 rng(7 + std::hash<std::string>()(spec.name));
  int checked = 0;
  for (int i = 0; i < testing::property_cases() / 10; ++i) {
    const PredictionPath path = testing::random_state(rng).path();
    const double y = testing::random_label(spec.name, rng);
    const double p0 = path.at(0.0), g0 = loss->first_derivative(p0, y);
    if (g0 == 0.0) continue;
    // Relative change of g over the step: |g'| p'(0) h (loss curvature) plus
    // 2 kappa |g0| h (path curvature); keep it near 1e-8.
    const double rate = std::fabs(loss->second_derivative(p0, y)) * path.slope(0.0) +
                        2.0 * path.kappa * std::fabs(g0);
    const double h = 1e-8 / (1.0 + rate);
    const double b = testing::barrier(spec.name, y);
    if (std::isfinite(b) && std::fabs(b - p0) < 1e-6 * (1.0 + std::fabs(b))) continue;
    const double t = loss->update(path, y, h);
    ASSERT_NEAR(t, loss->plain_update(p0, y, h), 1e-6 * std::fabs(g0 * h)) << spec.name << " " << i;
    ++checked;
  }
  EXPECT_GT(checked, testing::property_cases() / 40);  // g0 = 0 half the time for margins
}

std::string spec_name(const ::testing::TestParamInfo<LossSpec>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(AllLosses, DyadicPropertyTest,
                         ::testing::ValuesIn(testing::all_loss_specs()), spec_name);

}  // namespace
}  // namespace learner
