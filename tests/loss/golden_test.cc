// Golden values: loss, derivative and the affine-path update of every loss
// against VW's get_update (docs/vw-compat.md section 3) computed by hand.
// With q = eta H and eta_t = eta h, VW's u corresponds to t = u / eta.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "learner/loss/loss.h"
#include "vw_reference.h"

namespace learner {
namespace {

namespace vw = testing::vw;

std::unique_ptr<Loss> golden_make(const char* name, double tau = 0.5, double q = 0.5) {
  LossSpec spec;
  spec.name = name;
  spec.quantile_tau = tau;
  spec.expectile_q = q;
  return make_loss(spec);
}

double step(const Loss& loss, double p, double y, double q, double h) {
  return loss.update(PredictionPath::linear(p, q), y, h);
}

struct Case {
  double p, y, eta, H, h;
};
constexpr Case kCases[] = {{0.0, 1.0, 0.5, 1.0, 1.0},  {0.3, -1.0, 0.1, 2.5, 3.0},
                           {-2.0, 1.5, 1.0, 0.2, 0.5}, {0.9, 0.1, 0.02, 7.0, 10.0},
                           {1.2, 1.0, 0.5, 0.01, 2.0}, {-0.4, -1.0, 3.0, 4.0, 100.0}};

TEST(GoldenTest, Squared) {
  const auto loss = golden_make("squared");
  EXPECT_DOUBLE_EQ(loss->loss(0.5, 2.0), 2.25);
  EXPECT_DOUBLE_EQ(loss->first_derivative(0.5, 2.0), -3.0);
  EXPECT_DOUBLE_EQ(loss->second_derivative(0.5, 2.0), 2.0);
  EXPECT_DOUBLE_EQ(loss->square_grad(0.5, 2.0), 9.0);                     // VW: 4 (p - y)^2
  EXPECT_DOUBLE_EQ(step(*loss, 0.0, 1.0, 1.0, 1.0), 0.8646647167633873);  // 1 - e^{-2}
  // VW's Taylor branch (eta_t H < 1e-6): exactly 2 (y - p) h, not (1 - e^{-2s}) / q.
  EXPECT_EQ(step(*loss, 0.0, 1.0, 1e-3, 1e-4), 2e-4);
  EXPECT_EQ(step(*loss, 0.25, 1.0, 0.0, 3.0), 4.5);  // q = 0
  for (const Case& c : kCases) {
    const double expected = vw::squared(c.p, c.y, c.eta * c.h, c.H) / c.eta;
    EXPECT_NEAR(step(*loss, c.p, c.y, c.eta * c.H, c.h), expected, 1e-12 * std::fabs(expected));
  }
}

TEST(GoldenTest, ClassicIsThePlainStep) {
  const auto loss = golden_make("classic");
  EXPECT_DOUBLE_EQ(loss->loss(0.5, 2.0), 2.25);
  EXPECT_DOUBLE_EQ(loss->first_derivative(0.5, 2.0), -3.0);
  for (const Case& c : kCases) {
    const double expected = vw::classic(c.p, c.y, c.eta * c.h, c.H) / c.eta;
    EXPECT_DOUBLE_EQ(step(*loss, c.p, c.y, c.eta * c.H, c.h), expected);
  }
  EXPECT_DOUBLE_EQ(step(*loss, 0.0, 1.0, 10.0, 1.0), 2.0);  // overshoots like VW's classic
}

TEST(GoldenTest, HingeIncludingVwsLabelQuirk) {
  const auto loss = golden_make("hinge");
  EXPECT_DOUBLE_EQ(loss->loss(0.25, -1.0), 1.25);
  EXPECT_DOUBLE_EQ(loss->loss(2.0, 1.0), 0.0);
  EXPECT_DOUBLE_EQ(loss->first_derivative(0.25, -1.0), 1.0);
  EXPECT_DOUBLE_EQ(loss->first_derivative(1.0, 1.0), 0.0);  // at the kink, as VW
  EXPECT_DOUBLE_EQ(loss->square_grad(0.25, -1.0), 1.0);
  EXPECT_DOUBLE_EQ(step(*loss, 0.0, 1.0, 0.5, 1.0), 1.0);   // q h < 1 - y p
  EXPECT_DOUBLE_EQ(step(*loss, 0.0, 1.0, 4.0, 1.0), 0.25);  // clipped at the margin
  // y = 0.52: VW moves by y min(h, (1 - y p) / q), stopping short of the kink 1/y.
  EXPECT_NEAR(step(*loss, 0.3, 0.52, 2.0, 1.0), 0.52 * 0.844 / 2.0, 1e-15);
  EXPECT_NEAR(step(*loss, 0.3, 0.52, 2.0, 0.1), 0.052, 1e-15);
  EXPECT_EQ(step(*loss, 3.0, 0.52, 2.0, 1.0), 0.0);  // y p >= 1
  for (const Case& c : kCases) {
    const double expected = vw::hinge(c.p, c.y, c.eta * c.h, c.H) / c.eta;
    EXPECT_NEAR(step(*loss, c.p, c.y, c.eta * c.H, c.h), expected, 1e-14 * std::fabs(expected));
  }
}

TEST(GoldenTest, LogisticIsExactWhereVwApproximates) {
  const auto loss = golden_make("logistic");
  EXPECT_NEAR(loss->loss(0.0, 1.0), std::log(2.0), 1e-15);
  EXPECT_NEAR(loss->loss(2.0, -1.0), std::log1p(std::exp(2.0)), 1e-15);
  EXPECT_NEAR(loss->first_derivative(1.0, 1.0), -1.0 / (1.0 + std::exp(1.0)), 1e-15);
  EXPECT_NEAR(loss->second_derivative(1.0, 1.0), std::exp(1.0) / std::pow(1.0 + std::exp(1.0), 2),
              1e-15);
  for (const Case& c : kCases) {
    if (c.y != 1.0 && c.y != -1.0) continue;
    const double q = c.eta * c.H;
    const double t = step(*loss, c.p, c.y, q, c.h);
    // Exact: z = y p moves to the root of z + e^z = q h + z0 + e^{z0}.
    const double z0 = c.y * c.p;
    const double z1 = vw::solve_z_plus_exp_z(q * c.h + z0 + std::exp(z0));
    EXPECT_NEAR(c.y * (c.p + q * t), z1, 1e-12 * (1.0 + std::fabs(z1)));
    // VW's prediction change differs only by its Lambert-W approximation (< 9e-5).
    const double vw_change = vw::logistic(c.p, c.y, c.eta * c.h, c.H) * c.H;
    EXPECT_NEAR(q * t, vw_change, 1e-4);
  }
  // Small steps (VW's Taylor branch, q h < 1e-6, returns y h / (1 + e^{y p})): the
  // exact update agrees to first order, relative difference O(q h).
  const double taylor = -1e-4 / (1.0 + std::exp(-0.5));
  EXPECT_NEAR(step(*loss, 0.5, -1.0, 1e-4, 1e-4), taylor, 1e-8 * std::fabs(taylor));
  EXPECT_DOUBLE_EQ(step(*loss, 0.5, -1.0, 0.0, 2.0), -2.0 / (1.0 + std::exp(-0.5)));
  // Labels strictly inside (-1, 1) mix the two updates as VW does (s = (y + 1) / 2).
  const double mixed = step(*loss, 0.2, 0.5, 0.7, 1.3);
  EXPECT_NEAR(mixed,
              0.75 * step(*loss, 0.2, 1.0, 0.7, 1.3) + 0.25 * step(*loss, 0.2, -1.0, 0.7, 1.3),
              1e-15);
}

TEST(GoldenTest, QuantileBothSides) {
  const auto loss = golden_make("quantile", 0.3);
  EXPECT_DOUBLE_EQ(loss->loss(0.0, 2.0), 0.6);
  EXPECT_DOUBLE_EQ(loss->loss(2.0, 0.0), 1.4);
  EXPECT_DOUBLE_EQ(loss->first_derivative(0.0, 2.0), -0.3);
  EXPECT_DOUBLE_EQ(loss->first_derivative(2.0, 0.0), 0.7);
  EXPECT_DOUBLE_EQ(loss->square_grad(2.0, 0.0), 0.49);
  EXPECT_DOUBLE_EQ(step(*loss, 0.0, 2.0, 1.0, 1.0), 0.3);
  EXPECT_DOUBLE_EQ(step(*loss, 0.0, 2.0, 1.0, 100.0), 2.0);  // stops at the label
  EXPECT_DOUBLE_EQ(step(*loss, 2.0, 0.0, 1.0, 1.0), -0.7);
  EXPECT_EQ(step(*loss, 1.0, 1.0, 1.0, 1.0), 0.0);
  for (const Case& c : kCases) {
    const double expected = vw::quantile(c.p, c.y, c.eta * c.h, c.H, 0.3) / c.eta;
    EXPECT_NEAR(step(*loss, c.p, c.y, c.eta * c.H, c.h), expected, 1e-14 * std::fabs(expected));
  }
}

TEST(GoldenTest, AbsoluteIsTwiceTheMedianQuantile) {
  const auto loss = golden_make("absolute");
  const auto median = golden_make("quantile", 0.5);
  EXPECT_DOUBLE_EQ(loss->loss(-1.0, 0.5), 1.5);
  EXPECT_DOUBLE_EQ(loss->first_derivative(-1.0, 0.5), -1.0);
  EXPECT_DOUBLE_EQ(loss->first_derivative(1.0, 0.5), 1.0);
  EXPECT_DOUBLE_EQ(step(*loss, 0.0, 1.0, 0.5, 1.0), 1.0);
  EXPECT_DOUBLE_EQ(step(*loss, 0.0, 1.0, 0.5, 3.0), 2.0);  // e / q
  for (const Case& c : kCases) {
    EXPECT_DOUBLE_EQ(loss->loss(c.p, c.y), 2.0 * median->loss(c.p, c.y));
    EXPECT_DOUBLE_EQ(step(*loss, c.p, c.y, c.eta * c.H, c.h),
                     step(*median, c.p, c.y, 2.0 * c.eta * c.H, c.h) * 2.0);
  }
}

TEST(GoldenTest, ExpectileWeightsBySide) {
  const auto loss = golden_make("expectile", 0.5, 0.2);
  EXPECT_DOUBLE_EQ(loss->loss(2.0, 0.0), 0.2 * 4.0);  // y < p: weight q
  EXPECT_DOUBLE_EQ(loss->loss(0.0, 2.0), 0.8 * 4.0);  // y > p: weight 1 - q
  EXPECT_DOUBLE_EQ(loss->first_derivative(2.0, 0.0), 0.8);
  EXPECT_DOUBLE_EQ(loss->square_grad(2.0, 0.0), 16.0 * 0.04);  // VW: 4 (p - y)^2 q^2
  for (const Case& c : kCases) {
    const double expected = vw::expectile(c.p, c.y, c.eta * c.h, c.H, 0.2) / c.eta;
    EXPECT_NEAR(step(*loss, c.p, c.y, c.eta * c.H, c.h), expected, 1e-12 * std::fabs(expected));
  }
}

TEST(GoldenTest, PoissonIncludingTheOverflowAsymptotes) {
  const auto loss = golden_make("poisson");
  EXPECT_NEAR(loss->loss(0.0, 2.0), 2.0 * (2.0 * std::log(2.0 + 1e-6) - 1.0), 1e-14);
  EXPECT_NEAR(loss->first_derivative(1.0, 2.0), std::exp(1.0) - 2.0, 1e-15);  // VW: e^p - y
  EXPECT_NEAR(loss->square_grad(1.0, 2.0), std::pow(std::exp(1.0) - 2.0, 2), 1e-15);
  for (const Case& c : kCases) {
    const double y = std::fabs(std::round(c.y * 2.0));
    const double expected = vw::poisson(c.p, y, c.eta * c.h, c.H) / c.eta;
    EXPECT_NEAR(step(*loss, c.p, y, c.eta * c.H, c.h), expected, 1e-11 * std::fabs(expected)) << y;
  }
  // y sigma large: VW's expression overflows; the update is the asymptote log(y) - p.
  EXPECT_NEAR(step(*loss, 0.5, 3.0, 2.0, 500.0), (std::log(3.0) - 0.5) / 2.0, 1e-15);
  EXPECT_NEAR(step(*loss, 0.5, 0.0, 2.0, 1e300), -(0.5 + std::log(2e300)) / 2.0, 1e-12);
  EXPECT_DOUBLE_EQ(step(*loss, 0.5, 2.0, 0.0, 2.0), (2.0 - std::exp(0.5)) * 2.0);  // q = 0
}

TEST(GoldenTest, PerceptronStopsAtTheBoundary) {
  const auto loss = golden_make("perceptron");
  EXPECT_DOUBLE_EQ(loss->loss(-0.5, 1.0), 0.5);
  EXPECT_DOUBLE_EQ(loss->loss(0.5, 1.0), 0.0);
  EXPECT_DOUBLE_EQ(loss->first_derivative(-0.5, 1.0), -1.0);
  EXPECT_DOUBLE_EQ(loss->first_derivative(0.5, 1.0), 0.0);
  EXPECT_DOUBLE_EQ(step(*loss, -0.5, 1.0, 1.0, 0.2), 0.2);
  EXPECT_DOUBLE_EQ(step(*loss, -0.5, 1.0, 1.0, 1.0), 0.5);
  EXPECT_DOUBLE_EQ(step(*loss, 0.5, -1.0, 2.0, 1.0), -0.25);
  EXPECT_EQ(step(*loss, 0.0, 1.0, 1.0, 1.0), 0.0);  // already on the boundary
}

}  // namespace
}  // namespace learner
