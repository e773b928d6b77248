// The squared family: squared, classic and expectile losses
// (docs/vw-compat.md section 3; Karampatziakis & Langford, arXiv:1011.1576).
#include <cmath>
#include <memory>

#include "families.h"
#include "smooth.h"

namespace learner::detail {
namespace {

// VW's squared get_update in t units for weight w (1, or the expectile side):
//   t = (y - p)(1 - e^{-2 w q h}) / q,  or 2 w (y - p) h when w q h < 1e-6
// (VW's first-order Taylor branch); capped at p^-1(y) so that rounding never
// carries p past the label.
double squared_step(double p0, double q, double y, double h, double w) {
  const double e = y - p0;
  const double s = w * q * h;
  const double t = (q == 0.0 || s < 1e-6) ? 2.0 * w * e * h : -e * std::expm1(-2.0 * s) / q;
  return limit_to(t, PredictionPath::affine_inverse(p0, q, y));
}

// (p - y)^2, g = 2 (p - y). Minimum at the label.
class Squared : public SmoothLoss {
 public:
  std::string_view name() const override { return "squared"; }
  double loss(double p, double y) const override { return (p - y) * (p - y); }
  double first_derivative(double p, double y) const override { return 2.0 * (p - y); }
  double second_derivative(double, double) const override { return 2.0; }
  bool minimum_at_label() const override { return true; }
  double stationary_point(double y) const override { return y; }
  double gradient_near(double, double delta, double) const override { return 2.0 * delta; }
  double gradient_log_slope(double p, double y) const override { return 1.0 / (p - y); }
  double linear_update(double p0, double q, double y, double h) const override {
    return squared_step(p0, q, y, h, 1.0);
  }
  double flow_rate(double, double) const override { return 2.0; }
  ConstantRule constant_rule() const override { return {ConstantRule::Kind::kMean}; }
};

// Same loss; on an affine path the plain step 2 (y - p) h (not importance
// aware, as VW's classic, so it can overshoot the label there). On a dyadic
// path it integrates the flow like squared.
class Classic final : public Squared {
 public:
  std::string_view name() const override { return "classic"; }
  double linear_update(double p0, double, double y, double h) const override {
    return 2.0 * (y - p0) * h;
  }
};

// w (p - y)^2 with w = q_e if y < p, else 1 - q_e (VW's expectile); the
// affine update is the squared one with eta replaced by w eta.
class Expectile final : public SmoothLoss {
 public:
  explicit Expectile(double q) : q_(q) {}
  std::string_view name() const override { return "expectile"; }
  double loss(double p, double y) const override { return weight(p, y) * (p - y) * (p - y); }
  double first_derivative(double p, double y) const override {
    return 2.0 * weight(p, y) * (p - y);
  }
  double second_derivative(double p, double y) const override { return 2.0 * weight(p, y); }
  bool minimum_at_label() const override { return true; }
  double stationary_point(double y) const override { return y; }
  double gradient_near(double, double delta, double) const override {
    return 2.0 * (delta > 0.0 ? q_ : 1.0 - q_) * delta;
  }
  double gradient_log_slope(double p, double y) const override { return 1.0 / (p - y); }
  double linear_update(double p0, double q, double y, double h) const override {
    return squared_step(p0, q, y, h, weight(p0, y));
  }
  double flow_rate(double p0, double y) const override { return 2.0 * weight(p0, y); }

 private:
  double weight(double p, double y) const { return y - p < 0.0 ? q_ : 1.0 - q_; }
  double q_;
};

}  // namespace

std::unique_ptr<Loss> make_squared_loss() { return std::make_unique<Squared>(); }
std::unique_ptr<Loss> make_classic_loss() { return std::make_unique<Classic>(); }
std::unique_ptr<Loss> make_expectile_loss(double q) { return std::make_unique<Expectile>(q); }

}  // namespace learner::detail
