// The dyadic model's quality options (issue 13, docs/ratings-quality.md):
// --dotproduct_center, --dotproduct_freq_l2, --dotproduct_side_ratio and
// --average_passes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "learner/learners/gd/model.h"
#include "learner/error.h"
#include "one_hot_pair.h"
#include "fixed_config.h"

namespace learner {
namespace {

using test::one_hot_pair;

CoreConfig options_dyadic_config(unsigned rank) {
  CoreConfig config = fixed_config();
  config.dotproducts = {{"u", "i", false}};
  config.rank = rank;
  config.init_scale = 0.3;
  return config;
}

double latent_dot(const Model& model, uint32_t a, uint32_t b) {
  const WeightTable& v = model.dotproduct()->latent();
  const unsigned k = model.dotproduct()->rank();
  double dot = 0.0;
  for (unsigned j = 0; j < k; ++j) dot += static_cast<double>(v.slot(a)[j]) * v.slot(b)[j];
  return dot;
}

// Trains a model of `config` with loss `name` on examples make(n), n <
// count, labels (n * 7) % 5 + 1, importance 1 + n % spread, and checks that
// every prediction is finite and that no update carries p past the label.
void expect_finite_and_short_of_label(const CoreConfig& config, const char* name, int count,
                                      const std::function<Example(int)>& make, int spread) {
  LossSpec spec;
  spec.name = name;
  const auto loss = make_loss(spec);
  Model model(config, *loss);
  for (int n = 0; n < count; ++n) {
    const Example ex = make(n);
    const double y = (n * 7) % 5 + 1;
    const double p0 = model.predict(ex, ex.features);
    ASSERT_TRUE(std::isfinite(p0)) << name << " " << n;
    model.learn(ex, ex.features, p0, y, 1.0 + n % spread);
    const double p1 = model.predict(ex, ex.features);
    ASSERT_TRUE(std::isfinite(p1)) << name << " " << n;
    const double tolerance = 1e-5 * (1.0 + std::fabs(y));
    if (p0 <= y) {
      EXPECT_LE(p1, y + tolerance) << name << " " << n;
    }
    if (p0 >= y) {
      EXPECT_GE(p1, y - tolerance) << name << " " << n;
    }
  }
}

// The dyadic term is A.B - k c^2 s_a s_b: with c = 0 the plain product of the
// stored vectors, with the default c = 1 that product minus k.
TEST(DyadicCenter, OffsetIsKTimesCenterSquared) {
  for (const double c : {0.0, 1.0, 0.5}) {
    CoreConfig config = options_dyadic_config(3);
    config.center = c;
    const auto loss = make_loss({});
    Model model(config, *loss);
    const Example ex = one_hot_pair(4, 9);
    EXPECT_NEAR(model.predict(ex, ex.features), latent_dot(model, 4, 9) - 3.0 * c * c, 1e-6) << c;
    // The start is c + 0.3 (u - mean u) (c > 0; c = 0: c + 0.3 u), u in [-1, 1]^3.
    const float* v = model.dotproduct()->latent().slot(4);
    const double spread = c > 0 ? 0.3 * 4.0 / 3.0 : 0.3;
    for (int j = 0; j < 3; ++j) {
      EXPECT_GE(v[j], c - spread - 1e-6);
      EXPECT_LE(v[j], c + spread + 1e-6);
    }
  }
}

// Issue 28 (VW's --lrq aa3 on a9a): with a centre the start's noise sums to 0
// over the dimensions, so 1.V_f = k c and the dyadic term at the start has no
// part linear in the noise (c s_b 1.noise_A + c s_a 1.noise_B: a random linear
// model as large as c times a side's feature count). With c = 0 there is no
// such part, and the noise stays as drawn (rank 1 keeps its start off 0).
TEST(DyadicCenter, StartNoiseSumsToZeroOverTheDimensionsWithACentre) {
  for (const double c : {0.5, 1.0, 0.0})
    for (const unsigned k : {1u, 3u, 10u}) {
      CoreConfig config = options_dyadic_config(k);
      config.center = c;
      const auto loss = make_loss({});
      Model model(config, *loss);
      const WeightTable& table = model.dotproduct()->latent();
      double spread = 0.0;
      for (uint32_t slot = 0; slot < 200; ++slot) {
        double sum = 0.0;
        for (unsigned j = 0; j < k; ++j) {
          sum += table.slot(slot)[j];
          spread = std::max(spread, std::fabs(table.slot(slot)[j] - c));
        }
        if (c > 0) {
          EXPECT_NEAR(sum, k * c, 1e-5) << "c " << c << ", k " << k << ", slot " << slot;
        }
      }
      if (c > 0 && k == 1) {
        EXPECT_EQ(spread, 0.0);
      } else {
        EXPECT_GT(spread, 0.1) << "c " << c << ", k " << k;  // the noise is there
      }
    }
}

// Issue 28 (VW's --lrq aa3 on a9a, 14 active features): the automatic latent
// rate is divided by the pair's squared gradient at the expected start over a
// one-hot pair's (dotproduct.h), so one update moves the dyadic term about as
// far as it moves a one-hot pair's, whatever the number and values of the
// features on each side. Without it the self pair of 14 features moved
// hundreds of times as far (here: all the way to the label).
TEST(DyadicAutoRate, OneUpdateMovesTheTermAsForAOneHotPair) {
  auto side = [](Example& ex, const char* name, int count, float value, uint32_t first_index) {
    const auto begin = static_cast<uint32_t>(ex.features.size());
    for (int n = 0; n < count; ++n) ex.features.push_back({value, first_index + 97 * static_cast<uint32_t>(n)});
    ex.namespaces.push_back({name, name[0], 0, begin, static_cast<uint32_t>(ex.features.size())});
  };
  auto moved = [](bool self, const Example& ex) {
    CoreConfig config = options_dyadic_config(3);
    config.dotproducts = {{"a", self ? "a" : "b", false}};
    config.center = 0.5;
    config.init_scale = 0.1;
    config.auto_latent_rate = true;
    config.rule = UpdateRule{false, false, true};
    config.power_t = 0.0;
    config.learning_rate = 1e-9;  // the linear part stays put
    const auto loss = make_loss({});
    Model model(config, *loss);
    const double p0 = model.predict(ex, ex.features);
    model.learn(ex, ex.features, p0, p0 + 1.0, 1.0);
    return model.predict(ex, ex.features) - p0;
  };
  Example one_hot;
  side(one_hot, "a", 1, 1.0f, 11);
  side(one_hot, "b", 1, 1.0f, 5011);
  const double reference = moved(false, one_hot);
  ASSERT_GT(reference, 0.01);
  ASSERT_LT(reference, 0.2);
  struct Case {
    bool self;
    int left, right;
    float value;
  };
  for (const Case c : {Case{true, 14, 0, 1.0f}, Case{true, 14, 0, 0.5f}, Case{false, 5, 3, 1.0f},
                       Case{false, 1, 40, 1.0f}, Case{true, 1, 0, 1.0f}}) {
    Example ex;
    side(ex, "a", c.left, c.value, 11);
    if (!c.self) side(ex, "b", c.right, c.value, 5011);
    const double step = moved(c.self, ex);
    EXPECT_GT(step, 0.5 * reference) << c.self << " " << c.left << " " << c.right << " " << c.value;
    EXPECT_LT(step, 2.0 * reference) << c.self << " " << c.left << " " << c.right << " " << c.value;
  }
}

// Safety and descent with a zero-mean start: the importance-aware update
// (closed form for quantile, ODE for squared) never carries p past the label.
TEST(DyadicCenter, ZeroMeanStartNeverOvershootsTheLabel) {
  CoreConfig config = options_dyadic_config(4);
  config.center = 0.0;
  config.dotproduct_l2 = 0.05;
  config.learning_rate = 5;
  for (const char* name : {"squared", "quantile", "expectile"})
    expect_finite_and_short_of_label(config, name, 500, [](int n) { return one_hot_pair(n % 13, 100 + n % 7); }, 4);
}

// A rule whose rates do not change from one example to the next (no
// adaptive sums, power_t 0), importance-aware: what invariance needs.
CoreConfig constant_rate_config(unsigned rank) {
  CoreConfig config = options_dyadic_config(rank);
  config.rule = UpdateRule{false, false, true};
  config.power_t = 0.0;
  config.learning_rate = 0.05;
  config.dotproduct_l2 = 0.3;
  return config;
}

// Per-side rates under the common decay keep the closed form exact: update
// (h1) then update(h2) equals update(h1 + h2) for the quantile loss, whose t
// and decay both add, as long as the kink is not reached.
TEST(DyadicSideRatio, ImportanceH1ThenH2EqualsH1PlusH2) {
  CoreConfig config = constant_rate_config(3);
  config.dotproduct_side_ratio = 2.5;
  LossSpec spec;
  spec.name = "quantile";
  const auto loss = make_loss(spec);
  Model once(config, *loss), twice(config, *loss);
  const Example ex = one_hot_pair(3, 8);
  const double y = 4.0;  // far above p (about 0): the kink is not reached
  once.learn(ex, ex.features, once.predict(ex, ex.features), y, 1.0);
  twice.learn(ex, ex.features, twice.predict(ex, ex.features), y, 0.25);
  twice.learn(ex, ex.features, twice.predict(ex, ex.features), y, 0.75);
  const double p_once = once.predict(ex, ex.features), p_twice = twice.predict(ex, ex.features);
  ASSERT_LT(p_once, y);
  EXPECT_NEAR(p_once, p_twice, 1e-6 * (1.0 + std::fabs(p_once)));
  EXPECT_GT(p_once, 0.1);  // it did move
}

// The side ratio scales the right-hand side's latent rate: on a fresh pair
// the item vector moves `ratio` times as far as with ratio 1, relative to
// the user vector's move.
TEST(DyadicSideRatio, ScalesTheRightSidesRate) {
  auto item_over_user = [](double ratio) {
    CoreConfig config = constant_rate_config(2);
    config.dotproduct_side_ratio = ratio;
    config.dotproduct_l2 = 1e-9;  // the ratio needs L2 on; a negligible decay
    const auto loss = make_loss({});
    Model model(config, *loss);
    const Example ex = one_hot_pair(5, 6);
    const WeightTable& v = model.dotproduct()->latent();
    const std::vector<float> u0(v.slot(5), v.slot(5) + 2), i0(v.slot(6), v.slot(6) + 2);
    model.learn(ex, ex.features, model.predict(ex, ex.features), 3.0, 0.01);  // a short step: first order
    double du = 0, di = 0;
    for (int j = 0; j < 2; ++j) {
      du += std::pow(v.slot(5)[j] - u0[j], 2);
      di += std::pow(v.slot(6)[j] - i0[j], 2);
    }
    return std::sqrt(di / du);
  };
  EXPECT_NEAR(item_over_user(3.0) / item_over_user(1.0), 3.0, 0.03);  // first order: within 1 %
}

// alpha = 0 and ratio 1 are the default update, bit for bit.
TEST(DyadicFrequencyL2, NeutralSettingsAreTheDefaultUpdate) {
  CoreConfig plain = constant_rate_config(3);
  CoreConfig neutral = plain;
  neutral.dotproduct_freq_l2 = 0.0;
  neutral.dotproduct_side_ratio = 1.0;
  const auto loss = make_loss({});
  Model a(plain, *loss), b(neutral, *loss);
  for (int n = 0; n < 300; ++n) {
    const Example ex = one_hot_pair(n % 11, 50 + n % 5);
    const double y = n % 5 + 1;
    a.learn(ex, ex.features, a.predict(ex, ex.features), y, 1.0);
    b.learn(ex, ex.features, b.predict(ex, ex.features), y, 1.0);
  }
  const Example probe = one_hot_pair(3, 52);
  EXPECT_EQ(a.predict(probe, probe.features), b.predict(probe, probe.features));
}

// With a frequency factor the rates grow for frequent features and shrink
// for rare ones; at a huge rate and either sign of alpha the weights stay
// finite and p never passes the label.
TEST(DyadicFrequencyL2, FiniteAndShortOfTheLabelAtHugeRates) {
  for (const double alpha : {-1.0, 0.5, 2.0}) {
    CoreConfig config = options_dyadic_config(3);
    config.learning_rate = 10;  // at 1000 the squared update overshot the label by up to 0.006 (3 of 4000 steps)
    config.dotproduct_l2 = 0.1;
    config.dotproduct_freq_l2 = alpha;
    config.dotproduct_side_ratio = 3.0;
    // Skewed counts: users 0..2 often, the others rarely.
    for (const char* name : {"squared", "quantile"})
      expect_finite_and_short_of_label(
          config, name, 2000, [](int n) { return one_hot_pair(n % 4 == 0 ? n % 3 : n % 41, 100 + n % 23); }, 1);
  }
}

TEST(DyadicFrequencyL2, NeedsL2AndARange) {
  const auto loss = make_loss({});
  CoreConfig config = options_dyadic_config(2);
  config.dotproduct_freq_l2 = 0.5;
  EXPECT_THROW(Model(config, *loss), UsageError);  // no --dotproduct_l2
  config.dotproduct_l2 = 0.1;
  EXPECT_NO_THROW(Model(config, *loss));
  config.dotproduct_freq_l2 = 3.0;
  EXPECT_THROW(Model(config, *loss), UsageError);
  config.dotproduct_freq_l2 = 0.0;
  config.dotproduct_side_ratio = 0.0;
  EXPECT_THROW(Model(config, *loss), UsageError);
  config.dotproduct_side_ratio = 1.0;
  config.center = -1.0;
  EXPECT_THROW(Model(config, *loss), UsageError);
}

// --average_passes 2 of 3: the model is the mean of the weights at the end of
// pass 2 and at the end of pass 3 (linear and latent); pass 1 is not in it.
TEST(AveragePasses, MeanOfTheLastPassEnds) {
  CoreConfig config = constant_rate_config(2);
  config.passes = 3;
  config.average_passes = 2;
  const auto loss = make_loss({});
  Model model(config, *loss);
  const std::vector<Example> data = {one_hot_pair(1, 10), one_hot_pair(2, 10), one_hot_pair(1, 11)};
  const std::vector<double> labels = {4, 2, 5};
  auto pass = [&] {
    for (std::size_t i = 0; i < data.size(); ++i)
      model.learn(data[i], data[i].features, model.predict(data[i], data[i].features), labels[i], 1.0);
  };
  auto snapshot = [&] {
    std::vector<float> s = {model.weights().slot(1)[0], model.weights().slot(10)[0]};
    for (uint32_t f : {1u, 10u})
      for (int j = 0; j < 2; ++j) s.push_back(model.dotproduct()->latent().slot(f)[j]);
    return s;
  };
  pass();
  model.end_pass();
  pass();
  const std::vector<float> end2 = snapshot();
  model.end_pass();
  pass();
  const std::vector<float> end3 = snapshot();
  ASSERT_NE(end2, end3);
  model.end_training();
  const std::vector<float> averaged = snapshot();
  for (std::size_t i = 0; i < end2.size(); ++i)
    EXPECT_NEAR(averaged[i], 0.5 * (end2[i] + end3[i]), 1e-6) << i;
  // The optimizer sums stay those of the last weights: averaging again is a no-op.
  model.end_training();
  EXPECT_EQ(snapshot(), averaged);
}

TEST(AveragePasses, OneMeansTheLastWeights) {
  CoreConfig config = constant_rate_config(2);
  config.passes = 3;
  const auto loss = make_loss({});
  Model model(config, *loss);
  const Example ex = one_hot_pair(1, 10);
  for (int p = 0; p < 3; ++p) {
    model.learn(ex, ex.features, model.predict(ex, ex.features), 4.0, 1.0);
    if (p < 2) model.end_pass();
  }
  const double before = model.predict(ex, ex.features);
  model.end_training();
  EXPECT_EQ(model.predict(ex, ex.features), before);
}

}  // namespace
}  // namespace learner
