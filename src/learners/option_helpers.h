// Shared pieces of the learners' plug-in declarations (private to the
// learners stage).
#pragma once

#include <limits>
#include <string>

#include "learner/plugin.h"

namespace learner::detail {

inline OptionSpec switch_option(const char* name, const char* help, bool stored = true) {
  OptionSpec s;
  s.name = name;
  s.kind = OptionKind::kSwitch;
  s.default_value = "0";
  s.help = help;
  s.stored = stored;
  return s;
}

inline OptionSpec number_option(const char* name, OptionKind kind, const char* def, double min, double max,
                                const char* help, bool min_exclusive = false) {
  OptionSpec s;
  s.name = name;
  s.kind = kind;
  s.default_value = def;
  s.min = min;
  s.max = max;
  s.min_exclusive = min_exclusive;
  s.help = help;
  s.stored = true;
  return s;
}

inline OptionSpec averaged_option() {
  return switch_option("averaged", "averaged weights (seed 003's lazy sums: O(features) per update); -t, holdout "
                                   "and saved models use the average");
}

// -l for the mistake-driven learners: the step, 1 unless given.
inline double step_of(const OptionValues& v) { return v.given("learning_rate") ? v.number("learning_rate") : 1.0; }

}  // namespace learner::detail
