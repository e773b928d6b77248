// Ranking metrics against hand-computed cases (metrics.h).
#include <gtest/gtest.h>

#include <cmath>

#include "learner/topn/metrics.h"

namespace learner::topn {
namespace {

// Ranked 5, 1, 7, 3; relevant {1, 3, 9}; k = 4. Hits at ranks 2 and 4.
TEST(TopnMetrics, HandComputedUser) {
  const std::vector<uint32_t> ranked = {5, 1, 7, 3}, relevant = {1, 3, 9};
  const TopnMetrics m = user_metrics(ranked, relevant, 4);
  EXPECT_DOUBLE_EQ(m.precision, 2.0 / 4);
  EXPECT_DOUBLE_EQ(m.recall, 2.0 / 3);
  const double dcg = 1 / std::log2(3.0) + 1 / std::log2(5.0);
  const double idcg = 1 + 1 / std::log2(3.0) + 1 / std::log2(4.0);
  EXPECT_NEAR(m.ndcg, dcg / idcg, 1e-12);
  EXPECT_NEAR(m.map, (1.0 / 2 + 2.0 / 4) / 3, 1e-12);  // min(k, |R|) = 3
  EXPECT_EQ(m.hit_rate, 1.0);
}

TEST(TopnMetrics, PerfectAndEmptyLists) {
  const std::vector<uint32_t> relevant = {2, 4};
  const std::vector<uint32_t> perfect = {4, 2, 8};
  const TopnMetrics p = user_metrics(perfect, relevant, 3);
  EXPECT_DOUBLE_EQ(p.ndcg, 1.0);
  EXPECT_DOUBLE_EQ(p.map, 1.0);
  EXPECT_DOUBLE_EQ(p.recall, 1.0);
  EXPECT_DOUBLE_EQ(p.precision, 2.0 / 3);
  const TopnMetrics none = user_metrics(std::vector<uint32_t>{}, relevant, 3);
  EXPECT_EQ(none.precision, 0.0);
  EXPECT_EQ(none.ndcg, 0.0);
  EXPECT_EQ(none.hit_rate, 0.0);
  // A list shorter than k still divides precision by k.
  const TopnMetrics short_list = user_metrics(std::vector<uint32_t>{2}, relevant, 10);
  EXPECT_DOUBLE_EQ(short_list.precision, 0.1);
  EXPECT_NEAR(short_list.ndcg, 1.0 / (1 + 1 / std::log2(3.0)), 1e-12);
}

TEST(TopnMetrics, MeansSkipUsersWithoutRelevantItemsAndCountCoverage) {
  MetricsSum sum(10, 2);
  sum.add(std::vector<uint32_t>{0, 1}, std::vector<uint32_t>{1});  // p 0.5, hit
  sum.add(std::vector<uint32_t>{2, 3}, std::vector<uint32_t>{9});  // p 0
  sum.add(std::vector<uint32_t>{4, 0}, std::vector<uint32_t>{});   // no relevant item: coverage only
  const TopnMetrics m = sum.mean();
  EXPECT_EQ(m.users, 2u);
  EXPECT_DOUBLE_EQ(m.precision, 0.25);
  EXPECT_DOUBLE_EQ(m.hit_rate, 0.5);
  EXPECT_DOUBLE_EQ(m.coverage, 5.0 / 10);  // items 0..4
  EXPECT_NEAR(m.ndcg, 0.5 * (1 / std::log2(3.0)), 1e-12);
}

TEST(TopnMetrics, LeaveOneOutRankCountsTiesAgainst) {
  const std::vector<float> negatives = {0.1f, 0.9f, 0.5f, 0.5f};
  EXPECT_EQ(loo_rank(0.5f, negatives), 4u);  // 0.9 above, two ties
  EXPECT_EQ(loo_rank(1.0f, negatives), 1u);
  EXPECT_EQ(loo_rank(0.0f, std::vector<float>(99, 0.0f)), 100u);  // a constant scorer gets no credit
  EXPECT_DOUBLE_EQ(loo_ndcg(1, 10), 1.0);
  EXPECT_DOUBLE_EQ(loo_ndcg(3, 10), 0.5);
  EXPECT_EQ(loo_ndcg(11, 10), 0.0);
}

}  // namespace
}  // namespace learner::topn
