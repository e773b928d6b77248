// The lines a run prints on stderr before its progress table (VW's layout:
// bits, rates, loss, cache and data source, holdout), unless --quiet.
#pragma once

#include "learner/cli/options.h"
#include "learner/cli/pipeline.h"
#include "learner/core/model.h"

namespace learner {

void print_preamble(const Options& o, const Model& model, CacheUse cache);

}  // namespace learner
