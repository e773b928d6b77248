// Popularity-weighted missing data in the Gramian loss (gramian_weights.h,
// learner-topn --loss gramian --unobserved_exponent e): the weights against a
// hand-computed case, the weighted whole-catalogue term against the brute-force
// sum over every pair, the gradient the steps use against finite differences
// of the weighted L, seeded training, range checks.
#include "learner/topn/gramian_weights.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gramian_fixture.h"
#include "learner/error.h"
#include "learner/topn/gramian.h"

namespace learner::topn {
namespace {

using gramian_fixture::expect_gradient_matches_finite_differences;
using gramian_fixture::positives;
using gramian_fixture::shake_biases;
using gramian_fixture::tiny_options;


TEST(TopnGramianWeights, HandComputedWeights) {
  const std::vector<uint32_t> counts = {1, 4, 0, 9};
  // n^0.5 = 1, 2, 0, 3 (sum 6); scaled by 4 items / 6.
  const std::vector<double> w = unobserved_item_weights(counts, 0.5);
  ASSERT_EQ(w.size(), 4u);
  EXPECT_NEAR(w[0], 4.0 / 6.0, 1e-15);
  EXPECT_NEAR(w[1], 8.0 / 6.0, 1e-15);
  EXPECT_EQ(w[2], 0.0);
  EXPECT_NEAR(w[3], 2.0, 1e-15);
  for (const double x : unobserved_item_weights(counts, 0.0)) EXPECT_TRUE(x == 0.0 || std::fabs(x - 4.0 / 3.0) < 1e-15);
  EXPECT_THROW(unobserved_item_weights(counts, -2.1), UsageError);
  EXPECT_THROW(unobserved_item_weights(counts, 2.5), UsageError);
  EXPECT_THROW(unobserved_item_weights(counts, std::nan("")), UsageError);
  const std::vector<uint32_t> none = {0, 0};
  EXPECT_THROW(unobserved_item_weights(none, 1.0), Error);
}

// 4 users, 5 items with 1, 3, 2, 1, 2 positives.
std::vector<Interaction> weights_pairs() {
  return positives({{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 3}, {2, 1}, {3, 4}, {3, 2}, {0, 4}});
}

GramianOptions weights_options() {
  GramianOptions o = tiny_options();
  o.l2_exponent = 0.5;
  o.unobserved_exponent = 0.7;
  return o;
}

TEST(TopnGramianWeights, WeightedTermIsTheWeightedSumOverEveryPair) {
  const auto rows = weights_pairs();
  GramianRanker g(weights_options(), 4, 5, rows);
  shake_biases(g);
  const std::vector<uint32_t> counts = {1, 3, 2, 1, 2};
  const std::vector<double> w = unobserved_item_weights(counts, 0.7);
  EXPECT_GT(w[1], 1.2);  // the popular item weighs more
  double brute = 0.0;
  for (uint32_t u = 0; u < 4; ++u)
    for (uint32_t i = 0; i < 5; ++i) brute += w[i] * g.score(u, i) * g.score(u, i);
  EXPECT_NEAR(g.whole_catalogue_term(), 0.3 * brute, 1e-12 * brute);
  GramianOptions uniform = weights_options();
  uniform.unobserved_exponent = 0.0;
  GramianRanker h(uniform, 4, 5, rows);
  shake_biases(h);
  EXPECT_GT(std::fabs(h.whole_catalogue_term() - g.whole_catalogue_term()), 1e-6);
}

TEST(TopnGramianWeights, GradientMatchesFiniteDifferencesOfTheWeightedLoss) {
  const auto rows = weights_pairs();
  GramianRanker g(weights_options(), 4, 5, rows);
  shake_biases(g);
  expect_gradient_matches_finite_differences(g);
}

TEST(TopnGramianWeights, SeededTrainingIsReproducibleAndFinite) {
  const auto rows = weights_pairs();
  for (const bool joint : {false, true}) {
    GramianOptions o = weights_options();
    o.joint = joint;
    GramianRanker a(o, 4, 5, rows), b(o, 4, 5, rows);
    const double before = a.loss();
    a.train();
    b.train();
    EXPECT_EQ(a.users(), b.users());
    EXPECT_EQ(a.items(), b.items());
    EXPECT_EQ(a.skipped_steps(), 0u);
    EXPECT_LT(a.loss(), 0.8 * before);
    EXPECT_TRUE(a.users().allFinite() && a.items().allFinite());
  }
  GramianOptions o = weights_options();
  o.unobserved_exponent = 3.0;
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
}

}  // namespace
}  // namespace learner::topn
