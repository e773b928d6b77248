#include "src/features/bigram_lanes.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "learner/features/text_features.h"

namespace learner {
namespace {

// Every gram count 0..40 (whole steps of eight and every remainder) and gaps
// 0..3, random indices (the multiply wraps): the bytes of the portable loop,
// and of the formula in write_bigrams' contract.
TEST(WriteBigrams, EveryCountAndGapGivesThePortableBytes) {
  std::mt19937 rng(2);
  for (uint32_t gap = 0; gap < 4; ++gap) {
    for (uint32_t grams = 0; grams <= 40; ++grams) {
      std::vector<Feature> in(grams + gap + 1);
      for (Feature& f : in) f = Feature{std::uniform_real_distribution<float>(-2.0f, 2.0f)(rng), static_cast<uint32_t>(rng())};
      std::vector<Feature> fast(grams + 1, Feature{7.0f, 7u}), slow = fast;  // one past the end: untouched
      write_bigrams(in.data(), gap, grams, fast.data());
      write_bigrams_portable(in.data(), gap, grams, slow.data());
      ASSERT_EQ(std::memcmp(fast.data(), slow.data(), fast.size() * sizeof(Feature)), 0) << grams << " grams, gap " << gap;
      for (uint32_t i = 0; i < grams; ++i) {
        ASSERT_EQ(fast[i].value, 1.0f);
        ASSERT_EQ(fast[i].index, in[i].index * kQuadraticConstant + in[i + gap].index);
      }
      ASSERT_EQ(fast[grams].index, 7u);
    }
  }
}

}  // namespace
}  // namespace learner
