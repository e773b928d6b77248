// The whole-catalogue (Gramian) loss (gramian.h, learner-topn --loss gramian):
// its whole-catalogue term equals the brute-force sum over every (user, item)
// pair, the gradient the passes use equals central finite differences of L,
// training is seeded and reproducible, a step that would overflow writes
// nothing, training lowers L and ranks a user's taste group first.
#include "learner/topn/gramian.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gramian_fixture.h"
#include "groups.h"
#include "learner/error.h"

namespace learner::topn {
namespace {

using gramian_fixture::expect_gradient_matches_finite_differences;
using gramian_fixture::expect_diverging_training_stays_bounded;
using gramian_fixture::shake_biases;
using gramian_fixture::tiny_options;
using gramian_fixture::tiny_pairs;
using gramian_fixture::two_group_options;


TEST(TopnGramian, WholeCatalogueTermIsTheSumOverEveryPair) {
  const auto rows = tiny_pairs();
  GramianRanker g(tiny_options(), 4, 5, rows);
  shake_biases(g);
  double brute = 0.0;
  for (uint32_t u = 0; u < 4; ++u)
    for (uint32_t i = 0; i < 5; ++i) {
      // The dyadic score written out: beta_u + gamma_i + x_u . y_i.
      double p = g.users()(u, 3) + g.items()(i, 4);
      for (int j = 0; j < 3; ++j) p += g.users()(u, j) * g.items()(i, j);
      EXPECT_NEAR(p, g.score(u, i), 1e-12);
      brute += p * p;
    }
  EXPECT_GT(brute, 0.01);
  EXPECT_NEAR(g.whole_catalogue_term(), 0.3 * brute, 1e-12 * brute);
  g.train();
  brute = 0.0;
  for (uint32_t u = 0; u < 4; ++u)
    for (uint32_t i = 0; i < 5; ++i) brute += g.score(u, i) * g.score(u, i);
  EXPECT_NEAR(g.whole_catalogue_term(), 0.3 * brute, 1e-12 * brute);
}

TEST(TopnGramian, GradientMatchesFiniteDifferencesOfTheLoss) {
  const auto rows = tiny_pairs();
  GramianRanker g(tiny_options(), 4, 5, rows);
  shake_biases(g);
  expect_gradient_matches_finite_differences(g);
}

TEST(TopnGramian, SeededTrainingIsReproducible) {
  const auto rows = tiny_pairs();
  GramianRanker a(tiny_options(), 4, 5, rows), b(tiny_options(), 4, 5, rows);
  a.train();
  b.train();
  EXPECT_EQ(a.users(), b.users());
  EXPECT_EQ(a.items(), b.items());
  GramianOptions other = tiny_options();
  other.seed = 2;
  GramianRanker c(other, 4, 5, rows);
  c.train();
  EXPECT_NE(a.users(), c.users());
}

TEST(TopnGramian, TrainingLowersTheLoss) {
  const auto rows = tiny_pairs();
  GramianRanker g(tiny_options(), 4, 5, rows);
  const double before = g.loss();
  g.train();
  EXPECT_LT(g.loss(), 0.8 * before);
  EXPECT_EQ(g.skipped_steps(), 0u);
  // Positives score above the user's other items after training.
  for (const Interaction& r : rows) EXPECT_GT(g.score(r.user, r.item), 0.3) << r.user << " " << r.item;
}

TEST(TopnGramian, JointSweepsAreSeededAndLowerTheLoss) {
  const auto rows = tiny_pairs();
  GramianOptions o = tiny_options();
  o.joint = true;
  GramianRanker a(o, 4, 5, rows), b(o, 4, 5, rows), alternate(tiny_options(), 4, 5, rows);
  const double before = a.loss();
  a.train();
  b.train();
  alternate.train();
  EXPECT_EQ(a.users(), b.users());
  EXPECT_EQ(a.items(), b.items());
  EXPECT_NE(a.users(), alternate.users());
  EXPECT_EQ(a.updates(), 5u * rows.size());
  EXPECT_EQ(alternate.updates(), 2u * 5u * rows.size());
  EXPECT_LT(a.loss(), 0.8 * before);
}

TEST(TopnGramian, NoNonFiniteWeightEvenWhenTheStepsDiverge) {
  expect_diverging_training_stays_bounded(tiny_options());
}

TEST(TopnGramian, FactorsScoreAsTheModel) {
  const auto rows = tiny_pairs();
  GramianRanker g(tiny_options(), 4, 5, rows);
  g.train();
  IdMap users, items;
  for (const char* n : {"a", "b", "c", "d"}) users.intern(n);
  for (const char* n : {"v", "w", "x", "y", "z"}) items.intern(n);
  const Factors f = g.factors(users, items);
  for (uint32_t u = 0; u < 4; ++u)
    for (uint32_t i = 0; i < 5; ++i) EXPECT_NEAR(f.score(u, i), g.score(u, i), 1e-5);
}

TEST(TopnGramian, RanksTheUsersGroupFirst) {
  const InteractionSet set = test_groups::two_taste_groups();
  GramianOptions o = two_group_options();
  GramianRanker g(o, set.users.size(), set.items.size(), set.rows);
  g.train();
  EXPECT_EQ(g.skipped_steps(), 0u);
  EXPECT_GE(test_groups::own_group_recommendations(g.factors(set.users, set.items), set), 54) << "of 60";
}

TEST(TopnGramian, OptionsAreRangeChecked) {
  const auto rows = tiny_pairs();
  GramianOptions o = tiny_options();
  o.unobserved = -1;
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
  o = tiny_options();
  o.learning_rate = 0;
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
  o = tiny_options();
  o.observed = std::nan("");
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
}

}  // namespace
}  // namespace learner::topn
