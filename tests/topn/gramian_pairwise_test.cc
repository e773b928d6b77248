// The BPR term of the Gramian loss (gramian_pairwise.h, learner-topn --loss
// gramian --pairwise W): its gradient equals central finite differences of its
// value, it is finite at any margin, training with it is seeded and
// reproducible, never writes a non-finite weight, and ranks a user's taste
// group first; W = 0 leaves the Gramian loss's training unchanged.
#include "learner/topn/gramian_pairwise.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gramian_fixture.h"
#include "groups.h"
#include "learner/error.h"
#include "learner/topn/gramian.h"
#include "learner/topn/sampler.h"

namespace learner::topn {
namespace {

using gramian_fixture::expect_diverging_training_stays_bounded;
using gramian_fixture::tiny_options;
using gramian_fixture::tiny_pairs;
using gramian_fixture::two_group_options;


Eigen::RowVectorXd pairwise_row(unsigned k, uint64_t seed, bool user) {
  SplitMix rng(seed);
  Eigen::RowVectorXd v(k + 2);
  for (unsigned j = 0; j < k + 2; ++j) v[j] = 2.0 * rng.uniform() - 1.0;
  v[user ? k + 1 : k] = 1.0;  // the constant coordinate
  return v;
}

TEST(TopnGramianPairwise, GradientMatchesFiniteDifferences) {
  const unsigned k = 3;
  Eigen::RowVectorXd a = pairwise_row(k, 1, true), bi = pairwise_row(k, 2, false), bj = pairwise_row(k, 3, false);
  Eigen::RowVectorXd ga = Eigen::RowVectorXd::Zero(k + 2), gbi = ga, gbj = ga;
  const double weight = 0.7;
  add_pairwise_gradient(weight, a, bi, bj, k, &ga, &gbi, &gbj);
  const double h = 1e-6;
  // zero: a coordinate whose gradient is exactly 0 (the fixed 1; the user bias, which cancels in p_ui - p_uj).
  auto check = [&](Eigen::RowVectorXd& v, const Eigen::RowVectorXd& g, unsigned constant, unsigned zero) {
    for (unsigned j = 0; j < k + 2; ++j) {
      if (j == constant || j == zero) {
        EXPECT_EQ(g[j], 0.0);
        continue;
      }
      const double keep = v[j];
      v[j] = keep + h;
      const double up = weight * pairwise_logistic(a, bi, bj);
      v[j] = keep - h;
      const double down = weight * pairwise_logistic(a, bi, bj);
      v[j] = keep;
      EXPECT_NEAR(g[j], (up - down) / (2 * h), 1e-8) << "coordinate " << j;
      EXPECT_NE(g[j], 0.0);
    }
  };
  check(a, ga, k + 1, k);
  check(bi, gbi, k, k);
  check(bj, gbj, k, k);
  // The positive is pushed up, the negative down, by the same amount.
  EXPECT_TRUE(((gbi + gbj).head(k + 1).array().abs() < 1e-15).all());
}

TEST(TopnGramianPairwise, FiniteAtAnyMargin) {
  const unsigned k = 1;
  Eigen::RowVectorXd a(3), bi(3), bj(3);
  for (const double m : {-1e6, -800.0, 0.0, 800.0, 1e6}) {
    a << 1.0, 0.0, 1.0;
    bi << m, 1.0, 0.0;
    bj << 0.0, 1.0, 0.0;
    const double v = pairwise_logistic(a, bi, bj);
    EXPECT_TRUE(std::isfinite(v)) << m;
    EXPECT_NEAR(v, m > 0 ? 0.0 : (m < 0 ? -m : std::log(2.0)), 1e-9 * (1 + std::fabs(m))) << m;
    Eigen::RowVectorXd ga = Eigen::RowVectorXd::Zero(3), gbi = ga, gbj = ga;
    add_pairwise_gradient(1.0, a, bi, bj, k, &ga, &gbi, &gbj);
    EXPECT_TRUE(ga.allFinite() && gbi.allFinite() && gbj.allFinite()) << m;
    EXPECT_NEAR(gbi[0], m > 0 ? 0.0 : (m < 0 ? -1.0 : -0.5), 1e-12) << m;
  }
}

GramianOptions pairwise_options() {
  GramianOptions o = tiny_options();
  o.pairwise = 1.0;
  o.negatives = 2;
  return o;
}

TEST(TopnGramianPairwise, SeededTrainingIsReproducible) {
  const auto rows = tiny_pairs();
  for (const bool joint : {false, true}) {
    GramianOptions o = pairwise_options();
    o.joint = joint;
    GramianRanker a(o, 4, 5, rows), b(o, 4, 5, rows);
    a.train();
    b.train();
    EXPECT_EQ(a.users(), b.users());
    EXPECT_EQ(a.items(), b.items());
    EXPECT_EQ(a.skipped_steps(), 0u);
    o.seed = 2;
    GramianRanker c(o, 4, 5, rows);
    c.train();
    EXPECT_NE(a.items(), c.items());
    o = pairwise_options();
    o.joint = joint;
    o.pairwise = 0.0;  // the term changes training
    GramianRanker plain(o, 4, 5, rows);
    plain.train();
    EXPECT_NE(a.items(), plain.items());
  }
}

TEST(TopnGramianPairwise, NegativesMoveAnItemNobodyHas) {
  // Item 5 has no positive: the Gramian steps never visit it, only the BPR term's draws do.
  const auto rows = tiny_pairs();
  for (const bool joint : {false, true}) {
    GramianOptions o = pairwise_options();
    o.joint = joint;
    GramianRanker g(o, 4, 6, rows);
    const GramianRanker::Rows start = g.items();
    g.train();
    EXPECT_GT((g.items().row(5) - start.row(5)).norm(), 1e-3);
    double after = 0.0, positives = 0.0;
    for (uint32_t u = 0; u < 4; ++u) after += g.score(u, 5);
    for (const Interaction& r : rows) positives += g.score(r.user, r.item);
    EXPECT_LT(after / 4, positives / static_cast<double>(rows.size()));  // ranked below the positives
    o.pairwise = 0.0;
    GramianRanker plain(o, 4, 6, rows);
    plain.train();
    EXPECT_EQ(plain.items().row(5), start.row(5));
  }
}

TEST(TopnGramianPairwise, NoNonFiniteWeightEvenWhenTheStepsDiverge) {
  GramianOptions o = pairwise_options();
  o.pairwise = 1e5;
  expect_diverging_training_stays_bounded(o);
}

TEST(TopnGramianPairwise, RanksTheUsersGroupFirst) {
  const InteractionSet set = test_groups::two_taste_groups();
  GramianOptions o = two_group_options();
  o.pairwise = 1.0;
  o.negatives = 4;
  GramianRanker g(o, set.users.size(), set.items.size(), set.rows);
  g.train();
  EXPECT_EQ(g.skipped_steps(), 0u);
  EXPECT_GE(test_groups::own_group_recommendations(g.factors(set.users, set.items), set), 54) << "of 60";
}

TEST(TopnGramianPairwise, OptionsAreRangeChecked) {
  const auto rows = tiny_pairs();
  GramianOptions o = pairwise_options();
  o.pairwise = -1;
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
  o.pairwise = std::nan("");
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
  o = pairwise_options();
  o.negatives = 0;
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
}

}  // namespace
}  // namespace learner::topn
