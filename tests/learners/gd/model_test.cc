#include "learner/learners/gd/model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "learner/model/weight_table.h"
#include "one_hot_pair.h"
#include "fixed_config.h"

namespace learner {
namespace {

using test::one_hot_pair;

TEST(WeightTable, IsAlignedZeroedAndMasked) {
  WeightTable t(10, 4);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data()) % 64, 0u);
  EXPECT_EQ(t.slots(), 1024u);
  EXPECT_EQ(t.size(), 4096u);
  for (std::size_t i = 0; i < t.size(); ++i) ASSERT_EQ(t.data()[i], 0.0f);
  EXPECT_EQ(t.slot(1024 + 3), t.slot(3));
  EXPECT_EQ(t.slot(3) - t.data(), 12);
}

TEST(Model, FirstDefaultUpdateMatchesVwClosedForm) {
  // One feature, value 2, squared loss, label 1, p = 0: VW's default update
  // gives G = 4 (p-y)^2 x^2 = 16, s = 2, N/T = 1, r = 1/(sqrt(16) * 2),
  // H = x^2 r = 0.5, and p' = y - (y - p) e^{-2 eta H}.
  CoreConfig config = fixed_config();
  const auto loss = make_loss({});
  Model model(config, *loss);
  Example ex;
  ex.has_label = true;
  ex.label = 1;
  ex.features = {{2.0f, 7}};
  ASSERT_DOUBLE_EQ(model.predict(ex, ex.features), 0.0);
  model.learn(ex, ex.features, 0.0, 1.0, 1.0);
  const double expected = 1.0 - std::exp(-2.0 * 0.5 * 0.5);
  EXPECT_NEAR(model.predict(ex, ex.features), expected, 1e-6);
}

TEST(Model, ImportanceWeightTwoEqualsTwoUpdatesOfOneOnFreshSensitivity) {
  // With --sgd (no accumulators) and initial_t large, the rate barely
  // changes; the importance-aware squared update with h = 2 reaches the same
  // prediction as two h = 1 updates.
  CoreConfig config = fixed_config();
  config.rule = UpdateRule{false, false, true};
  config.learning_rate = 0.1;
  config.initial_t = 1e12;
  const auto loss = make_loss({});
  Model a(config, *loss), b(config, *loss);
  Example ex;
  ex.features = {{1.0f, 3}, {0.5f, 9}};
  a.learn(ex, ex.features, a.predict(ex, ex.features), 1.0, 2.0);
  b.learn(ex, ex.features, b.predict(ex, ex.features), 1.0, 1.0);
  b.learn(ex, ex.features, b.predict(ex, ex.features), 1.0, 1.0);
  EXPECT_NEAR(a.predict(ex, ex.features), b.predict(ex, ex.features), 1e-6);
}

// --l1 is VW's cumulative truncation: each learned example adds l1 eta_bar
// to G, and every weight, present in the example or not, is read as
// sign(w) max(0, |w| - G). Plain SGD, eta 0.1, squared loss, label 1 from
// p = 0: t = -l'(0) = 2, w += eta t = 0.2, G += l1 eta = 0.005 per example.
// Plain SGD at rate 0.1 with no decay (scale = eta) and the given --l1.
CoreConfig plain_sgd_with_l1(double l1) {
  CoreConfig config = fixed_config();
  config.rule = UpdateRule{false, false, false};
  config.learning_rate = 0.1;
  config.initial_t = 1e12;
  config.l1 = l1;
  return config;
}

TEST(Model, L1TruncatesEveryWeightByTheCumulativePenalty) {
  const CoreConfig config = plain_sgd_with_l1(0.05);
  const auto loss = make_loss({});
  Model model(config, *loss);
  Example a, b;
  a.features = {{1.0f, 7}};
  b.features = {{1.0f, 9}};
  model.learn(a, a.features, model.predict(a, a.features), 1.0, 1.0);
  EXPECT_NEAR(model.predict(a, a.features), 0.2 - 0.005, 1e-6);
  // b's example moves G for a's weight too (a per-feature truncation left a at 0.195).
  model.learn(b, b.features, model.predict(b, b.features), 1.0, 1.0);
  EXPECT_NEAR(model.l1_gravity(), 0.01, 1e-12);
  EXPECT_NEAR(model.predict(a, a.features), 0.2 - 0.01, 1e-6);
  EXPECT_NEAR(model.predict(b, b.features), 0.2 - 0.01, 1e-6);
  // The table keeps the untruncated sum (a resumed run continues exactly).
  EXPECT_NEAR(model.weights().slot(7)[0], 0.2, 1e-6);
}

