// Well-scaled step units (issue 17, defect 6). Private to the loss stage.
//
// The step t has no natural unit: with t = c tau the path p(t, h) becomes
// p'(tau, h') = p(c tau, c h') with q' = c q, kappa' = c kappa (every term),
// mu' = c mu, h' = h / c, and the flow dt/dh = -g becomes dtau/dh' = -g, so
// step(path, y, h) = c * step(path', y, h / c) exactly. A huge importance
// weight makes the adaptive rates, and so dp/dt at 0, tiny (1e20: 1e-11):
// the t that reaches the label is then past the kMaxStep cap, which was
// meant for the dyadic near-hyperdiagonal case, and the update stopped almost
// at once (the second prediction of `3 1e20 |x a` was 0.000012). Solving in
// units where dp/dt(0) = 1 keeps every cap meaningful: |tau| <= kMaxStep lets
// p move about 1e6, whatever the importance.
#pragma once

#include <cmath>

#include "learner/loss/loss.h"

namespace learner::detail {

// c = 1 / (dp/dt at 0) when that slope is below kMinSlope (positive and
// finite), else 1.
double step_unit(const PredictionPath& path);
constexpr double kMinSlope = 1e-4;

// The path in units of c (see above).
PredictionPath rescaled(const PredictionPath& path, double c);

// solve(path, h); when that hit the step cap (|t| = kMaxStep) on a path of
// tiny slope, solve again in units of c = step_unit(path) and scale back.
// The rescaled t is shortened by a relative 1e-12 so that the rounding of
// c * tau never carries p past a label or kink the solver stopped at. Paths
// at ordinary rates, and steps under the cap, are solved as before (same bits).
template <class Solve>
UpdateStep with_unit_fallback(const PredictionPath& path, double h, Solve&& solve) {
  const UpdateStep s = solve(path, h);
  if (!(std::fabs(s.t) >= PredictionPath::kMaxStep * (1.0 - 1e-9))) return s;
  const double c = step_unit(path);
  if (c == 1.0) return s;
  const double h_scaled = h / c;
  const UpdateStep r = solve(rescaled(path, c), h_scaled);
  return {c * r.t * (1.0 - 1e-12), r.h_used == h_scaled ? h : c * r.h_used};
}

}  // namespace learner::detail
