// Issue 17, defect 6: a huge importance weight must move p toward the label,
// never less than a smaller one did. With adaptive rates the path's slope
// dp/dt shrinks like 1 / sqrt(importance), so the step that reaches the label
// grows past the old |t| <= kMaxStep cap (1e20: p moved by 1e-5 of 3).
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>

#include "learner/loss/loss.h"

namespace learner {
namespace {

struct HugeCase {
  const char* loss;
  double y;
};

// The slope a linear model's path has after one adaptive update of importance h
// on one feature of value 1 (eta 0.5, G = h g^2): q = 0.5 / (|g| sqrt(h)).
PredictionPath adaptive_path(double h, double g, bool dyadic) {
  const double q = 0.5 / (std::fabs(g) * std::sqrt(h));
  PredictionPath path = PredictionPath::linear(0.0, q);
  if (dyadic) path.add_term(q, 0.02, 0.02);  // A0 = B0 small: p0 stays 0
  return path;
}

void check_monotone_to_label(const HugeCase& c, bool dyadic) {
  const std::unique_ptr<Loss> loss = make_loss(LossSpec{c.loss});
  const double g = loss->first_derivative(0.0, c.y);
  double last = 0.0;
  for (double h = 1.0; h <= 1e30; h *= 10.0) {
    const PredictionPath path = adaptive_path(h, g, dyadic);
    const UpdateStep s = loss->step(path, c.y, h);
    ASSERT_TRUE(std::isfinite(s.t)) << c.loss << " h=" << h;
    const double p = path.at(s.t);
    const std::string where = std::string(c.loss) + (dyadic ? " dyadic" : " linear") + " h=" + std::to_string(h);
    EXPECT_GE(p * (c.y > 0 ? 1 : -1), last * (c.y > 0 ? 1 : -1) - 1e-9 * std::fabs(c.y)) << where;  // never less far
    EXPECT_LE(std::fabs(p), std::fabs(c.y) * (1 + 1e-9)) << where;  // never past the label
    if (h >= 1e6) {
      EXPECT_NEAR(p, c.y, 1e-3 * std::fabs(c.y)) << where;  // reaches it
    }
    last = p;
  }
}

TEST(HugeImportance, LinearPathReachesTheLabelForAnyImportance) {
  for (const HugeCase c : {HugeCase{"squared", 3.0}, HugeCase{"quantile", 3.0}, HugeCase{"absolute", -2.0}, HugeCase{"expectile", 3.0}})
    check_monotone_to_label(c, false);
}

TEST(HugeImportance, DyadicPathReachesTheLabelForAnyImportance) {
  for (const HugeCase c : {HugeCase{"squared", 3.0}, HugeCase{"quantile", 3.0}, HugeCase{"absolute", -2.0}, HugeCase{"expectile", 3.0}})
    check_monotone_to_label(c, true);
}

TEST(HugeImportance, HingeAndLogisticMoveFurtherWithMoreImportance) {
  for (const char* name : {"hinge", "logistic"}) {
    const std::unique_ptr<Loss> loss = make_loss(LossSpec{name});
    const double g = loss->first_derivative(0.0, 1.0);
    for (bool dyadic : {false, true}) {
      double last = 0.0;
      for (double h = 1.0; h <= 1e30; h *= 10.0) {
        const PredictionPath path = adaptive_path(h, g, dyadic);
        const double p = path.at(loss->step(path, 1.0, h).t);
        EXPECT_GE(p, last - 1e-9) << name << " h=" << h;
        if (h >= 1e6 && std::string(name) == "hinge") {
          EXPECT_NEAR(p, 1.0, 1e-6) << name << " h=" << h;  // the kink
        }
        if (h >= 1e6 && std::string(name) == "logistic") {
          EXPECT_GT(p, 5.0) << name << " h=" << h;
        }
        last = p;
      }
    }
  }
}

}  // namespace
}  // namespace learner
