// VW's prediction clipping (design/vw-compat.md section 2): predictions are
// clipped to a running [min label, max label] range that starts at [0, 0]
// ([-50, 50] for logistic and poisson) and widens with every label learned
// from, unless --min_prediction/--max_prediction fix it.
#pragma once

#include <algorithm>
#include <cmath>

namespace learner {

struct LabelRange {
  double min = 0.0;
  double max = 0.0;
  bool fixed_min = false;
  bool fixed_max = false;

  void widen(double label) {
    if (!fixed_min && label < min) min = label;
    if (!fixed_max && label > max) max = label;
  }
  // NaN predictions become 0, as in VW.
  double clip(double p) const { return std::isnan(p) ? 0.0 : std::clamp(p, min, max); }
};

}  // namespace learner
