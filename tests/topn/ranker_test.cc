// The ranking-trained dyadic model (dyadic_ranker.h): the pairwise example's
// prediction is the score difference, its update is exact (two of weight h
// equal one of 2h) and never passes the hinge's target, and the exported
// factors predict what the model predicts.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "learner/topn/dyadic_ranker.h"
#include "learner/topn/recommend.h"
#include "groups.h"

namespace learner::topn {
namespace {


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
  const InteractionSet set = test_groups::two_taste_groups();
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
  const InteractionSet set = test_groups::two_taste_groups();
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

// Also under AdaGrad rates (--adaptive) and frequency-aware L2 (--freq_l2):
// one update is still the exact step at the rates it starts with.
TEST(TopnRanker, HingeNeverPassesTheTargetAndLogisticStaysFinite) {
  const InteractionSet set = test_groups::two_taste_groups();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  for (int variant = 0; variant < 3; ++variant) {
    const auto options = [&](RankLoss loss) {
      RankerOptions o = small_options(loss);
      o.adaptive = variant == 1;
      o.freq_l2 = variant == 2 ? 0.5 : 0.0;
      return o;
    };
    DyadicRanker hinge(options(RankLoss::kHinge), set.users.size(), set.items.size());
    hinge.train(set.rows, own);
    const double before = hinge.difference(4, 12, 1);
    ASSERT_LT(before, 1.0) << "variant " << variant;
    const double after = hinge.learn_pair(4, 12, 1, 1e6);
    EXPECT_LE(after, 1.0 + 1e-5) << "variant " << variant;
    EXPECT_GT(after, 1.0 - 1e-3) << "a huge importance reaches the margin; variant " << variant;
    DyadicRanker bpr(options(RankLoss::kBpr), set.users.size(), set.items.size());
    bpr.train(set.rows, own);
    const double b0 = bpr.difference(4, 12, 1);
    const double b1 = bpr.learn_pair(4, 12, 1, 1e4);
    EXPECT_TRUE(std::isfinite(b1)) << "variant " << variant;
    EXPECT_GT(b1, b0) << "variant " << variant;
  }
}

// --adaptive and --freq_l2 reach the model, change what it learns, and stay seeded.
TEST(TopnRanker, AdaptiveAndFrequencyL2AreSeeded) {
  const InteractionSet set = test_groups::two_taste_groups();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  const auto trained = [&](bool adaptive, double freq_l2, uint64_t seed) {
    RankerOptions o = small_options(RankLoss::kBpr);
    o.adaptive = adaptive;
    o.freq_l2 = freq_l2;
    o.seed = seed;
    DyadicRanker r(o, set.users.size(), set.items.size());
    EXPECT_EQ(r.model().config().rule.adaptive, adaptive);
    EXPECT_EQ(r.model().config().dotproduct_freq_l2, freq_l2);
    r.train(set.rows, own);
    return r.factors(set.users, set.items).user_vec;
  };
  EXPECT_EQ(trained(true, 0.0, 5), trained(true, 0.0, 5));
  EXPECT_EQ(trained(false, 0.5, 5), trained(false, 0.5, 5));
  EXPECT_NE(trained(true, 0.0, 5), trained(false, 0.0, 5));
  EXPECT_NE(trained(false, 0.5, 5), trained(false, 0.0, 5));
  EXPECT_NE(trained(true, 0.0, 5), trained(true, 0.0, 6));
}

TEST(TopnRanker, FactorsPredictWhatTheModelPredicts) {
  const InteractionSet set = test_groups::two_taste_groups();
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
  const InteractionSet set = test_groups::two_taste_groups();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  RankerOptions o = small_options(RankLoss::kBpr);
  o.passes = 40;
  DyadicRanker r(o, set.users.size(), set.items.size());
  r.train(set.rows, own);
  EXPECT_GE(test_groups::own_group_recommendations(r.factors(set.users, set.items), set), 54) << "of 60";
}

// --hard_negatives K: the negative is the best-scored of K draws of the same
// seeded stream, never one of the user's items, and training stays seeded.
TEST(TopnRanker, HardNegativeIsTheBestScoredOfItsDraws) {
  const InteractionSet set = test_groups::two_taste_groups();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  RankerOptions o = small_options(RankLoss::kBpr);
  o.hard_candidates = 4;
  DyadicRanker r(o, set.users.size(), set.items.size());
  r.train(set.rows, own);
  NegativeSampler drawn(own, 0.0, 11), replay(own, 0.0, 11);
  int differs_from_first = 0;
  for (int n = 0; n < 200; ++n) {
    const uint32_t u = static_cast<uint32_t>(n % 20);
    const uint32_t j = r.draw_negative(u, drawn);
    ASSERT_NE(j, NegativeSampler::kNoItem);
    EXPECT_FALSE(own.contains(u, j)) << "user " << u << " item " << j;
    uint32_t best = replay.draw(u);
    const uint32_t first = best;
    for (int t = 1; t < 4; ++t) {
      const uint32_t c = replay.draw(u);
      if (r.score(u, c) > r.score(u, best)) best = c;
    }
    EXPECT_EQ(j, best);
    differs_from_first += j != first;
  }
  EXPECT_GT(differs_from_first, 20) << "the hardest is often not the first draw";
}

TEST(TopnRanker, HardNegativesAreSeeded) {
  const InteractionSet set = test_groups::two_taste_groups();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  const auto trained = [&](unsigned hard, uint64_t seed) {
    RankerOptions o = small_options(RankLoss::kBpr);
    o.hard_candidates = hard;
    o.seed = seed;
    DyadicRanker r(o, set.users.size(), set.items.size());
    r.train(set.rows, own);
    return r.factors(set.users, set.items).item_vec;
  };
  EXPECT_EQ(trained(3, 5), trained(3, 5));
  EXPECT_NE(trained(3, 5), trained(3, 6));
  EXPECT_NE(trained(3, 5), trained(1, 5));
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
  o = RankerOptions{};
  o.hard_candidates = 0;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError);
  o.hard_candidates = 1001;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError);
  o = RankerOptions{};
  o.freq_l2 = 2.5;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError);
  o.freq_l2 = -2.5;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError);
  o.freq_l2 = -0.5;
  EXPECT_NO_THROW(DyadicRanker(o, 3, 3));
  o.freq_l2 = 0.5;
  o.l2 = 0;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError) << "--freq_l2 needs --l2 > 0";
  EXPECT_THROW(parse_rank_loss("warp2"), UsageError);
}

}  // namespace
}  // namespace learner::topn
