// VW's prediction clipping (docs/vw-compat.md section 2): predictions are
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
  // The lowest and highest label learned from (lowest > highest: none yet),
  // whatever the clipping range: RMSE and MAE clip predictions to them
  // (train/trainer.h), so MovieLens is scored in [1, 5], not VW's [0, 5].
  double lowest = HUGE_VAL;
  double highest = -HUGE_VAL;

  void widen(double label) {
    widen_clipping(label);
    lowest = std::min(lowest, label);
    highest = std::max(highest, label);
  }
  // The clipping range alone (another rank's range under --allreduce).
  void widen_clipping(double value) {
    if (!fixed_min && value < min) min = value;
    if (!fixed_max && value > max) max = value;
  }
  bool has_labels() const { return lowest <= highest; }
  // NaN predictions become 0, as in VW.
  double clip(double p) const { return std::isnan(p) ? 0.0 : std::clamp(p, min, max); }
};

}  // namespace learner
