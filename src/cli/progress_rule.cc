#include "option_readers.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "learner/error.h"

namespace learner {

// -P as VW reads it (parse_args.cc, parse_diagnostics): text with a '.' is a
// multiplier (<= 1: 1 is added; > 9 is suspicious), text without one an
// additive step (< 1: forced to 1); VW warns in each case and so do we.
// Unlike VW (atof), text that is not a number is an error.
ProgressOptions progress_rule(const std::string& p, ProgressOptions progress) {
  char* end = nullptr;
  const double x = std::strtod(p.c_str(), &end);
  if (p.empty() || *end != '\0' || !std::isfinite(x) || std::fabs(x) > 1e30)
    throw UsageError("-P/--progress takes a number, got '" + p + "'");
  progress.additive = p.find('.') == std::string::npos;
  progress.interval = static_cast<float>(x);
  if (progress.additive && progress.interval < 1) {
    std::fprintf(stderr, "warning: additive -P/--progress %s is < 1: using 1\n", p.c_str());
    progress.interval = 1;
  } else if (!progress.additive && progress.interval <= 1) {
    std::fprintf(stderr, "warning: multiplicative -P/--progress %s is <= 1.0: adding 1.0 (as VW)\n", p.c_str());
    progress.interval += 1;
  } else if (!progress.additive && progress.interval > 9) {
    std::fprintf(stderr, "warning: multiplicative -P/--progress %s is > 9.0: did you mean an integer step?\n",
                 p.c_str());
  }
  return progress;
}

}  // namespace learner