TEST(Model, L1WeightsInsideTheTruncationReadAndCountAsZero) {
  const CoreConfig config = plain_sgd_with_l1(1.0);  // G = 0.1 after one example: w = 0.2 reads as 0.1, then 0 after two more
  const auto loss = make_loss({});
  Model model(config, *loss);
  Example a, b;
  a.features = {{1.0f, 7}};
  b.features = {{1.0f, 9}};
  model.learn(a, a.features, model.predict(a, a.features), 1.0, 1.0);
  EXPECT_EQ(model.nonzero_weights(), 1u);
  for (int i = 0; i < 2; ++i) model.learn(b, b.features, model.predict(b, b.features), 1.0, 1.0);
  EXPECT_EQ(model.predict(a, a.features), 0.0);
  AuditWeight w;
  model.audit_weight(7, 0, w);
  EXPECT_EQ(w.weight, 0.0f);
  EXPECT_EQ(model.nonzero_weights(), 1u);  // b's own weight is still above G
}

TEST(Model, ZeroImportanceDoesNotLearn) {
  CoreConfig config = fixed_config();
  const auto loss = make_loss({});
  Model model(config, *loss);
  Example ex;
  ex.features = {{1.0f, 1}};
  model.learn(ex, ex.features, 0.0, 1.0, 0.0);
  EXPECT_EQ(model.predict(ex, ex.features), 0.0);
}

class DyadicModel : public ::testing::TestWithParam<const char*> {};

// The latent weights must move the prediction exactly along the path the
// loss solved on: after learn(), predict() equals the path's end point.
TEST_P(DyadicModel, UpdateLandsWherePathSays) {
  CoreConfig config = fixed_config();
  config.dotproducts = {{"u", "i", false}};
  config.rank = 3;
  config.init_scale = 0.3;
  LossSpec spec;
  spec.name = GetParam();
  const auto loss = make_loss(spec);
  Model model(config, *loss);
  Example ex = one_hot_pair(11, 22);
  const double y = spec.name == "hinge" || spec.name == "logistic" ? 1.0 : 4.0;
  for (int step = 0; step < 20; ++step) {
    const double p0 = model.predict(ex, ex.features);
    ASSERT_TRUE(std::isfinite(p0));
    model.learn(ex, ex.features, p0, y, 1.0);
    const double p1 = model.predict(ex, ex.features);
    ASSERT_TRUE(std::isfinite(p1));
    if (loss->minimum_at_label()) {
      // Safety: never past the label.
      if (p0 <= y) {
        EXPECT_LE(p1, y + 1e-6);
      }
      if (p0 >= y) {
        EXPECT_GE(p1, y - 1e-6);
      }
    }
    EXPECT_LE(loss->loss(p1, y), loss->loss(p0, y) + 1e-9) << "step " << step;
  }
  EXPECT_LT(loss->loss(model.predict(ex, ex.features), y), 0.05);
}

INSTANTIATE_TEST_SUITE_P(Losses, DyadicModel,
                         ::testing::Values("squared", "quantile", "hinge", "logistic", "absolute", "expectile"));

TEST(Dyadic, StartsNearZeroAndUsesLatentWeights) {
  CoreConfig config = fixed_config();
  config.dotproducts = {{"u", "i", false}};
  config.rank = 2;
  const auto loss = make_loss({});
  Model model(config, *loss);
  Example ex = one_hot_pair(1, 2);
  EXPECT_NEAR(model.predict(ex, ex.features), 0.0, 0.1);
  for (int i = 0; i < 50; ++i) model.learn(ex, ex.features, model.predict(ex, ex.features), 3.0, 1.0);
  EXPECT_NEAR(model.predict(ex, ex.features), 3.0, 0.05);
  // Another item of the same user shares the user's latent vector.
  Example other = one_hot_pair(1, 5);
  EXPECT_NE(model.predict(other, other.features), 0.0);
}

