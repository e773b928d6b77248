// Private to src/cli: the options a model file stores (stored_options.cc).
// A stored value is text: switches 0/1, lists joined by tabs, numbers as
// the user gave them.
#pragma once

#include <string>

#include "learner/cli/options.h"
#include "learner/plugin.h"

namespace learner::detail {

// Option s's value in v as model-file text.
std::string stored_text(const OptionValues& v, const OptionSpec& s);
// Whether two stored texts of s mean the same value (numbers compare as numbers).
bool same_value(const OptionSpec& s, const std::string& a, const std::string& b);
// A stored text as a message shows it ("given", "none", lists with blanks).
std::string shown(const OptionSpec& s, const std::string& value);
// The user's value of s, and whether the user gave it (--loss counts for --loss_function).
std::string user_text(const OptionValues& v, const OptionSpec& s);
bool user_gave(const OptionValues& v, const OptionSpec& s);
// Every stored option of the run's learner and reduction and of the command
// line's own, with its value, defaults included.
OptionList stored_options(const OptionValues& v, const Options& o);
// The learner's own stored values (LearnerSetup::stored) over those above.
void record_learner_values(Options& o);

}  // namespace learner::detail
