#include "rescale.h"

#include <cmath>

namespace learner::detail {

double step_unit(const PredictionPath& path) {
  const double slope = path.slope(0.0);
  return slope > 0.0 && slope < kMinSlope && std::isfinite(1.0 / slope) ? 1.0 / slope : 1.0;
}

PredictionPath rescaled(const PredictionPath& path, double c) {
  PredictionPath p = path;
  p.q *= c;
  p.kappa *= c;
  p.mu *= c;
  for (int j = 0; j < p.n_extra; ++j) p.extra[j].kappa *= c;
  return p;
}

}  // namespace learner::detail
