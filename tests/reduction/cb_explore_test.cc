// --cb_explore_adf's epsilon-greedy pmf (reduction/cb_explore_adf.h): over
// random scores with ties, every K and epsilon, the probabilities sum to 1
// and none is below the floor epsilon / K; the best action (and the actions
// tied with it, unless --first_only) share the rest.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "fixtures.h"
#include "src/reduction/cb_explore.h"
#include "src/reduction/cb_explore_adf.h"
#include "src/reduction/cbify.h"

namespace learner::test {
namespace {

TEST(CbExplore, EpsilonGreedyPmfSumsToOneAboveTheFloor) {
  Rng rng(11);
  std::vector<float> pmf;
  for (int trial = 0; trial < 2000; ++trial) {
    const uint32_t k = 1 + rng.below(12);
    std::vector<double> scores(k);
    for (double& s : scores) s = static_cast<double>(rng.below(4)) / 4;  // many ties
    std::vector<uint32_t> order(k);
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(),
              [&](uint32_t a, uint32_t b) { return scores[a] != scores[b] ? scores[a] < scores[b] : a < b; });
    CbExploreSettings s;
    s.epsilon = rng.uniform();
    s.first_only = rng.below(2) == 1;
    epsilon_greedy_pmf(scores, order, s, pmf);
    ASSERT_EQ(pmf.size(), k);
    double sum = 0.0;
    const double floor = s.epsilon / k;
    for (float p : pmf) {
      EXPECT_GE(p, floor - 1e-6) << "K " << k << " epsilon " << s.epsilon;
      sum += p;
    }
    EXPECT_NEAR(sum, 1.0, 1e-5) << "K " << k << " epsilon " << s.epsilon;
    // The best action has the most mass; with --first_only it alone has more than the floor.
    EXPECT_EQ(*std::max_element(pmf.begin(), pmf.end()), pmf[0]);
    if (s.first_only && k > 1 && s.epsilon < 1) {
      EXPECT_NEAR(pmf[1], floor, 1e-6);
    }
  }
}

TEST(CbExplore, TiedActionsShareTheGreedyMass) {
  std::vector<float> pmf;
  CbExploreSettings s;
  s.epsilon = 0.2;
  epsilon_greedy_pmf({0.5, 0.1, 0.1, 0.9}, {1, 2, 0, 3}, s, pmf);
  EXPECT_NEAR(pmf[0], 0.05 + 0.4, 1e-6);
  EXPECT_NEAR(pmf[1], 0.05 + 0.4, 1e-6);
  EXPECT_NEAR(pmf[2], 0.05, 1e-6);
  EXPECT_NEAR(pmf[3], 0.05, 1e-6);
}

// VW's ties (fill_tied: are_same_rel at 1e-4 relative, in float): scores
// -0.921425 and -0.921367 (VW's, after a --coin --predict_only_model resume)
// tie and share the greedy mass; -0.9214 and -0.9 do not.
TEST(CbExplore, EpsilonGreedyTiesAtVwsRelativeTolerance) {
  std::vector<float> pmf;
  CbExploreSettings s;
  s.epsilon = 0.05;
  epsilon_greedy_pmf({-0.921425, -0.921367}, {0, 1}, s, pmf);
  EXPECT_FLOAT_EQ(pmf[0], 0.5f);
  EXPECT_FLOAT_EQ(pmf[1], 0.5f);
  epsilon_greedy_pmf({-0.9214, -0.9}, {0, 1}, s, pmf);
  EXPECT_FLOAT_EQ(pmf[0], 0.975f);
  EXPECT_FLOAT_EQ(pmf[1], 0.025f);
  EXPECT_TRUE(vw_scores_tie(0.0, 0.0));
  EXPECT_FALSE(vw_scores_tie(0.0, 1e-30));
}

// --first and --softmax: the pmf after the epsilon floor (the least change
// that lifts every probability to epsilon / K) sums to 1 and respects the floor;
// probabilities already above it keep their order.
TEST(CbExplore, SoftmaxAndFloorGiveAPmfAboveTheFloor) {
  Rng rng(5);
  std::vector<float> pmf;
  for (int trial = 0; trial < 2000; ++trial) {
    const uint32_t k = 1 + rng.below(10);
    std::vector<double> scores(k);
    for (double& s : scores) s = rng.uniform() * 4 - 2;
    std::vector<uint32_t> order(k);
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return scores[a] < scores[b]; });
    const double lambda = rng.uniform() * 20, epsilon = rng.uniform();
    softmax_pmf(scores, order, lambda, pmf);
    enforce_minimum_probability(epsilon, pmf);
    double sum = 0.0;
    for (std::size_t i = 0; i < k; ++i) {
      EXPECT_GE(pmf[i], epsilon / k - 1e-6) << "K " << k << " epsilon " << epsilon;
      if (i > 0) {
        EXPECT_LE(pmf[i], pmf[i - 1] + 1e-6);  // lower score, higher probability
      }
      sum += pmf[i];
    }
    EXPECT_NEAR(sum, 1.0, 1e-5);
  }
}

