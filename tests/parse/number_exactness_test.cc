// parse_number against strtod (issue 32): every value parse_number accepts is
// static_cast<float>(strtod(token)), bit for bit, on a corpus of edge cases
// (halfway points of floats and doubles, subnormals, the float and double
// range ends, long mantissas, leading zeros, large exponents) and of random
// literals; what it calls an overflow is what strtod reads past float's range.
// The same literals as feature values of text lines (signed too, at several
// offsets from the line's start, last on the line or not).
#include <cfloat>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "learner/parse/number.h"
#include "learner/parse/text_parser.h"

namespace learner {
namespace {

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

std::string printed(const char* format, double v) {
  char buf[512];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

// Decimal strings at and around the halfway point between two neighbours:
// `exact` printed with every digit it has, then nudged in its last digit.
void add_around(std::vector<std::string>& corpus, double exact) {
  const std::string s = printed("%.60e", exact);
  corpus.push_back(s);
  const std::size_t e = s.find('e');
  std::string up = s, down = s;
  // The last mantissa digit is a 0 (60 digits are more than a double needs):
  // +1 there is just above the point, a ...9 just below it.
  up[e - 1] = '1';
  corpus.push_back(up);
  std::size_t i = e - 1;
  while (down[i] == '0') {
    down[i] = '9';
    --i;
  }
  if (down[i] != '.') {
    --down[i];
    corpus.push_back(down);
  }
}

std::vector<std::string> edge_cases() {
  std::vector<std::string> c = {
      "0", "0.0", "-0", "-0.0", "00000000000000000000000001.5", "1.50000000000000000000000000000",
      "0.1", "0.2", "0.3", "1e23", "9007199254740993", "9007199254740992.5", "18446744073709551615",
      "18446744073709551616", "123456789012345678901234567890e-10",
      "0.1000000000000000055511151231257827021181583404541015625",
      "2.2250738585072011e-308", "2.2250738585072012e-308", "4.9406564584124654e-324", "2.4703282292062327e-324",
      "2.4703282292062328e-324", "1.7976931348623157e308", "1e-320", "1e-330",
      "3.4028234663852886e38", "3.4028235e38", "3.40282346e38", "3.402823466e38", "3.4028234664e38",
      "1.17549435e-38", "1.1754942e-38", "1.4e-45", "1.401298464324817e-45", "7.006492321624085e-46",
      "7.006492321624086e-46", "1e-46", "1e-50", "1.00000005960464477550", "1.0000000596046448",
      "1.000000059604644775390625", "1.0000001192092896", "16777217", "16777216.5", "33554435",
      "0.000000000000000000000000000000000000000000001", "1e0", "1E+00", "1e-0", "5.", ".5", "-.5e-3",
      "+2.5", "7.038531e-26", "1.00000000000000011102230246251565404236316680908203125",
      "1.00000000000000011102230246251565404236316680908203124", "4.35679e-10", "-0.0236849",
      "340282356779733661637539395458142568447.9", "340282356779733661637539395458142568448"};
  // Halfway points between neighbouring floats (each is a double), across the range.
  for (float f : {1.0f, 0.1f, 3.0f, 1e-30f, 1e30f, 1.17549435e-38f, 1e-44f, 123456.7f, FLT_MAX / 2, 7.0e-39f}) {
    const float next = std::nextafter(f, INFINITY);
    add_around(c, (static_cast<double>(f) + static_cast<double>(next)) / 2);
  }
  // Halfway points between neighbouring doubles (exact in long decimals).
  for (double d : {1.0, 0.1, 1e-300, 1e300, 2.2250738585072014e-308, 5e-324, 1e22, 9007199254740992.0}) {
    const double next = std::nextafter(d, INFINITY);
    const long double mid = (static_cast<long double>(d) + static_cast<long double>(next)) / 2;
    char buf[512];
    std::snprintf(buf, sizeof buf, "%.70Le", mid);
    c.push_back(buf);
  }
  return c;
}

std::vector<std::string> random_literals() {
  std::mt19937_64 rng(32);
  std::vector<std::string> c;
  std::uniform_int_distribution<int> digits(1, 25), exponent(-60, 45), kind(0, 5);
  for (int i = 0; i < 200000; ++i) {
    std::string s;
    if (rng() & 1) s += '-';
    switch (kind(rng)) {
      case 0: {  // shortest text of a random float
        uint32_t b = static_cast<uint32_t>(rng()) & 0x7fffffffu;
        float f;
        std::memcpy(&f, &b, 4);
        if (!std::isfinite(f)) continue;
        s += printed("%.9g", f);
        break;
      }
      case 1: {  // a random double, 17 digits
        uint64_t b = rng() & 0x7fffffffffffffffull;
        double d;
        std::memcpy(&d, &b, 8);
        if (!std::isfinite(d)) continue;
        s += printed("%.17g", d);
        break;
      }
      default: {  // random digits, a '.', maybe an exponent
        const int n = digits(rng);
        const int dot = static_cast<int>(rng() % static_cast<uint64_t>(n + 1));
        for (int k = 0; k < n; ++k) {
          if (k == dot) s += '.';
          s += static_cast<char>('0' + rng() % 10);
        }
        if (rng() % 3 == 0) {
          s += 'e';
          s += std::to_string(exponent(rng));
        }
      }
    }
    c.push_back(s);
  }
  return c;
}

void expect_strtod(const std::vector<std::string>& corpus, std::size_t& checked) {
  for (const std::string& s : corpus) {
    char* end = nullptr;
    const double d = std::strtod(s.c_str(), &end);
    ASSERT_EQ(static_cast<std::size_t>(end - s.c_str()), s.size()) << "strtod does not read all of " << s;
    float v = 0.0f;
    const NumberStatus status = parse_number(s, v);
    if (std::fabs(d) > static_cast<double>(FLT_MAX)) {
      EXPECT_EQ(status, NumberStatus::kOverflow) << s;
      continue;
    }
    ASSERT_EQ(status, NumberStatus::kOk) << s;
    EXPECT_EQ(bits(v), bits(static_cast<float>(d))) << s << ": " << v << " against strtod's " << static_cast<float>(d);
    ++checked;
  }
}

// Each literal (and its negation) as the value of the last or a middle
// feature of a text line, at offsets 0 to 11 from the line's start.
void expect_strtod_in_lines(const std::vector<std::string>& corpus, std::size_t& checked) {
  TextParser parser{ParseOptions{}};
  Example ex;
  const std::string file = "values.vw";
  for (const std::string& literal : corpus) {
    const bool unsigned_literal = !literal.empty() && literal[0] != '-' && literal[0] != '+';
    for (const std::string& s : {literal, unsigned_literal ? "-" + literal : literal}) {
      const double d = std::strtod(s.c_str(), nullptr);
      const float want = static_cast<float>(d);
      if (std::fabs(d) > static_cast<double>(FLT_MAX) || want == 0.0f) continue;  // overflows, dropped zeros
      for (std::size_t lead = 0; lead < 12; ++lead) {
        const std::string prefix = "|" + std::string(lead, 'a') + " :";  // an anonymous feature
        for (const std::string& line : {prefix + s, prefix + s + " y"}) {
          ASSERT_TRUE(parser.parse(line, ex, file, 1)) << line;
          ASSERT_GE(ex.features.size(), 1u) << line;
          EXPECT_EQ(bits(ex.features[0].value), bits(want)) << line << ": " << ex.features[0].value;
          ++checked;
        }
      }
    }
  }
}

TEST(NumberExactness, FeatureValuesAreStrtodBitForBit) {
  std::size_t checked = 0;
  expect_strtod_in_lines(edge_cases(), checked);
  std::vector<std::string> random = random_literals();
  random.resize(20000);
  expect_strtod_in_lines(random, checked);
  EXPECT_GT(checked, 500000u);
}

TEST(NumberExactness, EdgeCasesAreStrtodBitForBit) {
  std::size_t checked = 0;
  expect_strtod(edge_cases(), checked);
  EXPECT_GT(checked, 90u);
}

TEST(NumberExactness, RandomLiteralsAreStrtodBitForBit) {
  std::size_t checked = 0;
  expect_strtod(random_literals(), checked);
  EXPECT_GT(checked, 150000u);
}

}  // namespace
}  // namespace learner
