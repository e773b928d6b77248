// The command line's own options (input and output, passes, features and
// hashing, rates and start weights every learner may read), declared as data in
// the same form as the plug-ins' (plugin.h): --help, range checks and the
// options models store are all derived from these declarations. Private to
// the cli stage.
#pragma once

#include <string>
#include <vector>

#include "learner/plugin.h"

namespace learner {

struct OptionGroup {
  std::string title;
  std::vector<OptionSpec> options;
};

// The groups in --help order.
const std::vector<OptionGroup>& general_options();

}  // namespace learner
