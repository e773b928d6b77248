// Strict number parsing for the text parser (also the rating values of learner/ratings).
//
// parse_number reads a whole token as a finite decimal number:
//  * kOk: the token is [+|-] followed by a decimal floating-point literal
//    (digits, optional '.', optional exponent) that std::from_chars consumes
//    completely, and the value is finite as a float (underflow gives 0).
//  * kNonFinite: "nan", "inf", "infinity" (any case, optional sign).
//  * kOverflow: a literal too large for a float (1e39, 1e999): the message
//    says it overflows (kOverflowReason), not that it is not finite.
//  * kMalformed: starts like a number (a digit, or '.' then a digit, after
//    the optional sign) but has trailing characters: "1.5x", "0x1A", "1e".
//  * kNotANumber: anything else ("", "abc", "nanny", "-", "--1"); for a
//    feature value this means a string value to chain-hash.
#pragma once

#include <string_view>

namespace learner {

enum class NumberStatus { kOk, kNotANumber, kMalformed, kNonFinite, kOverflow };

// Appended to "<what> " in messages for kOverflow.
inline constexpr const char* kOverflowReason = "overflows a float (largest about 3.4e38)";

NumberStatus parse_number(std::string_view token, float& out);

}  // namespace learner