TEST(Dyadic, L2KeepsWeightsFiniteAtHugeLearningRate) {
  CoreConfig config = fixed_config();
  config.dotproducts = {{"u", "i", false}};
  config.rank = 2;
  config.learning_rate = 1000;
  config.dotproduct_l2 = 0.1;
  LossSpec spec;
  spec.name = "quantile";
  const auto loss = make_loss(spec);
  Model model(config, *loss);
  for (int n = 0; n < 2000; ++n) {
    Example ex = one_hot_pair(n % 17, 100 + n % 23);
    const double p = model.predict(ex, ex.features);
    ASSERT_TRUE(std::isfinite(p));
    model.learn(ex, ex.features, p, (n * 7) % 5 + 1, 1.0);
  }
}

// Plain SGD (--sgd: adaptive, normalized and invariant off) at VW's rate for
// it (-l 10): the gradient step on a dyadic path is capped at its first-order
// change and at the label. Uncapped, the first example took the latent
// weights to infinity (e^{2 kappa t} with t = -g h = 10). Losses minimised at
// the label only: for the others (logistic) nothing bounds the prediction,
// and plain SGD at too high a rate may diverge on a bilinear model as it may
// anywhere.
TEST(Dyadic, PlainSgdStepStaysFiniteAndShortOfTheLabel) {
  for (const char* name : {"squared", "quantile", "absolute", "expectile"}) {
    CoreConfig config = fixed_config();
    config.dotproducts = {{"u", "i", false}};
    config.rank = 5;
    config.rule = UpdateRule{false, false, false};
    config.learning_rate = 10;
    LossSpec spec;
    spec.name = name;
    const auto loss = make_loss(spec);
    Model model(config, *loss);
    ASSERT_TRUE(loss->minimum_at_label()) << name;
    for (int n = 0; n < 3000; ++n) {
      Example ex = one_hot_pair(n % 31, 100 + n % 37);
      const double y = (n * 7) % 5 + 1;
      const double p = model.predict(ex, ex.features);
      ASSERT_TRUE(std::isfinite(p)) << name << " " << n;
      model.learn(ex, ex.features, p, y, 1.0);
      const double after = model.predict(ex, ex.features);
      ASSERT_TRUE(std::isfinite(after)) << name << " " << n;
      // Never past the label (rounding aside).
      const double tolerance = 1e-6 * (1.0 + std::fabs(y));
      if (y >= p) {
        EXPECT_LE(after, y + tolerance) << name << " " << n;
      }
      if (y <= p) {
        EXPECT_GE(after, y - tolerance) << name << " " << n;
      }
    }
  }
}

// Under plain SGD (adaptive and normalized off) the latent rate follows the
// linear one's --power_t schedule. For a pair seen for the first time, a
// small step moves V_user by about rate |B0| t and w_user by rate t, so
// their ratio is |B0| whatever the number of examples seen; before, the
// latent rate stayed at -l and after 1000 examples the ratio was about
// sqrt(1000) times larger.
TEST(Dyadic, PlainSgdLatentRateDecaysWithPowerT) {
  auto ratio_after = [](int seen) {
    CoreConfig config = fixed_config();
    config.dotproducts = {{"u", "i", false}};
    config.rank = 5;
    config.rule = UpdateRule{false, false, true};
    config.learning_rate = 0.05;
    config.power_t = 0.5;
    const auto loss = make_loss({});
    Model model(config, *loss);
    for (int n = 0; n < seen; ++n) {
      Example ex = one_hot_pair(n % 29, 100 + n % 31);
      model.learn(ex, ex.features, model.predict(ex, ex.features), 3.0, 1.0);
    }
    Example fresh = one_hot_pair(500, 600);
    const float* w = model.weights().slot(500);
    const float* v = model.dotproduct()->latent().slot(500);
    const float w0 = w[0];
    float v0[5];
    std::copy(v, v + 5, v0);
    model.learn(fresh, fresh.features, model.predict(fresh, fresh.features), 4.0, 1.0);
    double dv = 0.0;
    for (int j = 0; j < 5; ++j) dv += (v[j] - v0[j]) * (v[j] - v0[j]);
    return std::sqrt(dv) / std::fabs(w[0] - w0);
  };
  const double fresh = ratio_after(0), trained = ratio_after(1000);
  EXPECT_NEAR(fresh, std::sqrt(5.0), 0.5);
  EXPECT_GT(trained / fresh, 0.5);
  EXPECT_LT(trained / fresh, 2.0);
}

}  // namespace
}  // namespace learner
