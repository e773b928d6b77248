// The learner of --cbzo (src/learners/linear/cbzo_learner.h) against a slow
// reference of VW 9.11's update, written from the formulas: constant and
// linear policies, l1/l2, --no_bias_regularization, the 1e-6 guard, and no
// non-finite weight ever.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <unordered_map>
#include <vector>

#include "learner/loss/loss.h"
#include "learner/parse/hash.h"
#include "src/learners/linear/cbzo_learner.h"

namespace learner {
namespace {

Example observed(float action, float cost) {
  Example ex;
  ex.label = action;
  ex.has_label = true;
  ex.costs.push_back(ClassCost{0, cost, 0.5f});
  return ex;
}

// w: slot -> weight; the VW rule, one feature after another, in float.
struct Reference {
  CbzoLearnerConfig c;
  std::unordered_map<uint64_t, float> w;
  uint64_t slot(uint32_t h) const { return h & ((uint64_t{1} << c.bits) - 1); }
  float centroid(const std::vector<Feature>& x) {
    if (!c.linear) return w[slot(kConstantIndex)];
    float s = 0.0f;
    for (const Feature& f : x) s += f.value * w[slot(f.index)];
    return s;
  }
  float reg(uint32_t index, float v) const {
    if (c.no_bias && index == kConstantIndex) return 0.0f;
    return (v >= 0.0f ? c.l1 : -c.l1) + c.l2 * v;
  }
  void learn(const std::vector<Feature>& x, float a, float cost) {
    float d = a - centroid(x);
    if (d == 0.0f) return;
    if (std::fabs(d) < 1e-6f) d = std::copysign(1e-6f, d);
    const float g = cost / d;
    if (!c.linear) {
      float& v = w[slot(kConstantIndex)];
      v = v + -c.rate * (g + reg(kConstantIndex, v));
      return;
    }
    for (const Feature& f : x) {
      float& v = w[slot(f.index)];
      v = v + -c.rate * (g * f.value + reg(f.index, v));
    }
  }
};

TEST(CbzoLearner, MatchesTheReferenceUpdate) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> value(-2.0f, 2.0f), cost(0.0f, 3.0f);
  for (const bool linear : {false, true}) {
    for (const bool no_bias : {false, true}) {
      CbzoLearnerConfig c;
      c.bits = 10;
      c.linear = linear;
      c.rate = 0.01f;
      c.l1 = 0.05f;
      c.l2 = 0.1f;
      c.no_bias = no_bias;
      const auto loss = make_loss(LossSpec{});
      auto l = make_cbzo_learner(c, *loss);
      Reference ref{c, {}};
      for (int n = 0; n < 500; ++n) {
        std::vector<Feature> x = {{value(rng), static_cast<uint32_t>(rng() % 50)},
                                  {value(rng), static_cast<uint32_t>(rng() % 50)},
                                  {1.0f, kConstantIndex}};
        const float p = static_cast<float>(l->predict(Example{}, x, kSinglePart));
        ASSERT_EQ(p, ref.centroid(x)) << n;
        // Half the actions close to the centroid, where the 1e-6 guard applies.
        const float a = n % 2 ? p + value(rng) * 0.1f : p + (n % 4 == 0 ? 5e-7f : -2e-7f);
        const Example ex = observed(a, cost(rng));
        l->learn(ex, x, kSinglePart, p, a, 1.0);
        ref.learn(x, a, ex.costs[0].cost);
      }
      for (int s = 0; s < 50; ++s) {
        const std::vector<Feature> probe = {{1.0f, static_cast<uint32_t>(s)}};
        if (linear) {
          EXPECT_EQ(static_cast<float>(l->predict(Example{}, probe, kSinglePart)), ref.centroid(probe));
        }
      }
      EXPECT_EQ(l->dropped_updates(), 0u);
    }
  }
}

TEST(CbzoLearner, NothingLearnedWithoutAnObservationOrAtTheCentroid) {
  CbzoLearnerConfig c;
  c.linear = false;
  const auto loss = make_loss(LossSpec{});
  auto l = make_cbzo_learner(c, *loss);
  const std::vector<Feature> x = {{1.0f, kConstantIndex}};
  Example unknown = observed(0.3f, kUnknownCost);
  l->learn(unknown, x, kSinglePart, 0.0, 0.3, 1.0);
  l->learn(observed(0.0f, 1.0f), x, kSinglePart, 0.0, 0.0, 1.0);  // a = centroid: d = 0
  l->learn(observed(0.3f, 1.0f), x, kSinglePart, 0.0, 0.3, 0.0);  // importance 0
  EXPECT_EQ(l->predict(Example{}, x, kSinglePart), 0.0);
  EXPECT_EQ(l->nonzero_weights(), 0u);
}

TEST(CbzoLearner, ANonFiniteStepIsDroppedAndCounted) {
  CbzoLearnerConfig c;
  c.linear = true;
  c.rate = 1.0f;
  const auto loss = make_loss(LossSpec{});
  auto l = make_cbzo_learner(c, *loss);
  const std::vector<Feature> x = {{3e38f, 5u}};
  // g = 3e38 / 1e-6 overflows: the weight stays finite (zero).
  l->learn(observed(5e-7f, 3e38f), x, kSinglePart, 0.0, 5e-7, 1.0);
  EXPECT_EQ(l->dropped_updates(), 1u);
  EXPECT_EQ(l->nonzero_weights(), 0u);
}

TEST(CbzoLearner, RefusesBadSettings) {
  const auto loss = make_loss(LossSpec{});
  for (float bad : {-1.0f, std::numeric_limits<float>::infinity(), std::nanf("")}) {
    CbzoLearnerConfig c;
    c.l2 = bad;
    EXPECT_THROW(make_cbzo_learner(c, *loss), Error) << bad;
  }
  CbzoLearnerConfig c;
  c.bits = 33;
  EXPECT_THROW(make_cbzo_learner(c, *loss), Error);
}

}  // namespace
}  // namespace learner
