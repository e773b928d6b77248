#include "src/learners/linear/perceptron.h"
#include "learner/model/weight_init.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "learner/error.h"
#include "learners/perceptrons/fixtures.h"

namespace learner {
namespace {

const Example kPerceptronEx;

// One pass of predict + learn; returns the number of updates in the pass.
uint64_t pass(LinearLearner& l, const test::Data& d) {
  const uint64_t before = l.updates();
  for (std::size_t e = 0; e < d.x.size(); ++e) {
    const double p = l.predict(kPerceptronEx, d.x[e], kSinglePart);
    l.learn(kPerceptronEx, d.x[e], kSinglePart, p, d.y[e], 1.0);
  }
  return l.updates() - before;
}

TEST(Perceptron, UpdatesOnlyOnMistakesByRateTimesLabel) {
  auto l = make_perceptron({.bits = 10, .rate = 0.5});
  const std::vector<Feature> x = {{2.0f, 3}, {1.0f, kConstantIndex}};
  EXPECT_EQ(l->predict(kPerceptronEx, x, kSinglePart), 0.0);
  l->learn(kPerceptronEx, x, kSinglePart, 0.0, 1.0, 1.0);  // p = 0 is a mistake
  // w_3 = 0.5 * 2, bias (the constant's weight) = 0.5: p = 1 * 2 + 0.5.
  EXPECT_DOUBLE_EQ(l->predict(kPerceptronEx, x, kSinglePart), 2.5);
  l->learn(kPerceptronEx, x, kSinglePart, 2.5, 1.0, 1.0);  // correct: no change
  EXPECT_DOUBLE_EQ(l->predict(kPerceptronEx, x, kSinglePart), 2.5);
  EXPECT_EQ(l->updates(), 1u);
  l->learn(kPerceptronEx, x, kSinglePart, 2.5, -1.0, 2.0);  // mistake with importance 2
  EXPECT_DOUBLE_EQ(l->predict(kPerceptronEx, x, kSinglePart), 2.5 - 2.0 * 2.5);
  l->learn(kPerceptronEx, x, kSinglePart, -2.5, 1.0, 0.0);  // importance 0: no-op
  EXPECT_EQ(l->updates(), 2u);
}

TEST(Perceptron, BaseIsAddedToThePrediction) {
  auto l = make_perceptron({.bits = 10});
  Example ex;
  ex.base = 0.25f;
  EXPECT_DOUBLE_EQ(l->predict(ex, {{1.0f, 7}}, kSinglePart), 0.25);
}

TEST(Perceptron, SubModelsInterleaveWithinAFeature) {
  auto l = make_perceptron({.bits = 6, .sub_models = 3});
  const std::vector<Feature> x = {{1.0f, 5}};
  const Part two[1] = {{2, 1.0}};
  l->learn(kPerceptronEx, x, two, 0.0, 1.0, 1.0);
  EXPECT_EQ(test::text_of(*l), "17:1\n");  // slot 5 * 3 + 2
  const Part zero[1] = {{0, 1.0}};
  EXPECT_EQ(l->predict(kPerceptronEx, x, zero), 0.0);
  NameMap names{{5u, {"a^f"}}};
  EXPECT_EQ(test::text_of(*l, &names), "a^f[2]:17:1\n");
}

TEST(Perceptron, TwoPartsMoveTheSignedSum) {
  auto l = make_perceptron({.bits = 8, .sub_models = 2});
  const std::vector<Feature> x = {{1.0f, 1}, {1.0f, kConstantIndex}};
  const Part parts[2] = {{0, 1.0}, {1, -1.0}};
  l->learn(kPerceptronEx, x, parts, 0.0, 1.0, 1.0);
  const Part p0[1] = {{0, 1.0}}, p1[1] = {{1, 1.0}};
  EXPECT_DOUBLE_EQ(l->predict(kPerceptronEx, x, p0), 2.0);
  EXPECT_DOUBLE_EQ(l->predict(kPerceptronEx, x, p1), -2.0);
  EXPECT_DOUBLE_EQ(l->predict(kPerceptronEx, x, parts), 4.0);
}

TEST(Perceptron, CancellingPartsAreNoUpdate) {
  auto l = make_perceptron({.bits = 8, .sub_models = 2});
  const Part same[2] = {{1, 1.0}, {1, -1.0}};
  l->learn(kPerceptronEx, {{1.0f, 3}}, same, 0.0, 1.0, 1.0);
  EXPECT_EQ(l->updates(), 0u);
  EXPECT_EQ(test::text_of(*l), "");
}

TEST(Perceptron, StopsUpdatingOnASeparableSet) {
  const test::Separable s = test::separable(300, 5, 0.1, 0.3, 7);
  auto l = make_perceptron({.bits = 18});
  int passes = 0;
  while (pass(*l, s.data) > 0) ASSERT_LT(++passes, 1000);
  const std::string weights = test::text_of(*l);
  EXPECT_EQ(pass(*l, s.data), 0u);
  EXPECT_EQ(test::text_of(*l), weights);
}

TEST(Perceptron, MistakesWithinNovikoffBound) {
  for (unsigned seed : {1u, 2u, 3u}) {
    for (double rate : {1.0, 0.01}) {
      const test::Separable s = test::separable(500, 10, 0.05, 0.5, seed);
      auto l = make_perceptron({.bits = 18, .rate = rate});
      int passes = 0;
      while (pass(*l, s.data) > 0) ASSERT_LT(++passes, 10000);
      // Seed 002: at most (b*^2 + 1)(R^2 + 1) / rho^2 updates, in total.
      const double bound = (s.b_star * s.b_star + 1) * (s.r * s.r + 1) / (s.rho * s.rho);
      EXPECT_GT(l->updates(), 0u);
      EXPECT_LE(static_cast<double>(l->updates()), bound) << "seed " << seed << " rate " << rate;
    }
  }
}

TEST(Perceptron, NonFiniteNeverEntersTheWeights) {
  auto l = make_perceptron({.bits = 8});
  const float inf = std::numeric_limits<float>::infinity();
  l->learn(kPerceptronEx, {{inf, 1}, {1.0f, 2}}, kSinglePart, 0.0, 1.0, 1.0);
  l->learn(kPerceptronEx, {{1.0f, 2}}, kSinglePart, 0.0, 1.0, std::numeric_limits<double>::infinity());
  l->learn(kPerceptronEx, {{3e38f, 2}}, kSinglePart, 0.0, 1.0, 1e10);
  EXPECT_EQ(l->dropped_updates(), 3u);
  EXPECT_EQ(l->updates(), 0u);
  EXPECT_EQ(test::text_of(*l), "");
}

// An update whose first slots are finite and whose last would overflow
// changes nothing: the slots written before the overflow is seen are restored
// (one part, K = 1; two parts on a row, K = 4; averaged or not).
TEST(Perceptron, AnUpdateThatOverflowsPartWayChangesNothing) {
  const Part pair[2] = {{0, 1.0}, {2, -1.0}};
  for (const bool averaged : {false, true})
    for (const uint32_t k : {1u, 4u}) {
      auto l = make_perceptron({.bits = 8, .sub_models = k, .averaged = averaged});
      const Parts parts = k == 1 ? Parts(kSinglePart) : Parts(pair, 2);
      l->learn(kPerceptronEx, {{1.0f, 1}, {2.0f, 2}}, parts, -1.0, 1.0, 1.0);
      ASSERT_EQ(l->updates(), 1u);
      const std::string before = test::text_of(*l);
      ASSERT_NE(before, "");
      // 1e30 times 1 and 2 are finite floats; 1e30 times 3e38 is not.
      l->learn(kPerceptronEx, {{1.0f, 1}, {2.0f, 2}, {3e38f, 3}}, parts, -1.0, 1.0, 1e30);
      EXPECT_EQ(l->dropped_updates(), 1u) << "K " << k << " averaged " << averaged;
      EXPECT_EQ(test::text_of(*l), before) << "K " << k << " averaged " << averaged;
    }
}

// Updates skip the per-slot check while a bound on the table's weights
// says no slot can overflow; that bound must cover weights the learner did
// not write itself: start values and a loaded model. Each holds 3e38 here,
// and a step of 1e38 would overflow it.
TEST(Perceptron, WeightsNearTheLimitFromStartValuesOrALoadAreStillChecked) {
  const std::vector<Feature> x = {{1.0f, 1}};
  auto started = make_perceptron({.bits = 8, .rate = 1e38});
  WeightInit init;
  init.kind = WeightInit::Kind::kValue;
  init.value = 3e38f;
  ASSERT_TRUE(started->start_weights(init));
  started->learn(kPerceptronEx, x, kSinglePart, -1.0, 1.0, 1.0);
  EXPECT_EQ(started->dropped_updates(), 1u);
  EXPECT_EQ(started->predict(kPerceptronEx, x, kSinglePart), 3e38f);

  auto big = make_perceptron({.bits = 8, .rate = 3e38});
  big->learn(kPerceptronEx, x, kSinglePart, -1.0, 1.0, 1.0);  // w = 3e38 (checked: a step past the room)
  ASSERT_EQ(big->updates(), 1u);
  const std::string path = test::save_model(*big, "near_limit.bin", false);
  auto loaded = make_perceptron({.bits = 8, .rate = 1e38});
  test::load_model(*loaded, path);
  loaded->learn(kPerceptronEx, x, kSinglePart, -1.0, 1.0, 1.0);
  EXPECT_EQ(loaded->dropped_updates(), 1u);
  EXPECT_EQ(loaded->predict(kPerceptronEx, x, kSinglePart), 3e38f);
}

TEST(Perceptron, RejectsBadConfig) {
  EXPECT_THROW(make_perceptron({.bits = 0}), Error);
  EXPECT_THROW(make_perceptron({.bits = 33}), Error);
  EXPECT_THROW(make_perceptron({.sub_models = 0}), Error);
  EXPECT_THROW(make_perceptron({.rate = 0.0}), Error);
  EXPECT_THROW(make_perceptron({.rate = std::nan("")}), Error);
}

}  // namespace
}  // namespace learner
