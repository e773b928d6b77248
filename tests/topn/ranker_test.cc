// The ranking-trained dyadic model (dyadic_ranker.h): the pairwise example's
// prediction is the score difference, its update is exact (two of weight h
// equal one of 2h) and never passes the hinge's target, and the exported
// factors predict what the model predicts.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "learner/topn/dyadic_ranker.h"
#include "learner/topn/recommend.h"

namespace learner::topn {
namespace {

// Two taste groups: users 0..9 like items 0..7, users 10..19 items 8..15, each
// user rating 5 of their group's items.
InteractionSet grouped() {
  InteractionSet set;
  std::string text;
  char line[32];
  for (int u = 0; u < 20; ++u)
    for (int n = 0; n < 5; ++n) {
      std::snprintf(line, sizeof line, "u%d i%d 5\n", u, (u < 10 ? 0 : 8) + (u + 3 * n) % 8);
      text += line;
    }
  read_interactions_text(text, set);
  return set;
}

RankerOptions small_options(RankLoss loss) {
  RankerOptions o;
  o.loss = loss;
  o.rank = 4;
  o.passes = 5;
  o.negatives = 2;
  o.learning_rate = 0.05;
  o.l2 = 0.01;
  o.init = 0.1;
  o.seed = 3;
  return o;
}

TEST(TopnRanker, PairExampleIsTheScoreDifference) {
  const InteractionSet set = grouped();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  for (const RankLoss loss : {RankLoss::kBpr, RankLoss::kHinge, RankLoss::kWarp}) {
    DyadicRanker r(small_options(loss), set.users.size(), set.items.size());
    r.train(set.rows, own);
    for (uint32_t u = 0; u < 20; u += 7)
      for (uint32_t i = 0; i < 16; i += 5)
        for (uint32_t j = 1; j < 16; j += 6)
          EXPECT_NEAR(r.difference(u, i, j), r.score(u, i) - r.score(u, j), 1e-5);
  }
}

TEST(TopnRanker, TwoUpdatesOfWeightHEqualOneOf2H) {
  const InteractionSet set = grouped();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  for (const RankLoss loss : {RankLoss::kBpr, RankLoss::kHinge}) {
    for (const double h : {0.5, 3.0}) {
      DyadicRanker a(small_options(loss), set.users.size(), set.items.size());
      DyadicRanker b(small_options(loss), set.users.size(), set.items.size());
      a.train(set.rows, own);
      b.train(set.rows, own);
      const double before = a.difference(2, 9, 3);  // user 2 (group A) on a group-B item vs a group-A one
      ASSERT_EQ(before, b.difference(2, 9, 3));
      a.learn_pair(2, 9, 3, h);
      const double twice = a.learn_pair(2, 9, 3, h);
      const double once = b.learn_pair(2, 9, 3, 2 * h);
      EXPECT_GT(once, before);
      EXPECT_NEAR(twice, once, 1e-4 * (1 + std::fabs(once))) << "h " << h;
      const Factors fa = a.factors(set.users, set.items), fb = b.factors(set.users, set.items);
      for (std::size_t v = 0; v < fa.item_vec.size(); ++v) EXPECT_NEAR(fa.item_vec[v], fb.item_vec[v], 1e-4);
      for (std::size_t v = 0; v < fa.user_vec.size(); ++v) EXPECT_NEAR(fa.user_vec[v], fb.user_vec[v], 1e-4);
      for (std::size_t v = 0; v < fa.item_bias.size(); ++v) EXPECT_NEAR(fa.item_bias[v], fb.item_bias[v], 1e-4);
    }
  }
}

// The ranking losses learn at the options' latent rate under their plain L2,
// whatever CoreConfig's (the command line's) defaults are: automatic latent
// rate and L2 once replaced both silently.
TEST(TopnRanker, RankingLossesUseTheOptionsLatentRateAndL2) {
  const auto after_one_update = [](double latent_rate, double l2) {
    RankerOptions o = small_options(RankLoss::kBpr);
    o.latent_rate = latent_rate;
    o.l2 = l2;
    DyadicRanker r(o, 4, 4);
    const CoreConfig& c = r.model().config();
    EXPECT_FALSE(c.auto_latent_rate);
    EXPECT_FALSE(c.auto_latent_l2);
    EXPECT_EQ(c.dotproduct_freq_l2, 0.0);
    EXPECT_EQ(c.dotproduct_learning_rate, latent_rate);
    EXPECT_EQ(c.dotproduct_l2, l2);
    return r.learn_pair(1, 2, 3, 1.0);
  };
  EXPECT_NE(after_one_update(0.05, 0.0), after_one_update(0.5, 0.0));
  EXPECT_NE(after_one_update(0.5, 0.0), after_one_update(0.5, 0.5));
}

TEST(TopnRanker, HingeNeverPassesTheTargetAndLogisticStaysFinite) {
  const InteractionSet set = grouped();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  DyadicRanker hinge(small_options(RankLoss::kHinge), set.users.size(), set.items.size());
  hinge.train(set.rows, own);
  const double before = hinge.difference(4, 12, 1);
  ASSERT_LT(before, 1.0);
  const double after = hinge.learn_pair(4, 12, 1, 1e6);
  EXPECT_LE(after, 1.0 + 1e-5);
  EXPECT_GT(after, 1.0 - 1e-3) << "a huge importance reaches the margin";
  DyadicRanker bpr(small_options(RankLoss::kBpr), set.users.size(), set.items.size());
  bpr.train(set.rows, own);
  const double b0 = bpr.difference(4, 12, 1);
  const double b1 = bpr.learn_pair(4, 12, 1, 1e4);
  EXPECT_TRUE(std::isfinite(b1));
  EXPECT_GT(b1, b0);
}

TEST(TopnRanker, FactorsPredictWhatTheModelPredicts) {
  const InteractionSet set = grouped();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  for (const RankLoss loss : {RankLoss::kBpr, RankLoss::kPointwise, RankLoss::kRating}) {
    RankerOptions o = small_options(loss);
    o.center = loss == RankLoss::kRating ? 0.5 : 0.0;
    if (loss == RankLoss::kRating) {
      o.learning_rate = 0;
      o.l2 = -1;
    }
    DyadicRanker r(o, set.users.size(), set.items.size());
    r.train(set.rows, own);
    const Factors f = r.factors(set.users, set.items);
    for (uint32_t u = 0; u < set.users.size(); ++u)
      for (uint32_t i = 0; i < set.items.size(); ++i)
        ASSERT_NEAR(f.score(u, i), r.score(u, i), 1e-4 * (1 + std::fabs(f.score(u, i)))) << u << " " << i;
  }
}

TEST(TopnRanker, BprRanksTheUsersGroupFirst) {
  const InteractionSet set = grouped();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  RankerOptions o = small_options(RankLoss::kBpr);
  o.passes = 40;
  DyadicRanker r(o, set.users.size(), set.items.size());
  r.train(set.rows, own);
  const Factors f = r.factors(set.users, set.items);
  const FactorScorer scorer(f);
  std::vector<uint32_t> users(20);
  for (uint32_t u = 0; u < 20; ++u) users[u] = u;
  const TopLists top = recommend(scorer, &own, users, 3, 1);
  int right = 0;
  for (uint32_t u = 0; u < 20; ++u)
    for (const TopItem& t : top.row(u)) right += (set.items.name(t.item)[1] - '0' < 8 && set.items.name(t.item).size() == 2) == (u < 10);
  EXPECT_GE(right, 54) << "of 60 recommendations, from the user's own group";
}

TEST(TopnRanker, RefusesOptionsOutOfRange) {
  RankerOptions o;
  o.rank = 0;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError);
  o = RankerOptions{};
  o.learning_rate = std::nan("");
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError);
  o = RankerOptions{};
  o.negatives = 0;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError);
  EXPECT_THROW(parse_rank_loss("warp2"), UsageError);
}

}  // namespace
}  // namespace learner::topn
