// The affine path (VW's linear model): importance invariance of the closed
// forms, and agreement of the numerical update with them.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "dyadic_helper.h"
#include "learner/loss/loss.h"
#include "loss_cases.h"

namespace learner {
namespace {

using testing::all_loss_specs;
using testing::log_uniform;
using testing::random_label;

// VW's closed forms that are not importance invariant by design.
bool invariant_on_affine_path(const std::string& name, double y) {
  if (name == "classic") return false;                                      // plain step
  if (name == "hinge" || name == "logistic") return y == 1.0 || y == -1.0;  // label quirks
  return true;
}

TEST(LinearUpdateTest, TwoUpdatesEqualOneWithTheSummedImportance) {
  std::mt19937_64 rng(31);
  std::normal_distribution<double> n(0.0, 2.0);
  for (const LossSpec& spec : all_loss_specs()) {
    const auto loss = make_loss(spec);
    int checked = 0;
    for (int i = 0; i < 20000; ++i) {
      const double y = random_label(spec.name, rng), p0 = n(rng);
      if (!invariant_on_affine_path(spec.name, y)) continue;
      const double q = log_uniform(rng, 1e-3, 1e2);
      const double h1 = log_uniform(rng, 1e-4, 1e2) / q, h2 = log_uniform(rng, 1e-4, 1e2) / q;
      // (VW's Taylor branch for q h < 1e-6 is first-order only: the range avoids it.)
      const PredictionPath path = PredictionPath::linear(p0, q);
      const double t1 = loss->update(path, y, h1);
      const double t2 = loss->update(PredictionPath::linear(path.at(t1), q), y, h2);
      const double t12 = loss->update(path, y, h1 + h2);
      // Relative to the step, plus the rounding of p0 + q t1 seen through 1/q.
      const double tol = 1e-9 * std::fabs(t12) + 8e-16 * (std::fabs(p0) + std::fabs(y)) / q;
      ASSERT_NEAR(t1 + t2, t12, tol)
          << spec.name << " p0=" << p0 << " y=" << y << " q=" << q << " h1=" << h1 << " h2=" << h2;
      ++checked;
    }
    if (spec.name != "classic") {
      EXPECT_GT(checked, 5000) << spec.name;
    }
  }
}

TEST(LinearUpdateTest, NumericalUpdateAgreesWithTheClosedForms) {
  // A dyadic path with P = M = 1e-300 is not "affine", so update() integrates
  // the ODE; its dyadic part is below rounding, so the answer is the closed form.
  std::mt19937_64 rng(32);
  std::normal_distribution<double> n(0.0, 2.0);
  for (const LossSpec& spec : all_loss_specs()) {
    if (spec.name == "classic") continue;  // affine classic is the plain step
    const auto loss = make_loss(spec);
    for (int i = 0; i < 3000; ++i) {
      const double y = random_label(spec.name, rng), p0 = n(rng);
      if (!invariant_on_affine_path(spec.name, y)) continue;
      const double q = log_uniform(rng, 1e-2, 1e1), h = log_uniform(rng, 1e-3, 1e2) / q;
      PredictionPath curved = PredictionPath::linear(p0, q);
      curved.kappa = 1e-3;  // e^{2 kappa t} stays O(1) for the t reached here
      curved.P = curved.M = 1e-300;
      ASSERT_FALSE(curved.is_affine());
      const double closed = loss->update(PredictionPath::linear(p0, q), y, h);
      const double numeric = loss->update(curved, y, h);
      ASSERT_NEAR(numeric, closed, 1e-8 * std::fabs(closed) + 1e-13 / q)
          << spec.name << " p0=" << p0 << " y=" << y << " q=" << q << " h=" << h;
    }
  }
}

TEST(LinearUpdateTest, StepReportsTheFullImportance) {
  for (const LossSpec& spec : all_loss_specs()) {
    const auto loss = make_loss(spec);
    const PredictionPath path = PredictionPath::linear(0.3, 0.8);
    const UpdateStep s = loss->step(path, 1.0, 2.5);
    EXPECT_EQ(s.h_used, 2.5) << spec.name;
    EXPECT_EQ(s.t, loss->update(path, 1.0, 2.5)) << spec.name;
    EXPECT_EQ(loss->update(path, 1.0, 0.0), 0.0) << spec.name;
    EXPECT_EQ(loss->step(path, 1.0, -1.0).h_used, 0.0) << spec.name;
  }
}

}  // namespace
}  // namespace learner
