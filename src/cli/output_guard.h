// Private to src/cli: no output of a run replaces one of its inputs
// (learner/io/same_file.h). The run's inputs and outputs are listed here,
// once, from the Options, so that every flag is checked, on the names the
// run will open: parse_options checks the names as given, for_rank
// (rank_setup.h) again once '%r' has become the rank.
#pragma once

#include <vector>

#include "learner/cli/options.h"
#include "learner/io/same_file.h"

namespace learner {

// The files a run reads: -d, -i (or --feature_mask's model), and every
// --dictionary file (as found along --dictionary_path).
std::vector<NamedPath> run_inputs(const Options& o);

// Throws UsageError (refuse_outputs_over_inputs) when -p, -r, -f (and its
// --save_per_pass copies F.N), --readable_model, --invert_hash,
// --audit_regressor or --cache_file is the same regular file as an input;
// -f may be the -i model (resuming in place).
void refuse_outputs_over_inputs(const Options& o);

}  // namespace learner
