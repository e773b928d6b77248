// --synthcover's shares (src/reduction/cb_explore_synthcover.h) against a
// slow reference written from VW 9.11's description (a min-heap of
// (score, action) pairs, std::make_heap / pop_heap / push_heap with VW's
// order), and the pmf's promises: sum 1, multiples of 1/S, the floor.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <vector>

#include "src/reduction/cb_explore_adf.h"
#include "src/reduction/cb_explore_synthcover.h"

namespace learner {
namespace {

struct Scored {
  uint32_t action;
  float score;
};
// VW's action_score operator>: by score, ties by action.
bool greater_scored(const Scored& l, const Scored& r) {
  return l.score == r.score ? l.action > r.action : l.score > r.score;
}

std::vector<float> reference(const std::vector<float>& scores, uint32_t size, float psi) {
  std::vector<float> probs(scores.size(), 0.0f);
  if (scores.size() == 1) probs[0] = 1.0f;
  if (scores.size() < 2) return probs;
  std::vector<Scored> heap;
  for (uint32_t a = 0; a < scores.size(); ++a) heap.push_back({a, scores[a]});
  std::make_heap(heap.begin(), heap.end(), greater_scored);
  for (uint32_t i = 0; i < size;) {
    std::pop_heap(heap.begin(), heap.end(), greater_scored);
    Scored low = heap.back();
    heap.pop_back();
    const Scored next = heap.front();
    for (; next.score >= low.score && i < size; ++i) {
      probs[low.action] += 1.0f / static_cast<float>(size);
      low.score += (1.0f / static_cast<float>(size)) * psi;
    }
    heap.push_back(low);
    std::push_heap(heap.begin(), heap.end(), greater_scored);
  }
  return probs;
}

TEST(SynthCover, SharesMatchTheHeapReference) {
  std::mt19937 rng(11);
  for (int n = 0; n < 3000; ++n) {
    const std::size_t k = 1 + rng() % 9;
    const uint32_t size = 1 + rng() % 150;
    const float psi = std::uniform_real_distribution<float>(0.01f, 3.0f)(rng);
    std::vector<float> scores(k);
    // Ties are common (VW clips the scores to the costs seen: often all 0).
    for (float& s : scores) s = rng() % 3 == 0 ? 0.0f : std::round(std::uniform_real_distribution<float>(-1, 1)(rng) * 8) / 8;
    std::vector<float> probs;
    synthcover_shares(scores, size, psi, probs);
    ASSERT_EQ(probs, reference(scores, size, psi)) << n;
    float sum = 0.0f;
    for (float p : probs) {
      ASSERT_GE(p, 0.0f);
      const float count = p * static_cast<float>(size);
      ASSERT_NEAR(count, std::round(count), 1e-3) << "not a multiple of 1/S";
      sum += p;
    }
    EXPECT_NEAR(sum, 1.0f, 1e-4) << n;
    // With the floor: still a pmf, every action >= epsilon / K.
    const double epsilon = (rng() % 5) * 0.05;
    enforce_minimum_probability(epsilon, probs);
    sum = 0.0f;
    for (float p : probs) {
      EXPECT_GE(p, static_cast<float>(epsilon) / static_cast<float>(k) - 1e-6f) << n;
      sum += p;
    }
    EXPECT_NEAR(sum, 1.0f, 1e-4) << n;
  }
}

TEST(SynthCover, AllTiedGoesToTheLowestActionsInTurn) {
  std::vector<float> probs;
  // Three tied actions, S = 100, psi 0.1: the shares rotate over them, and the
  // float sums of psi / S leave the last one the extra share (VW's first
  // group of cb_test.ldf: 2:0.34,1:0.33,0:0.33).
  synthcover_shares({0.0f, 0.0f, 0.0f}, 100, 0.1f, probs);
  EXPECT_NEAR(probs[0], 0.33f, 1e-6);
  EXPECT_NEAR(probs[1], 0.33f, 1e-6);
  EXPECT_NEAR(probs[2], 0.34f, 1e-6);
  synthcover_shares({0.5f}, 100, 0.1f, probs);
  EXPECT_EQ(probs, std::vector<float>{1.0f});
  synthcover_shares({}, 100, 0.1f, probs);
  EXPECT_TRUE(probs.empty());
}

}  // namespace
}  // namespace learner
