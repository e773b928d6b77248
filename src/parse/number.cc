// parse_number: the inline reader of number_inline.h, and the rare outcomes.
#include "learner/parse/number.h"

#include "number_inline.h"

namespace learner {
namespace {

bool equals_nocase(std::string_view s, std::string_view lower) {
  if (s.size() != lower.size()) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != lower[i]) return false;
  }
  return true;
}

}  // namespace

NumberStatus classify_non_number(std::string_view body) {
  if (equals_nocase(body, "nan") || equals_nocase(body, "inf") || equals_nocase(body, "infinity"))
    return NumberStatus::kNonFinite;
  return NumberStatus::kNotANumber;
}

NumberStatus parse_number(std::string_view token, float& out) { return parse_number_inline(token, out); }

}  // namespace learner
