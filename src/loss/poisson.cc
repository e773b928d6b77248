// Poisson loss (docs/vw-compat.md section 3), as VW: the reported loss is the
// deviance 2 (y (log(y + 1e-6) - p) - (y - e^p)), while the derivatives and
// the update use g = e^p - y (half the deviance's derivative; VW's
// first_derivative and get_update). Labels y >= 0. Exponentials are capped at
// e^700 so nothing overflows.
//
// Affine update: the flow dp/dsigma = y - e^p (sigma = q h) gives VW's
//   y > 0:  dp = y sigma - log1p(e^p expm1(y sigma) / y)
//   y <= 0: dp = -log1p(e^p sigma)
// evaluated here in log space (no overflow, no cancellation for large
// y sigma); t = dp / q, capped at p^-1(log y).
#include <cmath>
#include <memory>

#include "families.h"
#include "smooth.h"

namespace learner::detail {
namespace {

double poisson_increment(double p0, double y, double sigma) {
  if (y <= 0.0) return -softplus(p0 + std::log(sigma));
  const double a = y * sigma;
  const double log_y = std::log(y);
  if (!std::isfinite(a)) return log_y - p0;
  const double lme_minus_a = a > 30.0 ? std::log1p(-std::exp(-a)) : std::log(std::expm1(a)) - a;
  const double L = p0 - log_y + a + lme_minus_a;  // log(e^p expm1(a) / y)
  if (L <= 0.0) return a - std::log1p(std::exp(L));
  return (log_y - p0) - lme_minus_a - std::log1p(std::exp(-L));
}

class Poisson final : public SmoothLoss {
 public:
  std::string_view name() const override { return "poisson"; }
  // Predictions are log-rates: labels 0/1, positive when the rate > 1/2.
  BinaryCoding binary_coding() const override { return {0.0, 1.0, std::log(0.5)}; }
  Range initial_range() const override { return {-50.0, 50.0}; }
  ConstantRule constant_rule() const override { return {ConstantRule::Kind::kLogMean}; }
  double label_min() const override { return 0.0; }
  double loss(double p, double y) const override {
    return 2.0 * (y * (std::log(y + 1e-6) - p) - (y - safe_exp(p)));
  }
  double first_derivative(double p, double y) const override { return safe_exp(p) - y; }
  double second_derivative(double p, double) const override { return safe_exp(p); }
  double stationary_point(double y) const override { return y > 0.0 ? std::log(y) : -INFINITY; }
  double gradient_near(double, double delta, double y) const override {
    return y * std::expm1(delta);
  }
  double gradient_log_slope(double p, double y) const override {
    return 1.0 / (1.0 - y * safe_exp(-p));
  }
  double linear_update(double p0, double q, double y, double h) const override {
    const double sigma = q * h;
    if (!(sigma > 1e-300)) return (y - safe_exp(p0)) * h;  // the q -> 0 limit
    const double t = poisson_increment(p0, y, sigma) / q;
    if (y <= 0.0) return t;
    return limit_to(t, PredictionPath::affine_inverse(p0, q, std::log(y)));
  }
};

}  // namespace

std::unique_ptr<Loss> make_poisson_loss() { return std::make_unique<Poisson>(); }

}  // namespace learner::detail
