// --cbzo's pdf and its text (src/reduction/cbzo.h): VW's two-spike pdf is a
// valid density (mass 1, VW's is_valid_pdf), centred on centroid -+ radius;
// the text is VW's fmt_float.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "src/reduction/cbzo.h"

namespace learner {
namespace {

TEST(CbzoPdf, EverySpikeHoldsHalfTheMassAroundItsPoint) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> centroid(-1000.0f, 1000.0f), radius(1e-3f, 100.0f);
  for (int n = 0; n < 20000; ++n) {
    const float c = n % 10 == 0 ? 0.0f : (n % 10 == 1 ? 1e-3f * static_cast<float>(n % 7) : centroid(rng));
    const float r = n % 13 == 0 ? 1e-3f : radius(rng);
    PdfSegment pdf[2];
    cbzo_pdf(c, r, pdf);
    const float points[2] = {c - r, c + r};
    double mass = 0.0;
    for (int i = 0; i < 2; ++i) {
      ASSERT_LT(pdf[i].left, pdf[i].right) << c << " " << r;
      ASSERT_LE(pdf[i].left, points[i]);
      ASSERT_GE(pdf[i].right, points[i]);
      ASSERT_GT(pdf[i].value, 0.0f);
      const double part = static_cast<double>(pdf[i].right - pdf[i].left) * pdf[i].value;
      EXPECT_NEAR(part, 0.5, 1e-6) << c << " " << r;
      mass += part;
    }
    ASSERT_GE(mass, 0.9999);  // VW's is_valid_pdf
    ASSERT_LE(mass, 1.0001);
    ASSERT_LE(pdf[0].right, pdf[1].left);
  }
}

TEST(CbzoPdf, ZeroGetsVwsFixedWidth) {
  PdfSegment pdf[2];
  cbzo_pdf(0.1f, 0.1f, pdf);  // the first point is 0 exactly: [-1e-5, 1e-5]
  EXPECT_EQ(pdf[0].left, -1e-5f);
  EXPECT_EQ(pdf[0].right, 1e-5f);
  EXPECT_FLOAT_EQ(pdf[0].value, 25000.0f);
}

TEST(CbzoText, FixedDecimalsWithoutTrailingZeros) {
  const struct {
    float value;
    int decimals;
    const char* text;
  } cases[] = {{-0.100000009f, 9, "-0.100000009"}, {33554432.0f, 9, "33554432"}, {0.5f, 2, "0.5"},
               {0.204f, 2, "0.2"},                {-0.0f, 2, "-0"},           {2.0563f, 2, "2.06"},
               {26.01f, 6, "26.01"},              {1e-7f, 6, "0"},            {100.0f, 0, "100"}};
  for (const auto& c : cases) {
    std::string out = "x";
    append_fixed_trimmed(out, c.value, c.decimals);
    EXPECT_EQ(out, std::string("x") + c.text) << c.value;
  }
}

}  // namespace
}  // namespace learner
