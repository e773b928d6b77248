// first_derivative and second_derivative against central finite differences
// of loss and first_derivative, away from kinks.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "learner/loss/loss.h"
#include "loss_cases.h"

namespace learner {
namespace {

using testing::all_loss_specs;
using testing::barrier;
using testing::random_label;

TEST(DerivativeTest, FirstAndSecondDerivativesMatchFiniteDifferences) {
  std::mt19937_64 rng(21);
  std::normal_distribution<double> n(0.0, 2.0);
  for (const LossSpec& spec : all_loss_specs()) {
    const auto loss = make_loss(spec);
    // Poisson reports the deviance, twice the objective whose derivative VW uses.
    const double scale = spec.name == "poisson" ? 0.5 : 1.0;
    int checked = 0;
    for (int i = 0; i < 4000; ++i) {
      double y = random_label(spec.name, rng);
      if (spec.name == "logistic" && i % 3 == 0) y = std::tanh(n(rng));  // mixed labels
      const double p = n(rng);
      const double e = 1e-5 * (1.0 + std::fabs(p));
      const double kink = spec.name == "perceptron" ? 0.0 : spec.name == "hinge" ? 1.0 / y : y;
      if (std::fabs(p - kink) < 100.0 * e) continue;
      const double fd1 = scale * (loss->loss(p + e, y) - loss->loss(p - e, y)) / (2.0 * e);
      const double g = loss->first_derivative(p, y);
      ASSERT_NEAR(g, fd1, 1e-6 * (1.0 + std::fabs(g))) << spec.name << " p=" << p << " y=" << y;
      const double fd2 =
          (loss->first_derivative(p + e, y) - loss->first_derivative(p - e, y)) / (2.0 * e);
      const double g2 = loss->second_derivative(p, y);
      ASSERT_NEAR(g2, fd2, 1e-6 * (1.0 + std::fabs(g2))) << spec.name << " p=" << p << " y=" << y;
      ++checked;
    }
    EXPECT_GT(checked, 3000) << spec.name;
  }
}

TEST(DerivativeTest, SquareGradIsVwsPerUnitImportanceGradientSquared) {
  std::mt19937_64 rng(22);
  std::normal_distribution<double> n(0.0, 2.0);
  for (const LossSpec& spec : all_loss_specs()) {
    const auto loss = make_loss(spec);
    for (int i = 0; i < 200; ++i) {
      const double y = random_label(spec.name, rng), p = n(rng);
      const double g = loss->first_derivative(p, y);
      EXPECT_DOUBLE_EQ(loss->square_grad(p, y), g * g) << spec.name;
      EXPECT_DOUBLE_EQ(loss->plain_update(p, y, 0.7), -g * 0.7) << spec.name;
    }
  }
}

TEST(DerivativeTest, BarrierIsWhereTheGradientVanishesOrJumps) {
  // The property sweeps rely on these points; check them against the losses.
  for (const LossSpec& spec : all_loss_specs()) {
    const auto loss = make_loss(spec);
    for (double y : {-1.0, 1.0, 0.52, 2.0, 0.3}) {
      if (spec.name == "poisson" && y <= 0.0) continue;
      const double b = barrier(spec.name, y);
      if (!std::isfinite(b)) continue;
      const double e = 1e-9;
      const double below = loss->first_derivative(b - e, y),
                   above = loss->first_derivative(b + e, y);
      EXPECT_LE(below, 0.0) << spec.name << " y=" << y;
      EXPECT_GE(above, 0.0) << spec.name << " y=" << y;
      if (!testing::is_piecewise(spec.name)) {
        EXPECT_NEAR(loss->first_derivative(b, y), 0.0, 1e-12) << spec.name;
      }
    }
  }
}

}  // namespace
}  // namespace learner
