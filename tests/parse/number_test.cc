#include "learner/parse/number.h"

#include <gtest/gtest.h>

namespace learner {
namespace {

float ok(std::string_view s) {
  float v = -123.0f;
  EXPECT_EQ(parse_number(s, v), NumberStatus::kOk) << s;
  return v;
}

NumberStatus status(std::string_view s) {
  float v = 0;
  return parse_number(s, v);
}

TEST(ParseNumber, AcceptsDecimalLiterals) {
  EXPECT_EQ(ok("1"), 1.0f);
  EXPECT_EQ(ok("-1"), -1.0f);
  EXPECT_EQ(ok("+2.5"), 2.5f);
  EXPECT_EQ(ok(".5"), 0.5f);
  EXPECT_EQ(ok("-.5"), -0.5f);
  EXPECT_EQ(ok("5."), 5.0f);
  EXPECT_EQ(ok("1e3"), 1000.0f);
  EXPECT_EQ(ok("2.5E-1"), 0.25f);
  EXPECT_FLOAT_EQ(ok("-0.0236849"), -0.0236849f);
  EXPECT_EQ(ok("1e-60"), 0.0f);   // float underflow is 0
  EXPECT_EQ(ok("1e-400"), 0.0f);  // double underflow too
}

TEST(ParseNumber, NonFinite) {
  for (auto s : {"nan", "NaN", "-nan", "inf", "+Inf", "-INFINITY", "infinity"}) {
    EXPECT_EQ(status(s), NumberStatus::kNonFinite) << s;
  }
}

// Issue 17, defect 11: 1e39 is a number that overflows a float, and says so.
TEST(ParseNumber, Overflow) {
  for (auto s : {"1e39", "1e999", "-1e999", "3.5e38"}) {
    EXPECT_EQ(status(s), NumberStatus::kOverflow) << s;
  }
}

TEST(ParseNumber, Malformed) {
  for (auto s : {"1.5x", "0x1A", "1e", "1e+", "1..2", "3-", "1,5", "-1abc", ".5.5"}) {
    EXPECT_EQ(status(s), NumberStatus::kMalformed) << s;
  }
}

TEST(ParseNumber, NotANumber) {
  for (auto s : {"", "abc", "nanny", "info", "-", "+", "--1", ".", ".x", "e5", "red"}) {
    EXPECT_EQ(status(s), NumberStatus::kNotANumber) << s;
  }
}

}  // namespace
}  // namespace learner
