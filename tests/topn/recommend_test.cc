// recommend (recommend.h) against a brute-force reference, and the peers (peers.h).
#include <gtest/gtest.h>

#include <algorithm>

#include "learner/error.h"
#include "learner/topn/peers.h"
#include "learner/topn/recommend.h"
#include "learner/topn/sampler.h"

namespace learner::topn {
namespace {

Factors random_factors(std::size_t users, std::size_t items, unsigned k, uint64_t seed) {
  IdMap u, i;
  for (std::size_t n = 0; n < users; ++n) u.intern("user" + std::to_string(n));
  for (std::size_t n = 0; n < items; ++n) i.intern("item" + std::to_string(n));
  Factors f;
  f.resize(u, i, k);
  f.global = 0.25;
  SplitMix rng(seed);
  for (float& x : f.user_vec) x = static_cast<float>(rng.uniform() - 0.5);
  for (float& x : f.item_vec) x = static_cast<float>(rng.uniform() - 0.5);
  for (float& x : f.item_bias) x = static_cast<float>(rng.uniform() - 0.5);
  for (float& x : f.user_bias) x = static_cast<float>(rng.uniform() - 0.5);
  return f;
}

TEST(TopnRecommend, EqualsBruteForce) {
  const Factors f = random_factors(37, 113, 5, 9);
  std::vector<Interaction> pairs;
  SplitMix rng(2);
  for (int n = 0; n < 600; ++n) pairs.push_back({rng.below(37), rng.below(113), 1.0f, 0.0});
  const UserItems exclude(37, 113, pairs);
  std::vector<uint32_t> users = {5, 0, 36, 5, 17};
  for (uint32_t u = 0; u < 37; ++u) users.push_back(u);
  const FactorScorer scorer(f);
  for (const unsigned threads : {1u, 3u}) {
    const TopLists top = recommend(scorer, &exclude, users, 10, threads);
    EXPECT_EQ(top.scored, users.size() * 113);
    for (std::size_t r = 0; r < users.size(); ++r) {
      const uint32_t u = users[r];
      std::vector<std::pair<double, uint32_t>> all;
      for (uint32_t i = 0; i < 113; ++i)
        if (!exclude.contains(u, i)) all.push_back({-f.score(u, i), i});
      std::sort(all.begin(), all.end());
      const auto row = top.row(r);
      ASSERT_EQ(row.size(), 10u);
      for (std::size_t q = 0; q < 10; ++q) {
        EXPECT_EQ(row[q].item, all[q].second) << "user " << u << " place " << q;
        EXPECT_NEAR(row[q].score, -all[q].first, 1e-5);
      }
    }
  }
}

TEST(TopnRecommend, FewerItemsThanNAndTiesByIndex) {
  IdMap u, i;
  u.intern("a");
  for (const char* name : {"x", "y", "z"}) i.intern(name);
  Factors f;
  f.resize(u, i, 0);  // every score 0: ties
  const std::vector<Interaction> pairs = {{0, 1, 1.0f, 0.0}};
  const UserItems exclude(1, 3, pairs);
  const FactorScorer scorer(f);
  const std::vector<uint32_t> users = {0};
  const TopLists top = recommend(scorer, &exclude, users, 5, 1);
  ASSERT_EQ(top.row(0).size(), 2u);
  EXPECT_EQ(top.row(0)[0].item, 0u);
  EXPECT_EQ(top.row(0)[1].item, 2u);
  EXPECT_THROW(recommend(scorer, &exclude, users, 0, 1), UsageError);
}

TEST(TopnPeers, PopularityAndCosineKnnByHand) {
  // a: x y; b: x y z; c: z.  sim(x,y) = 2/sqrt(2*2) = 1, sim(x,z) = 1/sqrt(2*2) = 0.5, sim(y,z) = 0.5.
  InteractionSet set;
  read_interactions_text("a x\na y\nb x\nb y\nb z\nc z\n", set);
  const UserItems train(3, 3, set.rows);
  const PopularityScorer pop(train);
  std::vector<float> s(3);
  pop.score(2, s);
  EXPECT_EQ(s, (std::vector<float>{2, 2, 2}));
  const ItemKnnScorer knn(train, 5);
  knn.score(2, s);  // c has z: x and y get 0.5 each, z 0
  EXPECT_FLOAT_EQ(s[0], 0.5f);
  EXPECT_FLOAT_EQ(s[1], 0.5f);
  EXPECT_FLOAT_EQ(s[2], 0.0f);
  knn.score(0, s);  // a has x, y: z gets 0.5 + 0.5, x gets sim(y,x) = 1
  EXPECT_FLOAT_EQ(s[2], 1.0f);
  EXPECT_FLOAT_EQ(s[0], 1.0f);
  const ItemKnnScorer one(train, 1);  // each item keeps only its best neighbour
  one.score(2, s);                    // z's best: x (tie with y, lower index)
  EXPECT_FLOAT_EQ(s[0], 0.5f);
  EXPECT_FLOAT_EQ(s[1], 0.0f);
}

TEST(TopnPeers, ImplicitAlsRecoversGroups) {
  // Users 0..9 use items 0..5 (each misses one), users 10..19 items 6..11.
  std::vector<Interaction> rows;
  for (uint32_t u = 0; u < 20; ++u)
    for (uint32_t n = 0; n < 6; ++n)
      if (n != u % 6) rows.push_back({u, (u < 10 ? 0u : 6u) + n, 1.0f, 0.0});
  IdMap users, items;
  for (int n = 0; n < 20; ++n) users.intern(std::to_string(n));
  for (int n = 0; n < 12; ++n) items.intern(std::to_string(n));
  const UserItems train(20, 12, rows);
  IalsOptions o;
  o.rank = 2;  // two groups: too few dimensions to fit each user's missing item as a 0
  o.iterations = 10;
  o.reg = 1.0;
  const Factors f = train_ials(train, users, items, o);
  const FactorScorer scorer(f);
  std::vector<uint32_t> all(20);
  for (uint32_t u = 0; u < 20; ++u) all[u] = u;
  const TopLists top = recommend(scorer, &train, all, 1, 1);
  for (uint32_t u = 0; u < 20; ++u) EXPECT_EQ(top.row(u)[0].item, (u < 10 ? 0u : 6u) + u % 6) << "user " << u;
  IalsOptions bad;
  bad.reg = 0;
  EXPECT_THROW(train_ials(train, users, items, bad), UsageError);
}

}  // namespace
}  // namespace learner::topn
