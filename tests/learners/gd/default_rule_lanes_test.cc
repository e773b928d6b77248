#include "learner/learners/gd/default_rule_lanes.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace learner {
namespace {

constexpr uint32_t kLaneMask = (1u << 10) - 1;  // a small table: blocks often share a slot

// Values that take every branch of the scalar steps: zero, signs, tiny
// (x^2 below FLT_MIN), huge (x^2 above FLT_MAX), subnormal, NaN and infinity.
float lane_value(std::mt19937& rng) {
  static const float kSpecial[] = {0.0f, -0.0f, 1.0f, -1.0f, 1e-25f, -3e-30f, 1e20f, -4e25f, 1e-40f,
                                   std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()};
  std::uniform_int_distribution<int> pick(0, 19);
  const int k = pick(rng);
  if (k < static_cast<int>(std::size(kSpecial))) return kSpecial[k];
  return std::uniform_real_distribution<float>(-3.0f, 3.0f)(rng);
}

// A table of slots: some fresh (all zero), some learned (G, s > 0), some with G = 0 and s > 0.
std::vector<float> lane_table(std::mt19937& rng) {
  std::vector<float> t(std::size_t{kLaneMask + 1} * 4, 0.0f);
  std::uniform_real_distribution<float> u(0.0f, 2.0f);
  for (std::size_t i = 0; i <= kLaneMask; ++i) {
    const int kind = static_cast<int>(i % 3);
    if (kind == 0) continue;
    t[i * 4] = u(rng) - 1.0f;
    t[i * 4 + 1] = kind == 1 ? u(rng) : 0.0f;
    t[i * 4 + 2] = u(rng);
    t[i * 4 + 3] = u(rng);
  }
  return t;
}

// Features of distinct slots (vector steps) or, with `repeat`, often repeated ones (serial steps).
std::vector<Feature> lane_features(std::mt19937& rng, std::size_t n, bool repeat) {
  std::vector<Feature> f(n);
  std::uniform_int_distribution<uint32_t> any;
  for (std::size_t i = 0; i < n; ++i) {
    const uint32_t index = repeat && i > 0 && any(rng) % 4 == 0 ? f[any(rng) % i].index : any(rng);
    f[i] = Feature{lane_value(rng), index};  // high bits set: the mask applies
  }
  return f;
}

bool same_bits(float a, float b) { return std::bit_cast<uint32_t>(a) == std::bit_cast<uint32_t>(b); }

TEST(DefaultRuleLanes, AccumulateMatchesTheScalarStepsBitForBit) {
  if (!default_rule_lanes_available()) GTEST_SKIP() << "no AVX2 on this CPU";
  std::mt19937 rng(32);
  for (int round = 0; round < 400; ++round) {
    const std::vector<float> start = lane_table(rng);
    const std::size_t n = 1 + rng() % 95;  // short (all serial), whole steps and a tail
    const std::vector<Feature> f = lane_features(rng, n, round % 2 == 1);
    const float g2f = round % 5 == 0 ? 0.0f : std::uniform_real_distribution<float>(0.0f, 4.0f)(rng);
    std::vector<float> scalar = start, lanes = start;
    float s1 = 0.5f, n1 = 0.25f, s2 = 0.5f, n2 = 0.25f;
    for (const Feature& x : f) default_rate_step(scalar.data() + std::size_t{x.index & kLaneMask} * 4, x.value, g2f, s1, n1);
    accumulate_default_lanes(lanes.data(), kLaneMask, f.data(), f.size(), g2f, s2, n2);
    ASSERT_EQ(std::memcmp(scalar.data(), lanes.data(), scalar.size() * sizeof(float)), 0) << "round " << round;
    ASSERT_TRUE(same_bits(s1, s2)) << s1 << " vs " << s2 << " round " << round;
    ASSERT_TRUE(same_bits(n1, n2)) << n1 << " vs " << n2 << " round " << round;
  }
}

}  // namespace
}  // namespace learner
