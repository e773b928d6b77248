#include "learner/ratings/implicit_feedback.h"

#include <cmath>
#include <cstdio>
#include <unordered_set>
#include <vector>

#include "learner/error.h"

namespace learner::ratings {

FeatureTable load_implicit(LineReader& in, RatingFormat format, bool centered) {
  RatingReader reader(in, format);
  RatingRecord rec;
  std::unordered_map<std::string, std::vector<std::string>> items;  // per user, FILE order
  std::unordered_set<std::string> seen;                             // "user item"
  std::size_t count = 0;
  while (reader.next(rec)) {
    ++count;
    std::string key(rec.user);
    key.append(" ").append(rec.item);
    if (!seen.insert(std::move(key)).second) continue;
    items[std::string(rec.user)].emplace_back(rec.item);
  }
  if (count == 0) throw Error(in.name() + ": no ratings");
  FeatureTable table;
  char value[32];
  for (const auto& [user, list] : items) {
    std::snprintf(value, sizeof value, "%.6g", 1.0 / std::sqrt(static_cast<double>(list.size())));
    std::string& out = table[user];
    for (const std::string& item : list) {
      out.append(" r").append(item).append(":").append(value);
      if (centered) out.append(" ~r").append(item).append(":-").append(value);
    }
  }
  return table;
}

}  // namespace learner::ratings
