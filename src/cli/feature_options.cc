// Hashing, the constant feature, interactions, text features, --ignore/--keep.
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/features/text_options.h"
#include "option_readers.h"

namespace learner {
namespace {

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += x;
  return s;
}

}  // namespace

void fill_features(const OptionValues& v, Options& o) {
  const std::string hash = v.text("hash");
  if (hash != "strings" && hash != "all") throw UsageError("--hash must be 'strings' or 'all', got '" + hash + "'");
  o.parse.hash_all = hash == "all";
  o.parse.hash_seed = static_cast<uint32_t>(v.number("hash_seed"));
  o.parse.keep_names = !o.invert_hash.empty() || o.audit || !o.audit_regressor.empty();

  FeatureSpec& f = o.features;
  f.constant = !v.flag("noconstant");
  for (const char* name : {"quadratic", "cubic", "interactions"})
    for (const std::string& s : v.list(name)) {
      const std::size_t want = std::string(name) == "quadratic" ? 2 : std::string(name) == "cubic" ? 3 : 0;
      if (want && s.size() != want)
        throw UsageError(std::string("--") + name + " takes " + std::to_string(want) + " namespace letters, got '" + s + "'");
      f.interactions.push_back(s);
    }
  f.permutations = v.flag("permutations");
  f.leave_duplicate_interactions = v.flag("leave_duplicate_interactions");
  f.text = make_text_features(v, o.parse.hash_all, o.parse.hash_seed);
  o.parse.keep_tokens = f.text && f.text->parse_time();
  f.max_interaction_features = static_cast<uint64_t>(v.number("interaction_limit"));
  f.ignore = join(v.list("ignore"));
  f.ignore_linear = join(v.list("ignore_linear"));
  f.keep = join(v.list("keep"));
}

}  // namespace learner
