// Shared pieces of the learners' plug-in declarations (private to the
// learners stage).
#pragma once

#include <limits>
#include <string>

#include "learner/plugin.h"

namespace learner::detail {

inline OptionSpec averaged_option() {
  return switch_option("averaged", "averaged weights (lazy sums: O(features) per update); -t, holdout "
                                   "and saved models use the average (--mira's passive-aggressive learner: always, unless --no_average)", true);
}

// -l for the mistake-driven learners: the step, 1 unless given.
inline double step_of(const OptionValues& v) { return v.given("learning_rate") ? v.number("learning_rate") : 1.0; }

}  // namespace learner::detail
