// Shared machinery of the piecewise-linear losses (hinge, quantile, absolute,
// perceptron); internal to src/loss.
//
// g is constant, g0 = g(p0, y), until p reaches the kink (docs/dyadic-update.md
// section 3), so with v = -g0:
//  * mu = 0:  t = v h, clipped at t_kink = p^-1(kink) (and at +/-kMaxStep);
//  * mu > 0:  t = v h until the first h at which p(v h, h) = kink (the decay
//    may also carry p to the kink when g0 = 0); the update stops there and
//    UpdateStep::h_used is that h (decay_root.h). It also stops where |t|
//    reaches kMaxStep.
// On an affine path linear_update() is used instead (VW's closed forms; equal
// to the rule above except for hinge with |y| != 1).
// min_importance(v) = |p^-1(v)| / |g0| when v lies between p0 and the kink.
#pragma once

#include "learner/loss/loss.h"
#include "numeric.h"

namespace learner::detail {

class PiecewiseLinearLoss : public Loss {
 public:
  // Where g changes (1/y for hinge, y for quantile/absolute, 0 for perceptron);
  // may be +/-infinity.
  virtual double kink(double y) const = 0;
  // The affine-path closed form; default: -g0 h clipped at the kink.
  virtual double linear_update(double p0, double q, double y, double h) const;

  double second_derivative(double, double) const override { return 0.0; }
  bool piecewise_linear() const override { return true; }
  // step_at_scale() in well-scaled units when it hits the step cap (rescale.h).
  UpdateStep step(const PredictionPath& path, double y, double h) const override;
  UpdateStep step_at_scale(const PredictionPath& path, double y, double h) const;
  double update(const PredictionPath& path, double y, double h) const override {
    return step(path, y, h).t;
  }
  double min_importance(const PredictionPath& path, double y, double v) const override;
};

}  // namespace learner::detail
