// --ignore_features_dsjson_experimental (VW 9.11): string features
// ("key": "value") of --json and --dsjson examples that the JSON reader drops
// as it reads them, named "namespace|key": the namespace is the JSON object's
// (or array's) key that holds the feature, empty for the example's top level
// ("|key", VW's default namespace). As VW, only string-valued features are
// dropped; numbers and booleans of the same key are kept.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace learner {

class IgnoredJsonFeatures {
 public:
  // Reads "ns|key" specifications (the first '|' separates them; the key may
  // not be empty). Throws UsageError naming a malformed one.
  explicit IgnoredJsonFeatures(const std::vector<std::string>& specs);
  bool empty() const { return names_.empty(); }
  // Whether the string feature `key` of namespace `ns` ("" at the top level) is dropped.
  bool ignored(std::string_view ns, std::string_view key) const {
    for (const auto& [n, k] : names_)
      if (k == key && n == ns) return true;
    return false;
  }

 private:
  std::vector<std::pair<std::string, std::string>> names_;  // (namespace, key), a handful
};

}  // namespace learner
