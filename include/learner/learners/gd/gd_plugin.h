// The gradient learner ('gd', the default learner) as a command-line
// plug-in (plugin.h): its options are declared beside it (gd_plugin.cc, the
// dyadic ones in dotproduct.cc) and read there into its own settings,
// CoreConfig. The batch learners (--bfgs, --conjugate_gradient) write gd
// models, so they accept the same options and read the same settings.
#pragma once

#include <vector>

#include "learner/learners/gd/config.h"
#include "learner/plugin.h"

namespace learner {

// Every option of the gradient learner: the update, its rates and
// regularisers, the loss (which the command line reads for every learner
// that takes it), and the dyadic model's.
const std::vector<OptionSpec>& gd_options();

// Reads the gradient learner's settings into `c` (every field but bits and
// sub_models, which the LearnerContext brings); returns what the run must
// know of them (LearnerSetup without make). Throws UsageError.
LearnerSetup read_gd_settings(const OptionValues& v, const RunFacts& f, CoreConfig& c);

}  // namespace learner
