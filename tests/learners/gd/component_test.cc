// Reduction parts (sub-model, sign), the interleaved sub-model layout,
// several --dotproduct pairs and the what-if min_importance.
#include <gtest/gtest.h>

#include <cmath>

#include "learner/learners/gd/model.h"
#include "learner/error.h"
#include "fixed_config.h"

namespace learner {
namespace {

Example ratings_example(uint32_t user, uint32_t item, uint32_t genre = 0) {
  Example ex;
  ex.has_label = true;
  ex.features = {{1.0f, user}, {1.0f, item}};
  ex.namespaces = {{"u", 'u', 0, 0, 1}, {"i", 'i', 0, 1, 2}};
  if (genre) {
    ex.features.push_back({1.0f, genre});
    ex.features.push_back({1.0f, genre + 77});
    ex.namespaces.push_back({"g", 'g', 0, 2, 3});
    ex.namespaces.push_back({"h", 'h', 0, 3, 4});
  }
  return ex;
}

CoreConfig dyadic_config(unsigned rank = 2) {
  CoreConfig c = fixed_config();
  c.dotproducts = {{"u", "i", false}};
  c.rank = rank;
  c.init_scale = 0.2;
  return c;
}

TEST(Components, SubModelsAreIndependent) {
  const auto loss = make_loss({});
  CoreConfig c = fixed_config();
  c.sub_models = 2;
  Model model(c, *loss);
  Example ex = ratings_example(1, 2);
  const Part a[1] = {{0, 1.0}}, b[1] = {{1, 1.0}};
  for (int i = 0; i < 20; ++i) model.learn(ex, ex.features, a, model.predict(ex, ex.features, a), 1.0, 1.0);
  EXPECT_NEAR(model.predict(ex, ex.features, a), 1.0, 0.05);
  EXPECT_EQ(model.predict(ex, ex.features, b), 0.0);
  EXPECT_EQ(model.state(1).total_weight, 0.0) << "sub-model 1 keeps its own optimizer counters";
  EXPECT_EQ(model.state(0).total_weight, 20.0);
}

// VW's layout: feature h of sub-model i at slot (h K + i) mod 2^b, so the K
// sub-models of one feature sit side by side and never collide.
TEST(Components, SubModelsInterleaveWithinAFeature) {
  const auto loss = make_loss({});
  CoreConfig c = fixed_config();
  c.bits = 10;
  c.sub_models = 4;
  Model model(c, *loss);
  EXPECT_EQ(model.slot_of(5, 0), 20u);
  EXPECT_EQ(model.slot_of(5, 3), 23u);
  EXPECT_EQ(model.slot_of(300, 1), (300u * 4 + 1) & 1023u);
  Example ex = ratings_example(5, 6);
  const Part third[1] = {{2, 1.0}};
  model.learn(ex, ex.features, third, 0.0, 1.0, 1.0);
  EXPECT_NE(model.weights().slot(5 * 4 + 2)[0], 0.0f);
  EXPECT_EQ(model.weights().slot(5 * 4 + 1)[0], 0.0f);
  EXPECT_EQ(model.weights().slot(5 * 4 + 3)[0], 0.0f);
}

// Two sub-models trained on the same examples with the same labels stay
// identical (each normalises with its own counters, as VW 9 does; shared
// counters made the later class in an example learn differently).
TEST(Components, IdenticallyTrainedSubModelsStayIdentical) {
  const auto loss = make_loss({});
  CoreConfig c = fixed_config();
  c.sub_models = 3;
  Model model(c, *loss);
  for (uint32_t n = 1; n < 30; ++n) {
    Example ex = ratings_example(n % 7, 100 + n % 5);
    ex.features[0].value = 0.1f * static_cast<float>(n);
    for (uint32_t k = 0; k < 3; ++k) {
      const Part part[1] = {{k, 1.0}};
      const double label = k == 0 ? 1.0 : -1.0;
      model.learn(ex, ex.features, part, model.predict(ex, ex.features, part), label, 1.0);
    }
  }
  Example probe = ratings_example(3, 102);
  const Part one[1] = {{1, 1.0}}, two[1] = {{2, 1.0}};
  EXPECT_EQ(model.predict(probe, probe.features, one), model.predict(probe, probe.features, two));
}

TEST(Components, DifferenceOfTwoDyadicScoresIsSafeAndDescends) {
  LossSpec spec;
  spec.name = "hinge";
  const auto loss = make_loss(spec);
  CoreConfig c = dyadic_config(3);
  c.sub_models = 2;
  Model model(c, *loss);
  Example ex = ratings_example(5, 9);
  const Part diff[2] = {{0, 1.0}, {1, -1.0}};
  double previous = loss->loss(model.predict(ex, ex.features, diff), 1.0);
  for (int step = 0; step < 10; ++step) {
    const double p0 = model.predict(ex, ex.features, diff);
    model.learn(ex, ex.features, diff, p0, 1.0, 1.0);
    const double p1 = model.predict(ex, ex.features, diff);
    ASSERT_TRUE(std::isfinite(p1));
    EXPECT_LE(p1, 1.0 + 1e-6) << "hinge never moves past its kink 1/y";
    EXPECT_LE(loss->loss(p1, 1.0), previous + 1e-9);
    previous = loss->loss(p1, 1.0);
  }
  EXPECT_LT(previous, 1e-3);
  // Each side alone moved: lambda's score went up, phi's went down.
  const Part lambda[1] = {{0, 1.0}}, phi[1] = {{1, 1.0}};
  EXPECT_GT(model.predict(ex, ex.features, lambda) - model.predict(ex, ex.features, phi), 0.5);
}

TEST(Components, SeveralDisjointPairsLearnTogether) {
  CoreConfig c = dyadic_config(2);
  c.dotproducts.push_back({"g", "h", false});
  LossSpec spec;
  spec.name = "quantile";
  const auto loss = make_loss(spec);
  Model model(c, *loss);
  Example ex = ratings_example(3, 4, 50);
  for (int i = 0; i < 40; ++i) {
    const double p = model.predict(ex, ex.features);
    ASSERT_TRUE(std::isfinite(p));
    model.learn(ex, ex.features, p, 4.0, 1.0);
    EXPECT_LE(model.predict(ex, ex.features), 4.0 + 1e-6) << "never past the label";
  }
  EXPECT_NEAR(model.predict(ex, ex.features), 4.0, 0.05);
}

TEST(Components, OverlappingPairsAreRefused) {
  CoreConfig c = dyadic_config();
  c.dotproducts.push_back({"i", "g", false});
  const auto loss = make_loss({});
  EXPECT_THROW(Model(c, *loss), Error);
}

TEST(MinImportance, ChangesNothingAndMatchesTheUpdate) {
  LossSpec spec;
  spec.name = "hinge";
  const auto loss = make_loss(spec);
  // Non-adaptive rates barely depending on time, so the update's path is
  // the what-if path whatever the importance.
  CoreConfig c = dyadic_config(2);
  c.rule = UpdateRule{false, false, true};
  c.learning_rate = 0.05;
  c.initial_t = 1e12;
  Model model(c, *loss);
  Example ex = ratings_example(7, 8);
  const Part one[1] = {{0, 1.0}};
  const double p0 = model.predict(ex, ex.features, one);
  const double h = model.min_importance(ex, ex.features, one, p0, 1.0, 0.5);
  ASSERT_TRUE(std::isfinite(h));
  ASSERT_GT(h, 0.0);
  EXPECT_EQ(model.predict(ex, ex.features, one), p0) << "what-if must not move weights";
  // Learning with exactly that importance lands on the target.
  model.learn(ex, ex.features, one, p0, 1.0, h);
  EXPECT_NEAR(model.predict(ex, ex.features, one), 0.5, 1e-3);
}

}  // namespace
}  // namespace learner
