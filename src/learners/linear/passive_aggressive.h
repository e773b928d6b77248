// Passive-aggressive updates (Crammer et al. 2006), the closed-form MIRA step
// of seed 003 behind --mira; averaged by default.
//
// g = sum_c s_c x placed at sub-model c (the gradient of the signed sum in
// the hashed weight space, merged per slot), p = base + w.g (predict()).
//  * One part: binary PA. y = +1 if label > 0 else -1; target y p >= 1.
//      if y p < 1:  alpha = (1 - y p) / |g|^2,  w += alpha y g
//  * Two or more parts: label l is the required margin (MIRA: parts
//    {y*: +1, y^: -1}, l = l(y*, y^)); target p >= l.
//      if p < l:    alpha = (l - p) / |g|^2,    w += alpha g
//    Without collisions |g|^2 = n_parts |x|^2 (seed 003's 2 |x|^2); computing
//    it on the merged slots keeps the constraint exact under hashing: after
//    the update the target holds with equality (up to float rounding).
//  * PA-I (cap C > 0): alpha <= C * importance. Without a cap importance > 0
//    does not scale the step: the update already meets the constraint, and
//    seeing the example again would change nothing (importance invariance).
//  * |g|^2 = 0 (no features, or s = +1 and -1 on one sub-model): no update.
//
// Name in model files: "pa"; sections "pa.config", "pa.weights" and, with
// state when averaged, "pa.average" (version 1). Reported loss: "hinge".
#pragma once

#include "learner/plugin.h"

#include <cstdint>
#include <limits>
#include <memory>

#include "linear_learner.h"

namespace learner {

struct PassiveAggressiveConfig {
  uint32_t bits = 18;       // -b
  uint32_t sub_models = 1;  // K (classes of --mira)
  bool averaged = true;     // averaged weights (seed 003's default)
  double cap = std::numeric_limits<double>::infinity();  // PA-I's C; infinity = plain PA
};

// Throws learner::Error for bits outside 1..32, sub_models 0 or cap <= 0.
std::unique_ptr<LinearLearner> make_passive_aggressive(const PassiveAggressiveConfig& config);

// Its command-line plug-in (plugin.h): selected by --mira or --passive_aggressive.

}  // namespace learner
