// Strict decimal parsing on std::from_chars (no locale, no allocation on the
// common path); strtod only to tell overflow from underflow.
#include "learner/parse/number.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace learner {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

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

NumberStatus parse_number(std::string_view token, float& out) {
  std::string_view body = token;
  bool negative = false;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
    negative = body[0] == '-';
    body.remove_prefix(1);
  }
  bool numeric_start = !body.empty() && (is_digit(body[0]) || (body[0] == '.' && body.size() > 1 && is_digit(body[1])));
  if (!numeric_start) {
    if (equals_nocase(body, "nan") || equals_nocase(body, "inf") || equals_nocase(body, "infinity")) {
      return NumberStatus::kNonFinite;
    }
    return NumberStatus::kNotANumber;
  }
  double value = 0.0;
  const char* end = body.data() + body.size();
  auto [ptr, ec] = std::from_chars(body.data(), end, value, std::chars_format::general);
  if (ec == std::errc::result_out_of_range) {
    if (ptr != end) return NumberStatus::kMalformed;
    std::string copy(body);  // rare: decide between overflow and underflow
    value = std::strtod(copy.c_str(), nullptr);
    if (std::isinf(value)) return NumberStatus::kNonFinite;
  } else if (ec != std::errc() || ptr != end) {
    return NumberStatus::kMalformed;
  }
  if (std::fabs(value) > static_cast<double>(std::numeric_limits<float>::max())) return NumberStatus::kNonFinite;
  float f = static_cast<float>(value);
  out = negative ? -f : f;
  return NumberStatus::kOk;
}

}  // namespace learner
