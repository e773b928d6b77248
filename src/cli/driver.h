// One run of the learner: read, predict, learn, report, save. Returns the
// process exit code (0, or 1 when --lenient skipped nothing but the run
// failed); errors throw learner::Error and are reported by main().
#pragma once

#include "learner/cli/options.h"

namespace learner {

int run(const Options& options);

}  // namespace learner
