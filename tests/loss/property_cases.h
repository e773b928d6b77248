// How many random cases the property sweeps run: LEARNER_PROPERTY_CASES if
// set, else 100000 in an optimised build, fewer under sanitizers or without
// optimisation (the suite must stay fast there too).
#pragma once

#include <cmath>
#include <cstdlib>

#include "learner/loss/path.h"

namespace learner::testing {

inline int property_cases() {
  if (const char* env = std::getenv("LEARNER_PROPERTY_CASES")) {
    const int n = std::atoi(env);
    if (n > 0) return n;
  }
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_UNDEFINED__)
  return 3000;
#elif !defined(NDEBUG)
  return 5000;
#else
  return 100000;
#endif
}

// The largest |t| a step may take on `path`: kMaxStep in units where dp/dt at
// 0 is 1 when that slope is below 1e-4 (issue 17, defect 6: a huge importance
// weight makes the slope tiny and needs a long step), else kMaxStep.
inline double step_cap(const PredictionPath& path) {
  const double slope = path.slope(0.0);
  const double unit = slope > 0.0 && slope < 1e-4 && std::isfinite(1.0 / slope) ? 1.0 / slope : 1.0;
  return PredictionPath::kMaxStep * unit * (1.0 + 1e-9);
}

}  // namespace learner::testing