TEST(CbExplore, FloorIsTheLeastChange) {
  std::vector<float> pmf = {1.0f, 0.0f, 0.0f, 0.0f};
  enforce_minimum_probability(0.4, pmf);  // floor 0.1: the best gives up 0.3
  EXPECT_NEAR(pmf[0], 0.7, 1e-6);
  EXPECT_NEAR(pmf[1], 0.1, 1e-6);
  pmf = {0.5f, 0.3f, 0.2f};
  enforce_minimum_probability(0.3, pmf);  // every probability already >= 0.1: unchanged
  EXPECT_NEAR(pmf[0], 0.5, 1e-6);
  EXPECT_NEAR(pmf[2], 0.2, 1e-6);
}

// --cb_explore K's epsilon-greedy pmf: for every K, epsilon and greedy
// action, it sums to 1, every entry is >= epsilon / K and the greedy action
// has 1 - epsilon + epsilon / K.
TEST(CbExplore, FixedActionPmfSumsToOneAboveTheFloor) {
  Rng rng(17);
  std::vector<float> pmf;
  for (int trial = 0; trial < 2000; ++trial) {
    const uint32_t k = 1 + rng.below(20);
    const auto epsilon = static_cast<float>(rng.uniform());
    const uint32_t chosen = rng.below(k);
    pmf.assign(k, 0.0f);
    epsilon_greedy_fixed_pmf(epsilon, chosen, pmf);
    double sum = 0.0;
    for (float p : pmf) {
      EXPECT_GE(p, epsilon / static_cast<float>(k) - 1e-6f) << "K " << k << " epsilon " << epsilon;
      sum += p;
    }
    EXPECT_NEAR(sum, 1.0, 1e-5) << "K " << k << " epsilon " << epsilon;
    EXPECT_NEAR(pmf[chosen], 1.0 - epsilon + epsilon / k, 1e-5);
  }
}

// --cbify's draw: the index of the first running sum above u times the total,
// never an action of zero mass, each drawn with frequency near its mass.
TEST(CbExplore, DrawFromPmfFollowsTheMass) {
  const std::vector<float> pmf = {0.1f, 0.0f, 0.6f, 0.3f};
  EXPECT_EQ(draw_from_pmf(pmf, 0.0f), 0u);
  EXPECT_EQ(draw_from_pmf(pmf, 0.15f), 2u);
  EXPECT_EQ(draw_from_pmf(pmf, 0.71f), 3u);
  EXPECT_EQ(draw_from_pmf(pmf, 0.9999999f), 3u);
  EXPECT_EQ(draw_from_pmf({0.0f, 0.0f}, 0.5f), 0u);  // no mass: the first
  EXPECT_EQ(draw_from_pmf({2.0f, 6.0f}, 0.3f), 1u);  // normalised: 0.25, 0.75
  Rng rng(23);
  std::vector<int> counts(pmf.size(), 0);
  const int n = 100000;
  for (int i = 0; i < n; ++i) ++counts[draw_from_pmf(pmf, static_cast<float>(rng.uniform()))];
  EXPECT_EQ(counts[1], 0);
  for (std::size_t i = 0; i < pmf.size(); ++i) EXPECT_NEAR(counts[i] / static_cast<double>(n), pmf[i], 0.01);
}

}  // namespace
}  // namespace learner::test
