// min_importance: the smallest importance weight that moves p to v
// (docs/dyadic-update.md section 4).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "dyadic_helper.h"
#include "learner/loss/loss.h"

namespace learner {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::unique_ptr<Loss> min_importance_make(const char* name) {
  LossSpec spec;
  spec.name = name;
  return make_loss(spec);
}

// Simpson's rule for integral_0^{t_v} dt / |g(p(t), y)| with n panels.
double simpson(const Loss& loss, const PredictionPath& path, double y, double t_v, int n) {
  auto f = [&](double t) { return 1.0 / std::fabs(loss.first_derivative(path.at(t), y)); };
  const double dt = t_v / n;
  double sum = f(0.0) + f(t_v);
  for (int i = 1; i < n; ++i) sum += (i % 2 ? 4.0 : 2.0) * f(i * dt);
  return std::fabs(sum * dt / 3.0);
}

TEST(MinImportanceTest, HingeIsTheDistanceInStepsOverTheGradient) {
  const auto loss = min_importance_make("hinge");
  std::mt19937_64 rng(41);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int checked = 0;
  for (int i = 0; i < 2000; ++i) {
    const PredictionPath path = testing::random_state(rng).path();
    const double y = u(rng) < 0.5 ? 1.0 : -1.0;
    const double p0 = path.at(0.0);
    if (y * p0 >= 1.0) {
      EXPECT_EQ(loss->min_importance(path, y, 1.0 / y), kInf);  // no loss: nothing moves
      continue;
    }
    const double v = p0 + u(rng) * (1.0 / y - p0);  // between p0 and the kink
    const double h = loss->min_importance(path, y, v);
    ASSERT_NEAR(h, std::fabs(path.inverse(v)), 1e-12 * (h + 1e-300));  // |t_v| / |g0|, |g0| = 1
    EXPECT_NEAR(path.at(loss->update(path, y, h)), v, 1e-9 * path.magnitude(0.0));
    EXPECT_EQ(loss->min_importance(path, y, 1.0 / y + y), kInf);  // beyond the kink
    EXPECT_EQ(loss->min_importance(path, y, p0 - y), kInf);       // the wrong way
    EXPECT_EQ(loss->min_importance(path, y, p0), 0.0);
    ++checked;
  }
  EXPECT_GT(checked, 500);
  // On the affine path this is VW's active-learning distance |p| / (eta x.x).
  EXPECT_DOUBLE_EQ(loss->min_importance(PredictionPath::linear(-0.6, 0.3), 1.0, 0.0), 2.0);
}

TEST(MinImportanceTest, LogisticAgreesWithQuadratureAndRoundTrips) {
  const auto loss = min_importance_make("logistic");
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int i = 0; i < 100; ++i) {
    const PredictionPath path = testing::random_state(rng).path();
    const double y = u(rng) < 0.5 ? 1.0 : -1.0;
    const double p0 = path.at(0.0);
    const double v = p0 + y * (0.05 + 3.0 * u(rng));  // the direction the loss pushes
    const double h = loss->min_importance(path, y, v);
    const double t_v = path.inverse(v);
    if (std::fabs(t_v) >= PredictionPath::kMaxStep) {
      EXPECT_EQ(h, kInf);
      continue;
    }
    ASSERT_TRUE(std::isfinite(h)) << i;
    EXPECT_NEAR(h, simpson(*loss, path, y, t_v, 20000), 1e-6 * h) << i;
    EXPECT_NEAR(path.at(loss->update(path, y, h)), v, 1e-6 * (1.0 + std::fabs(v))) << i;
    EXPECT_EQ(loss->min_importance(path, y, p0 - y), kInf);  // the loss pushes the other way
  }
}

TEST(MinImportanceTest, SquaredNeverReachesItsLabel) {
  const auto loss = min_importance_make("squared");
  const PredictionPath lin = PredictionPath::linear(0.0, 0.5);
  EXPECT_EQ(loss->min_importance(lin, 1.0, 1.0), kInf);
  EXPECT_EQ(loss->min_importance(lin, 1.0, 1.5), kInf);
  // p(h) = y - (y - p0) e^{-2 q h}: halfway at h = log(2) / (2 q).
  EXPECT_NEAR(loss->min_importance(lin, 1.0, 0.5), std::log(2.0), 1e-7);
}

TEST(MinImportanceTest, DecayingHingeFindsTheFirstArrival) {
  const auto loss = min_importance_make("hinge");
  std::mt19937_64 rng(43);
  int checked = 0;
  for (int i = 0; i < 500; ++i) {
    testing::DyadicState s = testing::random_state(rng);
    s.mu = 0.3;
    const PredictionPath path = s.path();
    const double p0 = path.at(0.0);
    if (p0 >= 1.0) continue;
    const double v = p0 + 0.5 * (1.0 - p0);
    const double h = loss->min_importance(path, 1.0, v);
    if (!std::isfinite(h)) continue;
    EXPECT_NEAR(path.at(h, h), v, 1e-9 * path.magnitude(h, h)) << i;  // t = h (g0 = -1)
    ++checked;
  }
  EXPECT_GT(checked, 100);
}

}  // namespace
}  // namespace learner
