// Private to src/ratings: true when s is one or more ASCII digits (the
// rating files' ids, ages and timestamps).
#pragma once

#include <string_view>

namespace learner::ratings {

inline bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

}  // namespace learner::ratings
