// SmoothLoss::step: closed form on an affine path, numerical update elsewhere.
#include "smooth.h"

#include <algorithm>
#include <cmath>

#include "flow_series.h"
#include "rescale.h"

namespace learner::detail {
namespace {

// affine_step's rare case (the step cap): step() on the linear path, out of
// line and cold, so that the per-example fast path keeps a short frame (with
// it inlined the fast path saved and restored its inputs around the
// exponential: 6 instructions more per example).
[[gnu::noinline, gnu::cold]] UpdateStep smooth_affine_at_cap(const SmoothLoss& loss, double p0, double q, double y,
                                                             double h) {
  return loss.step(PredictionPath::linear(p0, q), y, h);
}

}  // namespace

UpdateStep SmoothLoss::step(const PredictionPath& path, double y, double h) const {
  return with_unit_fallback(path, h, [&](const PredictionPath& p, double hh) { return step_at_scale(p, y, hh); });
}

UpdateStep SmoothLoss::affine_step(double p0, double q, double y, double h) const {
  // step_at_scale()'s affine branch on linear(p0, q), whose at(0) is p0 + (P - M) / 2 with P = M = 0;
  // at the step cap, step() itself (with_unit_fallback may rescale).
  if (h > 0.0) {
    const double start = std::clamp(p0 + 0.5 * (0.0 - 0.0), -PredictionPath::kHuge, PredictionPath::kHuge);
    const double t = clamp_step(linear_update(start, std::max(q, 0.0), y, h));
    if (!(std::fabs(t) >= PredictionPath::kMaxStep * (1.0 - 1e-9))) return {t, h};
  }
  return smooth_affine_at_cap(*this, p0, q, y, h);
}

UpdateStep SmoothLoss::step_at_scale(const PredictionPath& path, double y, double h) const {
  if (!(h > 0.0)) return {0.0, 0.0};
  if (path.is_affine()) {
    const double t = linear_update(path.at(0.0), std::max(path.q, 0.0), y, h);
    return {clamp_step(t), h};
  }
  const PathStart start = path_start(path);
  double t = 0.0;
  if (const double c = flow_rate(start.p, y); c > 0.0) {
    if (double h_used = h; flow_series(path, start, y, c, h, t, h_used)) return {clamp_step(t), h_used};
  } else if (series_step(path, start, y, h, t)) {
    return {clamp_step(t), h};
  }
  return integrate_smooth_update(*this, path, y, h);
}

}  // namespace learner::detail
