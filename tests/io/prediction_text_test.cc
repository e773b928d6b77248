#include "learner/io/prediction_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

namespace learner {
namespace {

TEST(PredictionText, VwForm) {
  EXPECT_EQ(prediction_text(4.0), "4");
  EXPECT_EQ(prediction_text(-3.0), "-3");
  EXPECT_EQ(prediction_text(0.0), "0");
  EXPECT_EQ(prediction_text(-0.0), "-0");  // VW: floorf(-0) == -0, printed with precision 0
  EXPECT_EQ(prediction_text(3.5271623), "3.527162");
  EXPECT_EQ(prediction_text(0.2), "0.200000");
  EXPECT_EQ(prediction_text(-1e-7), "-0.000000");
  EXPECT_EQ(prediction_text(5e-7), "0.000000");  // 5e-7 is just below 0.0000005 in binary: rounded down
  EXPECT_EQ(prediction_text(NAN), "nan");
  EXPECT_EQ(prediction_text(INFINITY), "inf");
  EXPECT_EQ(prediction_text(-INFINITY), "-inf");
  std::string s = "x ";
  append_prediction(s, 1.25);
  EXPECT_EQ(s, "x 1.250000");
}

TEST(PredictionText, AnyDoubleFits) {
  EXPECT_EQ(prediction_text(1e300).size(), 301u);
  EXPECT_EQ(prediction_text(-1.5e308).size(), 310u);
  EXPECT_EQ(prediction_text(std::nextafter(1e20, 2e20)).find('.'), std::string::npos);  // integral
}

TEST(PredictionText, SameDigitsAsPrintf) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-10, 10);
  char buf[64];
  for (int i = 0; i < 20000; ++i) {
    const double v = i % 2 ? u(rng) : std::ldexp(u(rng), static_cast<int>(rng() % 40) - 20);
    std::snprintf(buf, sizeof buf, v == std::floor(v) ? "%.0f" : "%f", v);
    ASSERT_EQ(prediction_text(v), buf) << v;
  }
}

}  // namespace
}  // namespace learner
