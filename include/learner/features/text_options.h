// The command-line options of the text features (text_features.h) and
// --leave_duplicate_interactions, declared beside the code that reads them;
// the CLI lists them as one --help group.
#pragma once

#include <memory>
#include <vector>

#include "learner/features/text_features.h"
#include "learner/plugin.h"

namespace learner {

const std::vector<OptionSpec>& text_feature_options();

// The TextFeatures the values ask for, or null when none is given. Throws
// UsageError for a malformed argument, a --skips without --ngram or a
// dictionary that cannot be read.
std::shared_ptr<const TextFeatures> make_text_features(const OptionValues& values, bool hash_all, uint32_t hash_seed);

}  // namespace learner
