// Strict decimal parsing on std::from_chars (no locale, no allocation on the
// common path); strtod only to tell overflow from underflow.
#include "learner/parse/number.h"

#include <charconv>
#include <cmath>
#include <cstdint>
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

constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                             1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// Plain "digits[.digits]" with at most 15 digits: mantissa and power of ten
// are exact doubles, so one division is correctly rounded (Clinger's fast
// path) and equals what from_chars returns. False: use from_chars.
bool parse_simple(std::string_view body, double& value) {
  uint64_t mantissa = 0;
  int digits = 0;
  int fraction = -1;  // digits after '.', -1 before the '.'
  for (char c : body) {
    if (is_digit(c)) {
      mantissa = mantissa * 10 + static_cast<uint64_t>(c - '0');
      ++digits;
      if (fraction >= 0) ++fraction;
    } else if (c == '.' && fraction < 0) {
      fraction = 0;
    } else {
      return false;
    }
  }
  if (digits == 0 || digits > 15) return false;
  value = static_cast<double>(mantissa);
  if (fraction > 0) value /= kPow10[fraction];
  return true;
}

}  // namespace

NumberStatus parse_number(std::string_view token, float& out) {
  // Fast path for the common "[-]digits[.digits]" with at most 15 digits: one
  // pass, then the same exact division as parse_simple. Anything else falls
  // through to the general path below.
  {
    const char* p = token.data();
    const char* const end = p + token.size();
    const bool negative = p < end && *p == '-';
    if (negative) ++p;
    const char* const start = p;
    uint64_t mantissa = 0;
    while (p < end && static_cast<unsigned char>(*p - '0') < 10) mantissa = mantissa * 10 + static_cast<uint64_t>(*p++ - '0');
    const auto int_digits = p - start;
    long frac_digits = 0;
    if (p < end && *p == '.') {
      const char* const frac = ++p;
      while (p < end && static_cast<unsigned char>(*p - '0') < 10) mantissa = mantissa * 10 + static_cast<uint64_t>(*p++ - '0');
      frac_digits = p - frac;
    }
    const long digits = int_digits + frac_digits;
    if (p == end && digits > 0 && digits <= 15) {
      double value = static_cast<double>(mantissa);
      if (frac_digits > 0) value /= kPow10[frac_digits];
      const float f = static_cast<float>(value);
      out = negative ? -f : f;
      return NumberStatus::kOk;
    }
  }
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
  if (parse_simple(body, value)) {
    float f = static_cast<float>(value);
    out = negative ? -f : f;
    return NumberStatus::kOk;
  }
  const char* end = body.data() + body.size();
  auto [ptr, ec] = std::from_chars(body.data(), end, value, std::chars_format::general);
  if (ec == std::errc::result_out_of_range) {
    if (ptr != end) return NumberStatus::kMalformed;
    std::string copy(body);  // rare: decide between overflow and underflow
    value = std::strtod(copy.c_str(), nullptr);
    if (std::isinf(value)) return NumberStatus::kOverflow;
  } else if (ec != std::errc() || ptr != end) {
    return NumberStatus::kMalformed;
  }
  if (std::fabs(value) > static_cast<double>(std::numeric_limits<float>::max())) return NumberStatus::kOverflow;
  float f = static_cast<float>(value);
  out = negative ? -f : f;
  return NumberStatus::kOk;
}

}  // namespace learner
