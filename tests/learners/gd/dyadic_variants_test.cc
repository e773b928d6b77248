// The dyadic model's VW variants (src/learners/gd/dotproduct.cc; issue 15, item 6):
// --dotproduct_dropout (VW's --lrqdropout), a pair of one namespace (VW's
// --lrq aa3, the term |A|^2) and field-aware pairs (--dotproduct_fields,
// VW's --lrqfa).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "learner/learners/gd/model.h"
#include "learner/error.h"
#include "one_hot_pair.h"
#include "fixed_config.h"

namespace learner {
namespace {

using test::one_hot_pair;

const std::vector<Feature> kNoLinear;  // predict/learn the dyadic part alone

CoreConfig latent_config(unsigned rank) {
  CoreConfig config = fixed_config();
  config.rank = rank;
  config.init_scale = 0.3;
  config.center = 0.0;
  return config;
}

// Constant rates (no adaptive sums): an update's t and decay add up, so
// learn(h1) then learn(h2) equals learn(h1 + h2) exactly.
CoreConfig constant_rate(CoreConfig config) {
  config.rule = UpdateRule{false, false, true};
  config.power_t = 0.0;
  config.learning_rate = 0.05;
  config.dotproduct_l2 = 0.3;
  return config;
}

std::unique_ptr<Loss> loss_named(const char* name) {
  LossSpec spec;
  spec.name = name;
  return make_loss(spec);
}

// Features of namespaces a, b, c (value 1, or `va` for a's second feature).
Example fields_example(uint32_t a, uint32_t b, uint32_t c, bool with_b = true, bool with_c = true) {
  Example ex;
  ex.has_label = true;
  ex.features.push_back({1.0f, a});
  ex.features.push_back({0.5f, a + 101});
  ex.namespaces.push_back({"a", 'a', 0, 0, 2});
  if (with_b) {
    ex.features.push_back({1.0f, b});
    ex.namespaces.push_back({"b", 'b', 0, static_cast<uint32_t>(ex.features.size() - 1),
                             static_cast<uint32_t>(ex.features.size())});
  }
  if (with_c) {
    ex.features.push_back({1.0f, c});
    ex.namespaces.push_back({"c", 'c', 0, static_cast<uint32_t>(ex.features.size() - 1),
                             static_cast<uint32_t>(ex.features.size())});
  }
  return ex;
}

// ---- --dotproduct_dropout ------------------------------------------------

CoreConfig dropout_config(unsigned rank, double dropout) {
  CoreConfig config = latent_config(rank);
  config.dotproducts = {{"u", "i", false}};
  config.dotproduct_dropout = dropout;
  return config;
}

// A prediction is the expectation over the masks: (1 - P) times the term.
TEST(DyadicDropout, PredictsTheExpectedTerm) {
  const auto loss = loss_named("squared");
  Model plain(dropout_config(8, 0.0), *loss), dropped(dropout_config(8, 0.25), *loss);
  for (uint32_t u = 1; u < 6; ++u) {
    const Example ex = one_hot_pair(u, 40 + u);
    const double full = plain.predict(ex, ex.features);
    EXPECT_GT(std::fabs(full), 1e-3);
    EXPECT_NEAR(dropped.predict(ex, ex.features), 0.75 * full, 1e-12);
  }
}

// One update moves the kept dimensions of both sides, the same ones, and
// leaves the dropped ones bit for bit; the restricted model (linear part
// plus the kept dimensions' products) is what the exact update carries to
// the label (squared loss, a huge importance: p stops at the label).
TEST(DyadicDropout, UpdatesTheRestrictedModelExactly) {
  const auto loss = loss_named("squared");
  const unsigned k = 16;
  Model model(dropout_config(k, 0.5), *loss);
  const Example ex = one_hot_pair(7, 9);
  const WeightTable& v = model.dotproduct()->latent();
  const std::vector<float> u0(v.slot(7), v.slot(7) + k), i0(v.slot(9), v.slot(9) + k);
  const double y = 3.0;
  model.learn(ex, ex.features, model.predict(ex, ex.features), y, 1e6);
  unsigned kept = 0;
  double dot_kept = 0.0, dot_all = 0.0;
  for (unsigned j = 0; j < k; ++j) {
    const bool moved_u = v.slot(7)[j] != u0[j], moved_i = v.slot(9)[j] != i0[j];
    EXPECT_EQ(moved_u, moved_i) << j;
    const double prod = static_cast<double>(v.slot(7)[j]) * v.slot(9)[j];
    dot_all += prod;
    if (moved_u) {
      ++kept;
      dot_kept += prod;
    }
  }
  EXPECT_EQ(kept, 8u);  // golden for --random_seed 0 (about half of 16)
  const double linear = model.predict(ex, ex.features) - 0.5 * dot_all;
  EXPECT_NEAR(linear + dot_kept, y, 1e-4);
}

// The masks come from --random_seed and the count of draws: one seed gives
// one run, another seed another run.
TEST(DyadicDropout, ReproducibleForASeed) {
  const auto loss = loss_named("squared");
  auto train = [&](uint32_t seed) {
    CoreConfig config = dropout_config(6, 0.5);
    config.random_seed = seed;
    Model model(config, *loss);
    for (int n = 0; n < 30; ++n) {
      const Example ex = one_hot_pair(n % 4, 10 + n % 3);
      model.learn(ex, ex.features, model.predict(ex, ex.features), 1 + n % 5, 1.0);
    }
    const Example probe = one_hot_pair(2, 11);
    return model.predict(probe, probe.features);
  };
  EXPECT_EQ(train(0), train(0));
  EXPECT_NE(train(0), train(5));
}

TEST(DyadicDropout, RangeChecked) {
  const auto loss = loss_named("squared");
  for (double bad : {-0.1, 1.0, 1.5, std::nan("")}) EXPECT_THROW(Model(dropout_config(2, bad), *loss), UsageError) << bad;
  EXPECT_NO_THROW(Model(dropout_config(2, 0.99), *loss));
}

// ---- a pair of one namespace: |A|^2 --------------------------------------

CoreConfig self_config(unsigned rank) {
  CoreConfig config = latent_config(rank);
  config.dotproducts = {{"a", "a", false}};
  return config;
}

TEST(DyadicSelfPair, TermIsTheSquaredNorm) {
  const auto loss = loss_named("squared");
  Model model(self_config(3), *loss);
  const Example ex = fields_example(5, 0, 0, false, false);
  const WeightTable& v = model.dotproduct()->latent();
  double expected = 0.0;
  for (unsigned j = 0; j < 3; ++j) {
    const double a = 1.0 * v.slot(5)[j] + 0.5 * v.slot(106)[j];
    expected += a * a;
  }
  EXPECT_NEAR(model.predict(ex, kNoLinear), expected, 1e-12);
  // With the centre c: |A|^2 - k c^2 s^2, s = 1.5.
  CoreConfig centred = self_config(3);
  centred.center = 1.0;
  Model model1(centred, *loss);
  const WeightTable& v1 = model1.dotproduct()->latent();
  double expected1 = -3.0 * 1.5 * 1.5;
  for (unsigned j = 0; j < 3; ++j) {
    const double a = 1.0 * v1.slot(5)[j] + 0.5 * v1.slot(106)[j];
    expected1 += a * a;
  }
  EXPECT_NEAR(model1.predict(ex, kNoLinear), expected1, 1e-12);
}

// The weights land where the path said: a huge importance carries p to
// the label, and p recomputed from the moved weights is the label.
TEST(DyadicSelfPair, SquaredLossStopsAtTheLabel) {
  const auto loss = loss_named("squared");
  for (double y : {2.0, 0.001}) {
    Model model(self_config(4), *loss);
    const Example ex = fields_example(5, 0, 0, false, false);
    const double p0 = model.predict(ex, ex.features);
    model.learn(ex, ex.features, p0, y, 1e6);
    EXPECT_NEAR(model.predict(ex, ex.features), y, 1e-5 * (1 + y)) << y;
  }
}

TEST(DyadicSelfPair, ImportanceH1ThenH2EqualsH1PlusH2) {
  const auto loss = loss_named("quantile");
  const CoreConfig config = constant_rate(self_config(3));
  Model once(config, *loss), twice(config, *loss);
  const Example ex = fields_example(5, 0, 0, false, false);
  const double y = 4.0;  // above p: the kink is not reached
  once.learn(ex, ex.features, once.predict(ex, ex.features), y, 1.0);
  twice.learn(ex, ex.features, twice.predict(ex, ex.features), y, 0.25);
  twice.learn(ex, ex.features, twice.predict(ex, ex.features), y, 0.75);
  const double p_once = once.predict(ex, ex.features), p_twice = twice.predict(ex, ex.features);
  ASSERT_LT(p_once, y);
  EXPECT_GT(p_once, 0.1);  // it did move
  EXPECT_NEAR(p_once, p_twice, 1e-6 * (1.0 + std::fabs(p_once)));
}

// A self pair shares its namespace's vectors with any other pair on it.
TEST(DyadicSelfPair, OverlapWithAnotherPairIsAnError) {
  const auto loss = loss_named("squared");
  CoreConfig config = self_config(2);
  config.dotproducts.push_back({"a", "b", false});
  EXPECT_THROW(Model(config, *loss), UsageError);
}

// ---- field-aware pairs ---------------------------------------------------

CoreConfig fields_config(const char* fields, unsigned rank) {
  CoreConfig config = latent_config(rank);
  config.dotproduct_fields = fields;
  return config;
}

// a's vector for field b is not its vector for field c: training the pair
// (a, b) leaves the (a, c) term as it was.
TEST(DyadicFields, EachPairHasItsOwnVectors) {
  const auto loss = loss_named("squared");
  Model model(fields_config("abc", 2), *loss);
  const Example ac = fields_example(5, 0, 30, false, true), ab = fields_example(5, 20, 0, true, false);
  const double ac0 = model.predict(ac, kNoLinear), ab0 = model.predict(ab, kNoLinear);
  EXPECT_NE(ac0, 0.0);
  for (int n = 0; n < 5; ++n) model.learn(ab, kNoLinear, model.predict(ab, kNoLinear), 2.0, 1.0);
  EXPECT_EQ(model.predict(ac, kNoLinear), ac0);
  EXPECT_GT(model.predict(ab, kNoLinear), ab0 + 0.1);
  // With all three fields the prediction is the sum of the three pair terms.
  Model fresh(fields_config("abc", 2), *loss);
  const Example abc = fields_example(5, 20, 30);
  Example bc_only = abc;  // b and c without a
  bc_only.namespaces.erase(bc_only.namespaces.begin());
  const double sum = fresh.predict(fields_example(5, 20, 0, true, false), kNoLinear) +
                     fresh.predict(fields_example(5, 0, 30, false, true), kNoLinear) +
                     fresh.predict(bc_only, kNoLinear);
  EXPECT_NEAR(fresh.predict(abc, kNoLinear), sum, 1e-12);
}

// Three pairs over shared namespaces, one closed-form path: the update is
// exact (h1 then h2 = h1 + h2) and lands on the label when asked to.
TEST(DyadicFields, ExactUpdateOverSharedNamespaces) {
  const auto quantile = loss_named("quantile");
  const CoreConfig config = constant_rate(fields_config("abc", 3));
  Model once(config, *quantile), twice(config, *quantile);
  const Example ex = fields_example(5, 20, 30);
  const double y = 4.0;
  once.learn(ex, ex.features, once.predict(ex, ex.features), y, 1.0);
  twice.learn(ex, ex.features, twice.predict(ex, ex.features), y, 0.4);
  twice.learn(ex, ex.features, twice.predict(ex, ex.features), y, 0.6);
  const double p_once = once.predict(ex, ex.features);
  ASSERT_LT(p_once, y);
  EXPECT_GT(p_once, 0.1);
  EXPECT_NEAR(p_once, twice.predict(ex, ex.features), 1e-6 * (1.0 + std::fabs(p_once)));

  const auto squared = loss_named("squared");
  Model model(fields_config("abc", 3), *squared);
  model.learn(ex, ex.features, model.predict(ex, ex.features), -2.5, 1e6);
  EXPECT_NEAR(model.predict(ex, ex.features), -2.5, 1e-5);
}

// VW's --lrqfa aa3: the one pair (a, a), the term |A|^2 of a's vectors for field a.
TEST(DyadicFields, OneLetterTwiceIsTheSelfPair) {
  const auto loss = loss_named("squared");
  Model model(fields_config("aa", 2), *loss);
  const Example ex = fields_example(5, 0, 0, false, false);
  EXPECT_GT(model.predict(ex, kNoLinear), 0.0);
  model.learn(ex, ex.features, model.predict(ex, ex.features), 3.0, 1e6);
  EXPECT_NEAR(model.predict(ex, ex.features), 3.0, 1e-5);
}

TEST(DyadicFields, BadFieldListsAreUsageErrors) {
  const auto loss = loss_named("squared");
  for (const char* bad : {"a", "aab", "abca", "abcde"})  // abcde: 10 pairs, more than 8
    EXPECT_THROW(Model(fields_config(bad, 2), *loss), UsageError) << bad;
  EXPECT_NO_THROW(Model(fields_config("abcd", 2), *loss));  // 6 pairs
}

}  // namespace
}  // namespace learner
