#include "src/learners/linear/passive_aggressive.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "learner/error.h"
#include "learners/perceptrons/fixtures.h"

namespace learner {
namespace {

const Example kPaEx;

std::vector<Feature> random_x(std::mt19937& rng, int n, uint32_t range) {
  std::uniform_real_distribution<float> value(-2.0f, 2.0f);
  std::uniform_int_distribution<uint32_t> index(0, range);
  std::vector<Feature> x;
  for (int i = 0; i < n; ++i) x.push_back({value(rng), index(rng)});  // duplicates and collisions too
  x.push_back({1.0f, kConstantIndex});
  return x;
}

TEST(PassiveAggressive, BinaryUpdateMeetsTheMarginWithEquality) {
  std::mt19937 rng(3);
  for (uint32_t bits : {4u, 18u}) {  // -b 4: many collisions
    auto l = make_passive_aggressive({.bits = bits, .averaged = false});
    Example ex;
    int updates = 0;
    for (int e = 0; e < 200; ++e) {
      ex.base = e % 3 == 0 ? 0.5f : 0.0f;
      const std::vector<Feature> x = random_x(rng, 12, 100);
      const double y = (rng() & 1) ? 1.0 : -1.0;
      const double p = l->predict(ex, x, kSinglePart);
      l->learn(ex, x, kSinglePart, p, y, 1.0);
      const double after = l->predict(ex, x, kSinglePart);
      if (y * p < 1.0) {
        ++updates;
        EXPECT_NEAR(y * after, 1.0, 1e-4) << "example " << e;
      } else {
        EXPECT_EQ(after, p);  // passive
      }
    }
    EXPECT_GT(updates, 50);
  }
}

TEST(PassiveAggressive, MiraUpdateMeetsTheRequiredMarginWithEquality) {
  std::mt19937 rng(4);
  for (uint32_t bits : {5u, 18u}) {
    auto l = make_passive_aggressive({.bits = bits, .sub_models = 4, .averaged = true});
    int updates = 0;
    for (int e = 0; e < 300; ++e) {
      const std::vector<Feature> x = random_x(rng, 10, 50);
      const uint32_t truth = rng() % 4, other = (truth + 1 + rng() % 3) % 4;
      const double cost = 0.5 + (rng() % 3) * 0.25;  // l(y*, y^) of a cost-sensitive label
      const Part parts[2] = {{truth, 1.0}, {other, -1.0}};
      const double p = l->predict(kPaEx, x, parts);
      l->learn(kPaEx, x, parts, p, cost, 1.0);
      const double after = l->predict(kPaEx, x, parts);
      if (p < cost) {
        ++updates;
        EXPECT_NEAR(after, cost, 1e-4 * (1.0 + cost)) << "example " << e;
      } else {
        EXPECT_EQ(after, p);
      }
    }
    EXPECT_GT(updates, 100);
  }
}

TEST(PassiveAggressive, ClosedFormStepOnOneExample) {
  // Seed 003: alpha = (l - margin) / (2 |x|^2); here |x|^2 = 3^2 + 4^2.
  auto l = make_passive_aggressive({.bits = 10, .sub_models = 2, .averaged = false});
  const std::vector<Feature> x = {{3.0f, 1}, {4.0f, 2}};
  const Part parts[2] = {{0, 1.0}, {1, -1.0}};
  l->learn(kPaEx, x, parts, 0.0, 1.0, 1.0);
  const double alpha = 1.0 / (2 * 25.0);
  const Part p0[1] = {{0, 1.0}};
  EXPECT_NEAR(l->predict(kPaEx, {{1.0f, 1}}, p0), alpha * 3.0, 1e-7);
  EXPECT_NEAR(l->predict(kPaEx, {{1.0f, 2}}, p0), alpha * 4.0, 1e-7);
}

TEST(PassiveAggressive, CapBoundsTheStepTimesImportance) {
  auto l = make_passive_aggressive({.bits = 10, .averaged = false, .cap = 0.1});
  const std::vector<Feature> x = {{1.0f, 1}};
  l->learn(kPaEx, x, kSinglePart, 0.0, 1.0, 1.0);  // uncapped alpha would be 1
  EXPECT_NEAR(l->predict(kPaEx, x, kSinglePart), 0.1, 1e-7);
  l->learn(kPaEx, x, kSinglePart, 0.1, 1.0, 2.0);  // alpha <= C * 2
  EXPECT_NEAR(l->predict(kPaEx, x, kSinglePart), 0.3, 1e-6);
}

TEST(PassiveAggressive, SamePartTwiceOrNoFeaturesIsNoUpdate) {
  auto l = make_passive_aggressive({.bits = 10, .sub_models = 3, .averaged = false});
  const Part same[2] = {{1, 1.0}, {1, -1.0}};
  l->learn(kPaEx, {{1.0f, 1}}, same, 0.0, 1.0, 1.0);
  l->learn(kPaEx, {}, kSinglePart, 0.0, 1.0, 1.0);
  EXPECT_EQ(l->updates(), 0u);
  EXPECT_EQ(l->dropped_updates(), 0u);
  EXPECT_EQ(test::text_of(*l), "");
}

// With K not a power of two, two parts' slots can meet where rows wrap at
// the table's end; the squared norm must count the merged slot once, or the
// step misses the margin. At -b 2 (4 slots) and K = 3, part 0 of feature 0
// and part 1 of feature 1 are both slot 0 (+1 and -1: merged, 0): |g|^2 = 2.
TEST(PassiveAggressive, PartsThatShareASlotCountOnceInTheNorm) {
  auto l = make_passive_aggressive({.bits = 2, .sub_models = 3, .averaged = false});
  const Part pair[2] = {{0, 1.0}, {1, -1.0}};
  const std::vector<Feature> x = {{1.0f, 0}, {1.0f, 1}};
  l->learn(kPaEx, x, pair, 0.0, 1.0, 1.0);
  EXPECT_NEAR(l->predict(kPaEx, x, pair), 1.0, 1e-12);
  EXPECT_EQ(test::text_of(*l), "1:-0.5\n3:0.5\n");
}

TEST(PassiveAggressive, NonFiniteNeverEntersTheWeights) {
  auto l = make_passive_aggressive({.bits = 8, .averaged = true});
  l->learn(kPaEx, {{std::nanf(""), 1}}, kSinglePart, 0.0, 1.0, 1.0);
  const Part parts[2] = {{0, 1.0}, {0, 1.0}};
  l->learn(kPaEx, {{1.0f, 1}}, parts, 0.0, std::numeric_limits<double>::infinity(), 1.0);
  EXPECT_EQ(l->updates(), 0u);
  EXPECT_EQ(l->dropped_updates(), 2u);
  EXPECT_EQ(test::text_of(*l), "");
  EXPECT_THROW(make_passive_aggressive({.cap = 0.0}), Error);
}

}  // namespace
}  // namespace learner
