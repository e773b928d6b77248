// Private to src/cli: readers of one group of options each, split out of
// options.cc (which owns the catalogue, the parsed values and the order in
// which the groups are read). Each reads only through OptionValues and throws
// UsageError for a bad combination.
#pragma once

#include <cstdint>
#include <string>

#include "learner/cli/options.h"
#include "learner/model/weight_init.h"
#include "learner/plugin.h"
#include "learner/report/progress.h"

namespace learner {

// -P/--progress as VW reads it (progress_rule.cc).
ProgressOptions progress_rule(const std::string& p, ProgressOptions progress);

// The start weights (weight_init_options.cc).
WeightInit weight_init(const OptionValues& v, uint32_t seed, bool constant_feature);

// --json, --dsjson, --csv and their settings into o.parse (format_options.cc).
void fill_format(const OptionValues& v, Options& o);

}  // namespace learner
