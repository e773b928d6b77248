// A run's VW text-model header facts (learner/train/vw_text_header.h): -b, --ngram,
// --skips and the options VW would list (vw_options_text.h) - the keep
// options the run supplied. learner's -i models store every option with its
// default, VW's only the supplied ones: a value restored from a -i model
// counts as supplied unless it is the option's default.
#pragma once

#include "learner/cli/options.h"
#include "learner/train/vw_text_header.h"

namespace learner::detail {

VwTextHeader vw_text_header_of(const Options& o);

}  // namespace learner::detail
