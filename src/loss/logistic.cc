// Logistic loss log(1 + e^{-y p}) for y in {-1, 1}; other labels in [-1, 1]
// mix the two with s = (y + 1) / 2, as VW does with its default
// --logistic_min -1 --logistic_max 1 (docs/vw-compat.md section 3).
//
// Exact affine update (arXiv:1011.1576, as VW's get_update but without its
// 9e-5 Lambert-W approximation): z = y p moves by logistic_increment(z0,
// sigma = q h) (logistic_increment.h: Halley's and Newton's steps, to a few
// ulp of the root), and t = y delta / q.
#include <cmath>
#include <memory>

#include "families.h"
#include "logistic_increment.h"
#include "logistic_series.h"
#include "smooth.h"

namespace learner::detail {
namespace {

// Exact affine update for y = +/-1.
double logistic_step(double p0, double q, double y, double h) {
  const double z0 = y * p0;
  const double sigma = q * h;
  if (!(sigma > 1e-300)) return y * h * sigmoid(-z0);  // the q -> 0 limit
  return y * logistic_increment(z0, sigma) / q;
}

class Logistic final : public SmoothLoss {
 public:
  std::string_view name() const override { return "logistic"; }
  Range initial_range() const override { return {-50.0, 50.0}; }
  ConstantRule constant_rule() const override { return {ConstantRule::Kind::kLogOdds}; }
  bool predicts_log_odds() const override { return true; }
  double label_min() const override { return -1.0; }
  double label_max() const override { return 1.0; }
  // The labels +-1 (every example of a binary task) need one of the two
  // sides only: one softplus or sigmoid instead of two.
  double loss(double p, double y) const override {
    if (y == 1.0) return softplus(-p);
    if (y == -1.0) return softplus(p);
    const double s = share(y);
    return s * softplus(-p) + (1.0 - s) * softplus(p);
  }
  double first_derivative(double p, double y) const override {
    if (y == 1.0) return -sigmoid(-p);
    if (y == -1.0) return sigmoid(p);
    const double s = share(y);
    return -s * sigmoid(-p) + (1.0 - s) * sigmoid(p);
  }
  double second_derivative(double p, double) const override { return sigmoid(p) * sigmoid(-p); }
  double stationary_point(double y) const override {
    const double s = share(y);
    if (s >= 1.0) return INFINITY;
    if (s <= 0.0) return -INFINITY;
    return std::log(s / (1.0 - s));
  }
  // sigma(p* + delta) - sigma(p*) = expm1(delta) s sigma(-(p* + delta)).
  double gradient_near(double p_star, double delta, double y) const override {
    return std::expm1(delta) * share(y) * sigmoid(-(p_star + delta));
  }
  double gradient_log_slope(double p, double y) const override {
    const double s = share(y);
    if (s == 1.0) return -sigmoid(p);
    if (s == 0.0) return sigmoid(-p);
    return second_derivative(p, y) / first_derivative(p, y);
  }
  bool series_step(const PredictionPath& path, const PathStart& start, double y, double h,
                   double& t) const override {
    return (y == 1.0 || y == -1.0) && logistic_flow_series(path, start, y, h, t);
  }
  double linear_update(double p0, double q, double y, double h) const override {
    if (y == 1.0 || y == -1.0) return logistic_step(p0, q, y, h);
    const double s = share(y);  // VW's mixture (not importance invariant)
    return s * logistic_step(p0, q, 1.0, h) + (1.0 - s) * logistic_step(p0, q, -1.0, h);
  }

 private:
  static double share(double y) { return 0.5 * (y + 1.0); }
};

}  // namespace

std::unique_ptr<Loss> make_logistic_loss() { return std::make_unique<Logistic>(); }

}  // namespace learner::detail
