// Margin losses: hinge max(0, 1 - y p) and perceptron max(0, -y p)
// (docs/dyadic-update.md section 3; vw-compat.md section 3).
#include <cmath>
#include <memory>

#include "families.h"
#include "piecewise.h"

namespace learner::detail {
namespace {

// g = -y while y p < 1, else 0 (VW). Kink at p = 1/y on a dyadic path.
// Affine path: VW's get_update in t units, t = y min(h, (1 - y p) / q) when
// y p < 1 (also for |y| != 1, where it stops short of the kink as VW does).
class Hinge final : public PiecewiseLinearLoss {
 public:
  std::string_view name() const override { return "hinge"; }
  double loss(double p, double y) const override { return std::fmax(0.0, 1.0 - y * p); }
  double first_derivative(double p, double y) const override { return y * p >= 1.0 ? 0.0 : -y; }
  double kink(double y) const override { return y != 0.0 ? 1.0 / y : INFINITY; }
  double linear_update(double p0, double q, double y, double h) const override {
    if (y * p0 >= 1.0) return 0.0;
    const double err = 1.0 - y * p0;
    return y * (q * h < err ? h : err / q);
  }
  ConstantRule constant_rule() const override { return {ConstantRule::Kind::kMajoritySign}; }
};

// g = -y while y p <= 0, else 0; the update moves p toward 0 at rate |y| and
// stops there (the kink). So a prediction of exactly 0 never moves: unlike the
// classic perceptron (plain_update), the importance-aware flow of max(0, -y p)
// ends on the boundary.
class Perceptron final : public PiecewiseLinearLoss {
 public:
  std::string_view name() const override { return "perceptron"; }
  double loss(double p, double y) const override { return std::fmax(0.0, -y * p); }
  double first_derivative(double p, double y) const override { return y * p <= 0.0 ? -y : 0.0; }
  double kink(double) const override { return 0.0; }
  ConstantRule constant_rule() const override { return {ConstantRule::Kind::kMajoritySign}; }
};

}  // namespace

std::unique_ptr<Loss> make_hinge_loss() { return std::make_unique<Hinge>(); }
std::unique_ptr<Loss> make_perceptron_loss() { return std::make_unique<Perceptron>(); }

}  // namespace learner::detail
