// The whole-catalogue (Gramian) loss (gramian.h, learner-topn --loss gramian):
// its whole-catalogue term equals the brute-force sum over every (user, item)
// pair, the gradient the passes use equals central finite differences of L,
// training is seeded and reproducible, a step that would overflow writes
// nothing, training lowers L and ranks a user's taste group first.
#include "learner/topn/gramian.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "groups.h"
#include "learner/error.h"

namespace learner::topn {
namespace {

// 4 users, 5 items; every user and item has a positive.
std::vector<Interaction> tiny_pairs() {
  const uint32_t p[][2] = {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 3}, {2, 0}, {3, 4}, {3, 2}, {0, 4}};
  std::vector<Interaction> rows;
  for (const auto& q : p) rows.push_back({q[0], q[1], 5.0f, 0.0});
  return rows;
}

GramianOptions tiny_options() {
  GramianOptions o;
  o.rank = 3;
  o.passes = 5;
  o.observed = 1.5;
  o.unobserved = 0.3;
  o.learning_rate = 0.2;
  o.l2 = 0.05;
  o.bias_l2 = 0.02;
  o.init = 0.5;
  return o;
}

// Random biases too (they start at 0).
void shake_biases(GramianRanker& g) {
  const unsigned k = static_cast<unsigned>(g.users().cols()) - 2;
  for (Eigen::Index u = 0; u < g.users().rows(); ++u) g.users()(u, k) = 0.1 * static_cast<double>(u) - 0.15;
  for (Eigen::Index i = 0; i < g.items().rows(); ++i) g.items()(i, k + 1) = 0.3 - 0.07 * static_cast<double>(i);
}

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
  GramianRanker::Rows gu, gi;
  g.gradient(gu, gi);
  const double h = 1e-6;
  auto check = [&](GramianRanker::Rows& w, const GramianRanker::Rows& grad, Eigen::Index constant) {
    for (Eigen::Index r = 0; r < w.rows(); ++r)
      for (Eigen::Index j = 0; j < w.cols(); ++j) {
        if (j == constant) {  // the fixed 1: no gradient
          EXPECT_EQ(grad(r, j), 0.0);
          continue;
        }
        const double keep = w(r, j);
        w(r, j) = keep + h;
        const double up = g.loss();
        w(r, j) = keep - h;
        const double down = g.loss();
        w(r, j) = keep;
        EXPECT_NEAR(grad(r, j), (up - down) / (2 * h), 1e-6) << "row " << r << " column " << j;
      }
  };
  check(g.users(), gu, 4);
  check(g.items(), gi, 3);
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
  const auto rows = tiny_pairs();
  GramianOptions o = tiny_options();
  o.learning_rate = 1000.0;  // far past stable: the weights blow up
  o.passes = 200;
  o.init = 10.0;
  for (const bool joint : {false, true}) {
    o.joint = joint;
    GramianRanker g(o, 4, 5, rows);
    g.train();
    EXPECT_GT(g.skipped_steps(), 0u);
    for (const auto* w : {&g.users(), &g.items()})
      for (Eigen::Index r = 0; r < w->rows(); ++r)
        for (Eigen::Index j = 0; j < w->cols(); ++j) EXPECT_LE(std::fabs((*w)(r, j)), 1e30);
  }
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
  GramianOptions o;
  o.rank = 4;
  o.passes = 20;
  o.learning_rate = 0.5;
  o.unobserved = 0.5;
  o.l2 = 0.05;
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
