// The one number text of predictions (append_number): every digit of any
// magnitude (issue 28, item 1: 64 bytes were formatted and the untruncated
// length copied out, reading past the buffer).
#include "learner/reduction/score_text.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace learner {
namespace {

std::string number_text(double v) {
  std::string s = "x";  // appends: what was there stays
  append_number(s, v);
  return s.substr(1);
}

// printf's text of v into a buffer large enough for any double.
std::string printf_text(const char* format, double v) {
  std::vector<char> buf(512);
  const int n = std::snprintf(buf.data(), buf.size(), format, v);
  return std::string(buf.data(), static_cast<std::size_t>(n));
}

TEST(NumberText, SixDecimalsOrNoneForIntegralValues) {
  EXPECT_EQ(number_text(0.25), "0.250000");
  EXPECT_EQ(number_text(-1.0 / 3), "-0.333333");
  EXPECT_EQ(number_text(3.0), "3");
  EXPECT_EQ(number_text(-1.0), "-1");
  EXPECT_EQ(number_text(0.0), "0");
  EXPECT_EQ(number_text(1e-9), "0.000000");
}

TEST(NumberText, HugeValuesAreWrittenInFull) {
  for (double v : {4.457915684525906e66, -4.457915684525906e66, 1e300, DBL_MAX, -DBL_MAX, 1e20, 123456789.5e10}) {
    const std::string text = number_text(v);
    EXPECT_EQ(text, printf_text("%.0f", v)) << v;  // all of them are integral
    EXPECT_GE(text.size(), 19u);
    EXPECT_EQ(std::strtod(text.c_str(), nullptr), v);
  }
  EXPECT_EQ(number_text(DBL_MAX).size(), 309u);
  EXPECT_EQ(number_text(-DBL_MAX).size(), 310u);
}

TEST(NumberText, LongFractionalValuesKeepSixDecimals) {
  const double v = 123456789012345.671875;  // 2^-6 steps: not integral
  EXPECT_EQ(number_text(v), printf_text("%f", v));
  EXPECT_EQ(number_text(v), "123456789012345.671875");
}

TEST(NumberText, NonFiniteValues) {
  EXPECT_EQ(number_text(std::nan("")), printf_text("%f", std::nan("")));
  EXPECT_EQ(number_text(HUGE_VAL), "inf");
  EXPECT_EQ(number_text(-HUGE_VAL), "-inf");
}

TEST(NumberText, ClassScoresNumberTheClasses) {
  std::string s;
  append_class_scores(s, {0.5, 2.0, 3e40});
  EXPECT_EQ(s, "1:0.500000 2:2 3:" + printf_text("%.0f", 3e40));
}

// VW's fmt_float (its action score text): at most 6 decimals, trailing
// zeros and point dropped; 1 / 15 is 0.066667, not %g's 0.0666667.
TEST(FixedText, VwsActionScoreText) {
  const auto fixed = [](float v, int d) {
    std::string s = "x";
    append_fixed(s, v, d);
    return s.substr(1);
  };
  EXPECT_EQ(fixed(1.0f / 15.0f, 6), "0.066667");
  EXPECT_EQ(fixed(0.5f, 6), "0.5");
  EXPECT_EQ(fixed(1.0f, 6), "1");
  EXPECT_EQ(fixed(0.0f, 6), "0");
  EXPECT_EQ(fixed(1.5e-5f, 6), "0.000015");
  EXPECT_EQ(fixed(-0.25f, 6), "-0.25");
  EXPECT_EQ(fixed(123456.0f, 6), "123456");
  EXPECT_EQ(fixed(0.126f, 2), "0.13");
  EXPECT_EQ(fixed(1e30f, 6).size(), 31u);  // every digit
  EXPECT_EQ(fixed(std::nanf(""), 6), "nan");
}

}  // namespace
}  // namespace learner
