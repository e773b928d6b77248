// The pmfs of --cb_explore_adf's exploration algorithms over many random
// score vectors (with ties): they sum to 1, and every probability is at least
// the floor the algorithm promises (reduction/cb_explore_bag.h,
// cb_explore_squarecb.h; enforce_minimum_probability's --nounif form).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "fixtures.h"
#include "src/reduction/cb_explore_adf.h"
#include "src/reduction/cb_explore_bag.h"
#include "src/reduction/cb_explore_cover.h"
#include "src/reduction/cb_explore_regcb.h"
#include "src/reduction/cb_explore_squarecb.h"

namespace learner::test {
namespace {

std::vector<uint32_t> by_score(const std::vector<double>& scores) {
  std::vector<uint32_t> order(scores.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(),
            [&](uint32_t a, uint32_t b) { return scores[a] != scores[b] ? scores[a] < scores[b] : a < b; });
  return order;
}

TEST(CbExploreAlgorithms, BagPmfSumsToOneAboveTheFloor) {
  Rng rng(17);
  ActionPmf pmf;
  for (int trial = 0; trial < 2000; ++trial) {
    const uint32_t k = 1 + rng.below(9), bags = 1 + rng.below(8);
    const bool first_only = rng.below(2) == 1;
    const double epsilon = rng.below(4) == 0 ? 0.0 : rng.uniform();
    std::vector<float> votes(k, 0.0f), summed(k, 0.0f);
    for (uint32_t b = 0; b < bags; ++b) {
      std::vector<double> scores(k);
      for (double& s : scores) s = static_cast<double>(rng.below(3)) / 3;  // many ties
      for (uint32_t a = 0; a < k; ++a) summed[a] += static_cast<float>(scores[a]);
      bag_vote(scores, by_score(scores), first_only, votes);
    }
    EXPECT_NEAR(std::accumulate(votes.begin(), votes.end(), 0.0), bags, 1e-4);
    bag_pmf(votes, summed, epsilon, pmf);
    ASSERT_EQ(pmf.probs.size(), k);
    double sum = 0.0;
    std::vector<uint32_t> seen(pmf.actions);
    std::sort(seen.begin(), seen.end());
    for (uint32_t a = 0; a < k; ++a) EXPECT_EQ(seen[a], a);  // every action once
    for (std::size_t i = 0; i < k; ++i) {
      EXPECT_GE(pmf.probs[i], epsilon / k - 1e-6) << "K " << k << " epsilon " << epsilon;
      if (i > 0) {
        EXPECT_LE(pmf.probs[i], pmf.probs[i - 1]);  // listed by probability
      }
      sum += pmf.probs[i];
    }
    EXPECT_NEAR(sum, 1.0, 1e-5) << "K " << k << " bags " << bags;
    // Without a floor an action's probability is its share of the votes.
    if (epsilon == 0.0) {
      for (std::size_t i = 0; i < k; ++i) EXPECT_NEAR(pmf.probs[i], votes[pmf.actions[i]] / bags, 1e-5);
    }
  }
}

TEST(CbExploreAlgorithms, BagWithoutVotesPutsAllOnTheFirstAction) {
  ActionPmf pmf;
  bag_pmf({0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}, 0.0, pmf);
  EXPECT_EQ(pmf.actions[0], 0u);
  EXPECT_EQ(pmf.probs[0], 1.0f);
}

// SquareCB: p_a = 1 / (K + gamma (s_a - s_best)) for every non-best action, the
// best gets the rest (at least 1 / K), and after the floor every p >= epsilon / K.
TEST(CbExploreAlgorithms, SquareCbPmfSumsToOneAboveItsFloor) {
  Rng rng(23);
  std::vector<float> pmf;
  for (int trial = 0; trial < 2000; ++trial) {
    const uint32_t k = 1 + rng.below(12);
    std::vector<double> scores(k);
    for (double& s : scores) s = rng.below(3) == 0 ? 0.5 : rng.uniform() * 4 - 2;
    const std::vector<uint32_t> order = by_score(scores);
    SquareCbSettings s;
    s.gamma_scale = rng.uniform() * 100;
    const float gamma = squarecb_gamma(s, rng.below(1000));
    squarecb_pmf(scores, order, gamma, pmf);
    double sum = 0.0;
    for (std::size_t i = 0; i < k; ++i) {
      sum += pmf[i];
      if (i > 0) {
        const double gap = static_cast<float>(scores[order[i]]) - static_cast<float>(scores[order[0]]);
        EXPECT_NEAR(pmf[i], 1.0 / (k + gamma * gap), 1e-6);
        EXPECT_LE(pmf[i], 1.0 / k + 1e-6);
      }
    }
    EXPECT_GE(pmf[0], 1.0 / k - 1e-5) << "K " << k << " gamma " << gamma;
    EXPECT_NEAR(sum, 1.0, 1e-5);
    const double epsilon = rng.uniform();
    enforce_minimum_probability(epsilon, pmf);
    sum = 0.0;
    for (float p : pmf) {
      EXPECT_GE(p, epsilon / k - 1e-6);
      sum += p;
    }
    EXPECT_NEAR(sum, 1.0, 1e-5);
  }
}

// --elim: the implausible actions (low cost above the lowest high cost) get
// 0, the rest sums to 1 with the best taking what is left.
TEST(CbExploreAlgorithms, SquareCbElimDropsImplausibleActions) {
  Rng rng(43);
  std::vector<float> pmf;
  for (int trial = 0; trial < 2000; ++trial) {
    const uint32_t k = 1 + rng.below(8);
    std::vector<double> scores(k);
    std::vector<float> low(k), high(k);
    for (uint32_t a = 0; a < k; ++a) {
      scores[a] = rng.uniform();
      low[a] = static_cast<float>(scores[a] - rng.uniform() * 0.3);
      high[a] = static_cast<float>(scores[a] + rng.uniform() * 0.3);
    }
    const std::vector<uint32_t> order = by_score(scores);
    const auto gamma = static_cast<float>(1 + rng.uniform() * 100);
    squarecb_elim_pmf(scores, order, gamma, low, high, pmf);
    const float bound = *std::min_element(high.begin(), high.end());
    double sum = 0.0;
    for (std::size_t i = 0; i < k; ++i) {
      if (low[order[i]] > bound) {
        EXPECT_EQ(pmf[i], 0.0f);
      } else if (i > 0) {
        EXPECT_GT(pmf[i], 0.0f);
      }
      sum += pmf[i];
    }
    EXPECT_NEAR(sum, 1.0, 1e-5);
  }
}

TEST(CbExploreAlgorithms, SquareCbGammaGrowsAsVws) {
  SquareCbSettings s;  // 10 x n^0.5
  EXPECT_EQ(squarecb_gamma(s, 0), 0.0f);  // the first group: uniform
  EXPECT_FLOAT_EQ(squarecb_gamma(s, 4), 20.0f);
  s.gamma_exponent = 0.0;
  EXPECT_FLOAT_EQ(squarecb_gamma(s, 0), 10.0f);  // 0^0 = 1
  std::vector<float> pmf;
  squarecb_pmf({0.3, 0.1, 0.3}, {1, 0, 2}, 0.0f, pmf);
  for (float p : pmf) EXPECT_FLOAT_EQ(p, 1.0f / 3);
}

TEST(CbExploreAlgorithms, CoverFloorDecaysAsVws) {
  CoverSettings s;  // no --epsilon: min(1 / K, 1 / sqrt(n K))
  EXPECT_FLOAT_EQ(cover_minimum_probability(s, 4, 0), 0.25f);
  EXPECT_FLOAT_EQ(cover_minimum_probability(s, 4, 1), 0.25f);
  EXPECT_FLOAT_EQ(cover_minimum_probability(s, 4, 16), 0.125f);
  s.epsilon_decay = false;
  s.epsilon = 0.2;
  EXPECT_FLOAT_EQ(cover_minimum_probability(s, 4, 16), 0.05f);
}

// RegCB's search: w in [0, fhat / sens]; where the whole range is not within
// delta, the gain w (f^2 - (f - sens w)^2) at the w found is within delta
// (up to the bisection's tolerance); a delta of -inf (no group learned from) gives 0.
TEST(CbExploreAlgorithms, RegCbBinarySearchFindsTheConfidenceWeight) {
  Rng rng(41);
  for (int trial = 0; trial < 2000; ++trial) {
    const auto fhat = static_cast<float>(0.01 + rng.uniform() * 3);
    const auto sens = static_cast<float>(0.001 + rng.uniform());
    const auto delta = static_cast<float>(rng.uniform() * 0.5);
    const float w = regcb_binary_search(fhat, delta, sens);
    const float most = fhat / sens;
    EXPECT_GE(w, 0.0f);
    EXPECT_LE(w, most * (1 + 1e-6f));
    const double gain = w * (fhat * fhat - (fhat - sens * w) * (fhat - sens * w));
    if (w < most) {
      EXPECT_LE(gain, delta + 1e-4) << fhat << " " << sens << " " << delta;
    }
  }
  EXPECT_EQ(regcb_binary_search(1.0f, -HUGE_VALF, 0.5f), 0.0f);
}

// Without zeros_too (cover's --nounif) zero probabilities stay zero and the
// others are at least epsilon / K; with it every probability is.
TEST(CbExploreAlgorithms, MinimumProbabilityCanKeepZeros) {
  Rng rng(31);
  for (int trial = 0; trial < 2000; ++trial) {
    const uint32_t k = 1 + rng.below(8);
    std::vector<float> pmf(k, 0.0f);
    float total = 0.0f;
    for (float& p : pmf)
      if (rng.below(2) == 1) total += (p = static_cast<float>(rng.uniform()) + 0.01f);
    if (total == 0.0f) pmf[0] = total = 1.0f;
    for (float& p : pmf) p /= total;
    const std::vector<float> before = pmf;
    const double epsilon = rng.uniform();
    enforce_minimum_probability(epsilon, pmf, false);
    double sum = 0.0;
    for (uint32_t a = 0; a < k; ++a) {
      if (before[a] == 0.0f) {
        EXPECT_EQ(pmf[a], 0.0f);
      } else {
        EXPECT_GE(pmf[a], epsilon / k - 1e-6);
      }
      sum += pmf[a];
    }
    EXPECT_NEAR(sum, 1.0, 1e-5);
  }
}

}  // namespace
}  // namespace learner::test
