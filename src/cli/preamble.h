// The lines a run prints on stderr before its progress table (VW's layout:
// bits, rates, loss, cache and data source, holdout), unless --quiet.
#pragma once

#include "learner/cli/options.h"
#include "learner/learner.h"
#include "learner/stream/pipeline.h"

namespace learner {

// `learning_rate`: the rate the run starts with (a -i model's restored one;
// NaN: none to show).
void print_preamble(const Options& o, const Learner& learner, double learning_rate, CacheUse cache);

}  // namespace learner
