// Private to src/cli: readers of one group of options each, split out of
// options.cc (which owns the catalogue, the parsed values and the order in
// which the groups are read), in the order options.cc calls them. Each reads only through OptionValues and throws
// UsageError for a bad combination.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

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

// The learner and reduction the command line selects into o.learner and
// o.reduction_plugin; a plug-in's own options without its selector, and
// gradient-learner options with another learner, are errors
// (plugin_selection.cc).
void select_plugins(const OptionValues& v, Options& o);

// Files, passes, cache, holdout, progress (io_options.cc).
void fill_io(const OptionValues& v, Options& o);

// Hashing, interactions, text features, --ignore/--keep; after fill_io
// (feature_options.cc).
void fill_features(const OptionValues& v, Options& o);

// Loss, link, start weights, then the learner's own settings
// (LearnerPlugin::setup, told which options were typed on the command line
// rather than restored from a -i model); after fill_features
// (learning_options.cc).
void fill_learning(const OptionValues& v, Options& o, std::function<bool(std::string_view)> on_command_line);

// The reduction's settings, labels and prediction form; after fill_learning
// (reduction_options.cc).
void fill_reduction(const OptionValues& v, Options& o);

}  // namespace learner
