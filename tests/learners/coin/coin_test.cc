// The coin-betting learner (src/learners/coin/coin.h): its update against a
// slow reference of VW's formulas, its invariants (predict() changes nothing,
// no non-finite value enters, the normaliser is shared by the sub-models),
// model round trips with and without state, and corrupt models refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/example.h"
#include "learner/learners/gd/label_range.h"
#include "learner/loss/loss.h"
#include "learner/model/model_file.h"
#include "src/learners/coin/coin.h"
#include "support/files.h"

namespace learner {
namespace {

const Part kPart0[1] = {{0, 1.0}};

// A slow reference of coin.h's update for one sub-model, one float per
// quantity, in double where VW keeps doubles (N, T); slots keyed by index.
struct Reference {
  float alpha = 4.0f, beta = 1.0f;
  struct Slot {
    float w = 0, z = 0, g = 0, mx = 0, wealth = 0, mg = 0;
  };
  std::vector<Slot> slots = std::vector<Slot>(64);
  double n = 0, t = 0;
  LabelRange range;

  float predict(const std::vector<Feature>& x) const {
    float p = 0;
    for (const Feature& f : x) p += f.value * slots[f.index].w;
    return p;
  }
  void learn(const std::vector<Feature>& x, float y, float weight) {
    float p = 0, norm = 0;
    for (const Feature& f : x) {
      const Slot& s = slots[f.index];
      const float m = std::max(s.mx, std::fabs(f.value));
      const float v = s.mg * m > 0 ? (alpha + s.wealth) / (s.mg * m * (s.mg * m + s.g)) * s.z : 0.0f;
      p += v * f.value;
      if (m > 0) norm += (f.value / m) * (f.value / m);
    }
    n += static_cast<double>(weight) * norm;
    t += weight;
    const auto a = static_cast<float>((n + 1e-6) / t);
    range.widen(y);
    const double clipped = range.clip(static_cast<double>(p / a));
    const float u = static_cast<float>(2.0 * (clipped - y)) * weight;  // squared loss
    for (const Feature& f : x) {
      Slot& s = slots[f.index];
      const float g = u * f.value;
      s.mx = std::max(s.mx, std::fabs(f.value));
      if (std::fabs(u) > s.mg) s.mg = std::max(std::fabs(u), beta);
      s.w = s.mg * s.mx > 0 ? (alpha + s.wealth) / (s.mg * s.mx * (s.mg * s.mx + s.g)) * s.z : 0.0f;
      s.z -= g;
      s.g += std::fabs(g);
      s.wealth -= g * s.w;
      s.w /= a;
    }
  }
};

std::vector<std::vector<Feature>> random_rows(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> value(-2.0f, 2.0f);
  std::uniform_int_distribution<uint32_t> index(0, 63), count(1, 6);
  std::vector<std::vector<Feature>> rows(n);
  for (auto& row : rows) {
    const uint32_t k = count(rng);
    for (uint32_t j = 0; j < k; ++j) row.push_back(Feature{value(rng), index(rng)});
  }
  return rows;
}

std::unique_ptr<Loss> squared() { return make_loss(LossSpec{}); }

CoinConfig config(uint32_t sub_models = 1) {
  CoinConfig c;
  c.bits = 6;  // 64 slots: the reference's indices map to themselves
  c.sub_models = sub_models;
  return c;
}

TEST(Coin, MatchesASlowReferenceOfVwsUpdate) {
  const auto loss = squared();
  auto coin = make_coin(config(), *loss);
  Reference ref;
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> label(-1.0f, 3.0f), weight(0.2f, 5.0f);
  const Example ex;
  for (const auto& x : random_rows(300, 1)) {
    const float y = label(rng), h = weight(rng);
    ASSERT_FLOAT_EQ(static_cast<float>(coin->predict(ex, x, kPart0)), ref.predict(x));
    coin->learn(ex, x, kPart0, coin->predict(ex, x, kPart0), y, h);
    ref.learn(x, y, h);
  }
  for (const auto& x : random_rows(50, 2)) EXPECT_FLOAT_EQ(static_cast<float>(coin->predict(ex, x, kPart0)), ref.predict(x));
}

TEST(Coin, FirstUpdateMovesNothingAndSecondBetsAlphaOverTheScale) {
  // Example 1 (x = 2, y = 1): every state is zero, so w stays 0; z = 2 |x| = 4,
  // G = 4, m_x = 2, m_g = max(|u| = 2, beta) = 2. Example 2 (same x): its bet
  // is (alpha + 0) / (m_g m_x (m_g m_x + G)) z = 4 / (4 (4 + 4)) 4 = 0.5, its
  // prediction 0.5 x / a with a = (N + 1e-6) / T = (2 + 1e-6) / 2.
  const auto loss = squared();
  auto coin = make_coin(config(), *loss);
  const Example ex;
  const std::vector<Feature> x = {{2.0f, 3}};
  coin->learn(ex, x, kPart0, 0.0, 1.0, 1.0);
  double shown = 0, shown_loss = 0;
  ASSERT_TRUE(coin->learned_prediction(shown));
  EXPECT_EQ(shown, 0.0);  // clipped to the labels seen, [0, 1]
  shown = -7;  // own_outcome: the loss of learn()'s prediction, the shown prediction untouched
  ASSERT_TRUE(coin->own_outcome(1.0, shown, shown_loss));
  EXPECT_EQ(shown, -7);
  EXPECT_EQ(shown_loss, 1.0);
  EXPECT_EQ(coin->predict(ex, x, kPart0), 0.0);
  coin->learn(ex, x, kPart0, 0.0, 1.0, 1.0);
  ASSERT_TRUE(coin->learned_prediction(shown));
  EXPECT_FLOAT_EQ(static_cast<float>(shown), 1.0f / static_cast<float>((2 + 1e-6) / 2));
  // predict() resets own_outcome: a prediction without learning is predict()'s.
  coin->predict(ex, x, kPart0);
  EXPECT_FALSE(coin->own_outcome(1.0, shown, shown_loss));
  EXPECT_FALSE(coin->learned_prediction(shown));
}

TEST(Coin, PredictChangesNothing) {
  const auto loss = squared();
  auto coin = make_coin(config(), *loss);
  const Example ex;
  const auto rows = random_rows(100, 3);
  for (std::size_t i = 0; i < 50; ++i) coin->learn(ex, rows[i], kPart0, 0.0, (i % 3) * 0.5, 1.0);
  std::vector<double> first, second;
  for (const auto& x : rows) first.push_back(coin->predict(ex, x, kPart0));
  for (const auto& x : rows) second.push_back(coin->predict(ex, x, kPart0));
  EXPECT_EQ(first, second);
}

TEST(Coin, NoNonFiniteValueEntersTheWeights) {
  const auto loss = squared();
  auto coin = make_coin(config(), *loss);
  const Example ex;
  const std::vector<Feature> huge = {{3e38f, 1}, {1.0f, 2}};
  for (int i = 0; i < 20; ++i) {
    coin->learn(ex, huge, kPart0, 0.0, i % 2 ? 1e30 : -1e30, 1e30);
    coin->learn(ex, huge, kPart0, 0.0, std::nan(""), 1.0);
  }
  const std::vector<Feature> probe = {{1.0f, 1}, {1.0f, 2}};
  EXPECT_TRUE(std::isfinite(coin->predict(ex, probe, kPart0)));
  EXPECT_GT(coin->dropped_updates(), 0u);
}

TEST(Coin, SubModelsShareTheNormaliserAndKeepTheirOwnSlots) {
  const auto loss = squared();
  auto coin = make_coin(config(2), *loss);
  const Example ex;
  const Part part1[1] = {{1, 1.0}};
  const std::vector<Feature> x = {{1.0f, 4}};
  for (int i = 0; i < 5; ++i) coin->learn(ex, x, kPart0, 0.0, 1.0, 1.0);
  EXPECT_NE(coin->predict(ex, x, kPart0), 0.0);
  EXPECT_EQ(coin->predict(ex, x, part1), 0.0);  // sub-model 1 never learned
}

TEST(Coin, SensitivityIsVwsFtrlUncertainty) {
  const auto loss = squared();
  CoinConfig c = config();
  c.l2 = 0.5f;
  auto coin = make_coin(c, *loss);
  const Example ex;
  const std::vector<Feature> x = {{1.0f, 1}, {-2.0f, 2}, {0.0f, 3}};
  // All G = 0: each feature adds sign(x) / (beta / alpha + l2) = sign(x) / 0.75, sign(0) = -1.
  EXPECT_FLOAT_EQ(static_cast<float>(coin->sensitivity(ex, x, kPart0, 0.0, 1.0)), -1.0f / 0.75f);
}

TEST(Coin, RefusesBadSettings) {
  const auto loss = squared();
  for (float alpha : {0.0f, -1.0f, NAN, INFINITY}) {
    CoinConfig c = config();
    c.alpha = alpha;
    EXPECT_THROW(make_coin(c, *loss), Error) << alpha;
  }
  CoinConfig c = config();
  c.beta = -1.0f;
  EXPECT_THROW(make_coin(c, *loss), Error);
  c = config(0);
  EXPECT_THROW(make_coin(c, *loss), Error);
}

void save(const Learner& l, const std::string& path, bool with_state) {
  ModelWriter out(path, {}, "coin");
  l.save(out, with_state);
  out.commit();
}

void load(Learner& l, const std::string& path) {
  ModelReader in(path);
  l.load(in);
  in.finish();
}

TEST(Coin, RoundTripWithStateContinuesExactly) {
  const auto loss = squared();
  const Example ex;
  const auto rows = random_rows(200, 7);
  // The run's clipping range (the run keeps it in the model file's header).
  const LabelRange range{-1.0, 2.0, true, true};
  auto a = make_coin(config(), *loss);
  a->clip_with(range, false);
  for (std::size_t i = 0; i < 100; ++i) a->learn(ex, rows[i], kPart0, 0.0, (i % 4) * 0.5, 1.0 + i % 3);
  const std::string path = test::temp_path("coin_state.model");
  save(*a, path, true);
  auto b = make_coin(config(), *loss);
  b->clip_with(range, false);
  load(*b, path);
  EXPECT_FALSE(b->loaded_without_state());
  for (std::size_t i = 100; i < 200; ++i) {
    ASSERT_EQ(a->predict(ex, rows[i], kPart0), b->predict(ex, rows[i], kPart0)) << i;
    a->learn(ex, rows[i], kPart0, 0.0, (i % 4) * 0.5, 1.0);
    b->learn(ex, rows[i], kPart0, 0.0, (i % 4) * 0.5, 1.0);
  }
}

TEST(Coin, RoundTripWithoutStateKeepsTheWeightsOnly) {
  const auto loss = squared();
  const Example ex;
  const auto rows = random_rows(120, 8);
  auto a = make_coin(config(), *loss);
  for (std::size_t i = 0; i < 100; ++i) a->learn(ex, rows[i], kPart0, 0.0, (i % 4) * 0.5, 1.0);
  const std::string path = test::temp_path("coin_weights.model");
  save(*a, path, false);
  auto b = make_coin(config(), *loss);
  load(*b, path);
  EXPECT_TRUE(b->loaded_without_state());
  for (std::size_t i = 100; i < 120; ++i) EXPECT_EQ(a->predict(ex, rows[i], kPart0), b->predict(ex, rows[i], kPart0));
  // VW's --predict_only_model: the bets restart from zero state, so a slot
  // that learns again is recomputed from nothing (its z is 0: w = 0).
  const std::vector<Feature> x = {rows[100][0]};
  b->learn(ex, x, kPart0, 0.0, 1.0, 1.0);
  EXPECT_EQ(b->predict(ex, x, kPart0), 0.0);
}

TEST(Coin, CorruptModelsAreRefused) {
  const auto loss = squared();
  const std::string path = test::temp_path("coin_bad.model");
  const auto write = [&](uint32_t floats, uint32_t slot, float value) {
    ModelWriter out(path, {}, "coin");
    out.begin_section("coin.state", 1);
    out.put(static_cast<uint8_t>(0));
    out.begin_section("coin.weights", 1);
    out.put(floats);
    out.put(static_cast<uint64_t>(1));
    out.put(slot);
    for (uint32_t i = 0; i < floats; ++i) out.put(value);
    out.commit();
  };
  auto coin = make_coin(config(), *loss);
  write(1, 64, 1.0f);  // -b 6 has slots 0..63
  EXPECT_THROW(load(*coin, path), Error);
  write(1, 3, NAN);
  EXPECT_THROW(load(*coin, path), Error);
  write(6, 3, 1.0f);  // six floats a slot in a model without state
  EXPECT_THROW(load(*coin, path), Error);
  write(1, 3, 0.25f);
  EXPECT_NO_THROW(load(*coin, path));
  EXPECT_EQ(coin->predict(Example{}, {{2.0f, 3}}, kPart0), 0.5);
}

}  // namespace
}  // namespace learner
