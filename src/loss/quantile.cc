// Quantile (pinball) and absolute losses (docs/vw-compat.md section 3;
// dyadic-update.md section 3). Kink at the label; the update stops there.
// Affine path: -g0 h clipped at p^-1(y) = (y - p) / q, which is VW's
// "tau eta if tau eta H < e, else e / H" in t units.
#include <cmath>
#include <memory>

#include "families.h"
#include "piecewise.h"

namespace learner::detail {
namespace {

// tau (y - p) if y > p, else (1 - tau)(p - y); g = -tau or 1 - tau (0 at p = y).
class Quantile final : public PiecewiseLinearLoss {
 public:
  explicit Quantile(double tau) : tau_(tau) {}
  std::string_view name() const override { return "quantile"; }
  double loss(double p, double y) const override {
    const double e = y - p;
    return e > 0.0 ? tau_ * e : -(1.0 - tau_) * e;
  }
  double first_derivative(double p, double y) const override {
    const double e = y - p;
    if (e == 0.0) return 0.0;
    return e > 0.0 ? -tau_ : 1.0 - tau_;
  }
  double kink(double y) const override { return y; }
  bool minimum_at_label() const override { return true; }
  ConstantRule constant_rule() const override { return {ConstantRule::Kind::kQuantile, tau_}; }

 private:
  double tau_;
};

// |y - p| = 2 x quantile(1/2); g = -sign(y - p). (VW's "absolute" is an alias
// of quantile without the factor 2.)
class Absolute final : public PiecewiseLinearLoss {
 public:
  std::string_view name() const override { return "absolute"; }
  double loss(double p, double y) const override { return std::fabs(y - p); }
  double first_derivative(double p, double y) const override {
    if (p == y) return 0.0;
    return p > y ? 1.0 : -1.0;
  }
  double kink(double y) const override { return y; }
  bool minimum_at_label() const override { return true; }
  ConstantRule constant_rule() const override { return {ConstantRule::Kind::kQuantile, 0.5}; }
};

}  // namespace

std::unique_ptr<Loss> make_quantile_loss(double tau) { return std::make_unique<Quantile>(tau); }
std::unique_ptr<Loss> make_absolute_loss() { return std::make_unique<Absolute>(); }

}  // namespace learner::detail
