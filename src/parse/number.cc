// parse_number: the inline reader of number_inline.h, and the rare outcomes.
#include "learner/parse/number.h"

#include <fast_float/fast_float.h>

#include <limits>

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

NumberStatus parse_long_number(std::string_view token, float& out) {
  const char* p = token.data();
  const char* const end = p + token.size();
  const char* body = p;
  if (body < end && (*body == '+' || *body == '-')) ++body;
  const std::size_t n = static_cast<std::size_t>(end - body);
  // A number starts with a digit, or '.' then a digit (fast_float alone would
  // also take "nan", "inf" and "-+1").
  if (!(body < end && (static_cast<unsigned char>(*body - '0') < 10 ||
                       (*body == '.' && end - body > 1 && static_cast<unsigned char>(body[1] - '0') < 10))))
    return classify_non_number(std::string_view(body, n));
  if (*p == '+') p = body;  // fast_float reads a '-' itself, not a '+'
  double value = 0.0;
  const fast_float::from_chars_result r = fast_float::from_chars(p, end, value, fast_float::chars_format::general);
  if (r.ptr != end || r.ec != std::errc()) return NumberStatus::kMalformed;  // "1.5x", "1e", "0x1A"
  // fast_float gives +-inf for a literal past double's range and 0 below it.
  if (!(value <= static_cast<double>(std::numeric_limits<float>::max()) &&
        value >= -static_cast<double>(std::numeric_limits<float>::max())))
    return NumberStatus::kOverflow;
  out = static_cast<float>(value);
  return NumberStatus::kOk;
}

NumberStatus parse_number(std::string_view token, float& out) { return parse_number_inline(token, out); }

}  // namespace learner
