// SmoothLoss::step: closed form on an affine path, numerical update elsewhere.
#include "smooth.h"

#include <algorithm>
#include <cmath>

#include "flow_series.h"
#include "rescale.h"

namespace learner::detail {

UpdateStep SmoothLoss::step(const PredictionPath& path, double y, double h) const {
  return with_unit_fallback(path, h, [&](const PredictionPath& p, double hh) { return step_at_scale(p, y, hh); });
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
    if (flow_series(path, start, y, c, h, t)) return {clamp_step(t), h};
  } else if (series_step(path, start, y, h, t)) {
    return {clamp_step(t), h};
  }
  return integrate_smooth_update(*this, path, y, h);
}

}  // namespace learner::detail
