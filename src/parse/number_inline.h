// parse_number (learner/parse/number.h), inline for the text parser's loop
// (private to the parse stage; number.cc is the public entry). fast_float
// (Lemire's correctly rounded decimal to binary conversion, Debian
// libfast-float-dev) reads every literal but one kind: no locale, no
// allocation, and the double it returns is strtod's, bit for bit. That one
// kind, a plain decimal of at most 8 characters ("0.9318", "-0.0213",
// "5536"), the bulk of every data set's values, is read in a few
// instructions (short_decimal below): eight digits checked and combined at
// once, then Clinger's exact case, one division of two exactly represented
// doubles, which IEEE arithmetic rounds correctly, so it is strtod's double
// too. fast_float alone spent about 130 instructions (28 ns here) on such a
// literal, more than the rest of a feature. tests/parse/
// number_exactness_test.cc checks both paths against strtod on an
// edge-case corpus and 200,000 random literals. This file only decides what
// is a number (number.h's grammar) and narrows the double to a float, as
// the parser always did.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "learner/parse/number.h"

namespace learner {

// The rare outcomes: "nan"/"inf" (kNonFinite) or anything else (kNotANumber).
NumberStatus classify_non_number(std::string_view body);
// Every literal but the short decimals, through fast_float (number.cc; out of
// line, so that the parser's loop stays small).
NumberStatus parse_long_number(std::string_view token, float& out);

namespace detail {

// The n (1..8) bytes at p as a little-endian word, bytes past n zero; reads
// only those n bytes.
inline uint64_t load_short(const char* p, std::size_t n) {
  uint32_t lo = 0, hi = 0;
  if (n >= 4) {
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + n - 4, 4);  // overlaps lo for n < 8: the same bytes
    return uint64_t{lo} | (uint64_t{hi} << (8 * (n - 4)));
  }
  uint64_t v = static_cast<unsigned char>(p[0]);
  if (n > 1) v |= uint64_t{static_cast<unsigned char>(p[1])} << 8;
  if (n > 2) v |= uint64_t{static_cast<unsigned char>(p[2])} << 16;
  return v;
}

inline constexpr double kExactPow10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};

// digits[.digits] in the n (1..8) bytes at p, with at least one digit: sets
// `value` (strtod's double) and returns true; false for anything else.
inline bool short_decimal_word(uint64_t v, std::size_t n, double& value);

// The bytes below the n (1..8) bytes at the top of a word, as '0's.
inline uint64_t zeros_in_front(std::size_t n) {
  return 0x3030303030303030ull & ~(~uint64_t{0} << (8 * (8 - n)));
}

inline bool short_decimal(const char* p, std::size_t n, double& value) {
  return short_decimal_word((load_short(p, n) << (8 * (8 - n))) | zeros_in_front(n), n, value);
}

// The same, given the n bytes right-aligned in v, first byte lowest, '0's in
// front: "0.193" -> "0000.193" (byte 7 the last digit).
inline bool short_decimal_word(uint64_t v, std::size_t n, double& value) {
  // The first '.', if any (exact for the lowest zero byte of v ^ "........").
  const uint64_t x = v ^ 0x2e2e2e2e2e2e2e2eull;
  const uint64_t dots = (x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull;
  std::size_t fraction = 0;
  if (dots != 0) {
    if (n == 1) return false;  // "."
    const unsigned dot = static_cast<unsigned>(__builtin_ctzll(dots)) >> 3;
    fraction = 7 - dot;
    const uint64_t after = (~uint64_t{0} << (8 * dot)) << 8;  // the bytes after the '.' stay
    v = (v & after) | ((v << 8) & ~after) | 0x30;             // the bytes before it move up one, a '0' in front
  }
  // Every byte a digit (a second '.', a sign, a letter fail here).
  if (((v + 0x4646464646464646ull) | (v - 0x3030303030303030ull)) & 0x8080808080808080ull) return false;
  // The eight digits' value, two, four, then eight at a time.
  uint64_t d = v - 0x3030303030303030ull;
  d = (d * 10) + (d >> 8);
  d = (((d & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) +
       (((d >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >> 32;
  // d < 10^8 < 2^53 and 10^fraction are exact doubles: one correctly rounded division.
  value = static_cast<double>(static_cast<uint32_t>(d)) / kExactPow10[fraction];
  return true;
}

}  // namespace detail

inline NumberStatus parse_number_inline(std::string_view token, float& out) {
  if (token.size() == 1 && static_cast<unsigned char>(token[0] - '0') < 10) {  // "4": a rating, a count
    out = static_cast<float>(token[0] - '0');
    return NumberStatus::kOk;
  }
  const char* p = token.data();
  const char* const end = p + token.size();
  const char* body = p;
  if (body < end && (*body == '+' || *body == '-')) ++body;
  const std::size_t n = static_cast<std::size_t>(end - body);
  double value = 0.0;
  if (n - 1 < 8 && detail::short_decimal(body, n, value)) {  // 1 <= n <= 8
    const auto f = static_cast<float>(value);
    out = *p == '-' ? -f : f;
    return NumberStatus::kOk;
  }
  return parse_long_number(token, out);
}

}  // namespace learner
