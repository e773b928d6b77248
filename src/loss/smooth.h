// Shared machinery of the smooth losses (squared, classic, expectile,
// logistic, poisson); internal to src/loss.
//
// On an affine path (PredictionPath::is_affine) update() is the loss's closed
// form, VW's get_update() rewritten in t (docs/vw-compat.md section 3: with
// q = eta H and VW's eta_t = eta h, t = u / eta). Elsewhere it solves
// dt/dh = -g(p(t, h), y), t(0) = 0 numerically (smooth_ode.cc, Dormand-Prince
// with rtol 1e-10; 1e-8 on a decaying path, loss.h), in a formulation that is not stiff when q g' h is large:
//  * mu = 0, stationary point p* (g(p*) = 0) finite and reached at
//    t* = p^-1(p*): the log-distance log|t* - t| is integrated; t never
//    passes t*, so p never passes p* (safety).
//  * mu = 0, otherwise (logistic with |y| = 1, poisson with y = 0, or p*
//    beyond kMaxStep): t is the variable and h |g| the state.
//  * mu > 0: dt/dh = -g itself; it stops where p reaches p* (the seed's
//    rule), reported through UpdateStep::h_used.
#pragma once

#include "learner/loss/loss.h"
#include "numeric.h"

namespace learner::detail {

class SmoothLoss : public Loss {
 public:
  // The p where g(p, y) = 0; +/-infinity when g keeps one sign (logistic with
  // |y| = 1 or |y| > 1, poisson with y <= 0).
  virtual double stationary_point(double y) const = 0;
  // g(p_star + delta, y) for p_star = stationary_point(y), accurate when
  // delta is tiny (no cancellation).
  virtual double gradient_near(double p_star, double delta, double y) const {
    return first_derivative(p_star + delta, y);
  }
  // g'(p) / g(p), the log-derivative of |g|.
  virtual double gradient_log_slope(double p, double y) const {
    return second_derivative(p, y) / first_derivative(p, y);
  }
  // The closed form on the affine path p(t) = p0 + q t (q >= 0, h > 0).
  virtual double linear_update(double p0, double q, double y, double h) const = 0;
  // c when the flow is dt/dh = c (y - p) from p0 on (the squared family, c =
  // 2 w), which step() then solves by its Taylor series (flow_series.h) when
  // that converges; 0 for the other losses.
  virtual double flow_rate(double p0, double y) const { return 0.0; }
  // The flow on a dyadic path by a series of the loss's own (logistic with
  // y = +-1: logistic_series.h), which step() tries before the ODE; false
  // when the loss has none or it does not apply or converge.
  virtual bool series_step(const PredictionPath& path, const PathStart& start, double y, double h,
                           double& t) const {
    return false;
  }

  // step_at_scale() in well-scaled units when it hits the step cap (rescale.h).
  UpdateStep step(const PredictionPath& path, double y, double h) const override;
  // step() on linear(p0, q): linear_update() directly while the step stays under the cap.
  UpdateStep affine_step(double p0, double q, double y, double h) const override;
  UpdateStep step_at_scale(const PredictionPath& path, double y, double h) const;
  double update(const PredictionPath& path, double y, double h) const override {
    return step(path, y, h).t;
  }
};

// The numerical update on a non-affine path (smooth_ode.cc). Requires h > 0.
UpdateStep integrate_smooth_update(const SmoothLoss& loss, const PredictionPath& path, double y,
                                   double h);

}  // namespace learner::detail
