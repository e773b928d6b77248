#include "learner/parse/ignored_json_features.h"

#include "learner/error.h"

namespace learner {

IgnoredJsonFeatures::IgnoredJsonFeatures(const std::vector<std::string>& specs) {
  for (const std::string& s : specs) {
    const std::size_t bar = s.find('|');
    if (bar == std::string::npos || bar + 1 == s.size())
      throw UsageError("--ignore_features_dsjson_experimental '" + s +
                       "': give namespace|feature (|feature for the top level)");
    names_.emplace_back(s.substr(0, bar), s.substr(bar + 1));
  }
}

}  // namespace learner
