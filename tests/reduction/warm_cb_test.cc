// --warm_cb (reduction/warm_cb.h): the candidate lambdas, the phases'
// importance multipliers, the action copies, and which updates each phase
// makes, on a learner that records its updates.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <set>
#include <vector>

#include "fixtures.h"
#include "learner/loss/loss.h"
#include "src/reduction/warm_cb.h"

namespace learner::test {
namespace {

TEST(WarmCb, LambdasAscendInTheUnitIntervalAsTheSchemeSays) {
  for (uint32_t n = 1; n <= 12; ++n)
    for (uint32_t scheme = 1; scheme <= 4; ++scheme)
      for (double epsilon : {0.0, 0.05, 0.3, 1.0}) {
        WarmCbSettings s;
        s.choices_lambda = n;
        s.lambda_scheme = scheme;
        s.lambda_epsilon = epsilon;
        s.warm_start_update = s.interaction_update = true;
        const std::vector<float> l = warm_cb_lambdas(s);
        ASSERT_EQ(l.size(), n);
        for (uint32_t i = 0; i < n; ++i) {
          EXPECT_GE(l[i], 0.0f);
          EXPECT_LE(l[i], 1.0f);
          if (i > 0) {
            EXPECT_LE(l[i - 1], l[i]) << "n " << n << " scheme " << scheme;
          }
        }
        const bool ends = scheme == 2 || scheme == 4;
        const float centre = scheme <= 2 ? 0.5f : static_cast<float>(epsilon / (1.0 + epsilon));
        if (!(ends && (n / 2 == 0 || n / 2 == n - 1))) {
          EXPECT_NEAR(l[n / 2], centre, 1e-6);
        }
        if (ends && n >= 2) {
          EXPECT_EQ(l.front(), 0.0f);
          EXPECT_EQ(l.back(), 1.0f);
        }
        // One phase learned from: the lambdas put all the weight on it.
        s.interaction_update = false;
        for (float x : warm_cb_lambdas(s)) EXPECT_EQ(x, 0.0f);
        s.interaction_update = true;
        s.warm_start_update = false;
        for (float x : warm_cb_lambdas(s)) EXPECT_EQ(x, 1.0f);
      }
}

TEST(WarmCb, PhaseWeightsSumToTheExamplesOfBothPhases) {
  Rng rng(5);
  for (int trial = 0; trial < 5000; ++trial) {
    const auto lambda = static_cast<float>(rng.uniform());
    const uint32_t n = 1 + rng.below(1000), m = 1 + rng.below(1000);
    const double total = n * static_cast<double>(warm_cb_weight(lambda, n, m, true)) +
                         m * static_cast<double>(warm_cb_weight(lambda, n, m, false));
    EXPECT_NEAR(total, n + m, 1e-4 * (n + m)) << lambda << " " << n << " " << m;
    EXPECT_GE(warm_cb_weight(lambda, n, m, true), 0.0f);
  }
  EXPECT_EQ(warm_cb_weight(0.0f, 10, 20, false), 0.0f);  // lambda 0: the interaction data counts for nothing
  EXPECT_EQ(warm_cb_weight(1.0f, 10, 20, true), 0.0f);   // lambda 1: the warm start counts for nothing
}

TEST(WarmCb, ActionCopiesOfAFeatureNeverShareAWeight) {
  // 4832917 is odd: a -> 4832917 a is one-to-one mod any power of two, so
  // the K copies of one hash differ in every table of >= K slots.
  Rng rng(9);
  for (int trial = 0; trial < 200; ++trial) {
    const uint32_t h = static_cast<uint32_t>(rng.below(1u << 30)), k = 2 + rng.below(300);
    for (uint32_t bits : {10u, 18u, 24u}) {
      if ((1u << bits) < k) continue;
      std::set<uint32_t> slots;
      for (uint32_t a = 0; a < k; ++a) slots.insert(warm_cb_copy_index(h, a, k) & ((1u << bits) - 1));
      EXPECT_EQ(slots.size(), k);
    }
  }
}

// Scores a line by the sum of its features' values; records every update.
class RecordingLearner final : public Learner {
 public:
  RecordingLearner() : loss_(make_loss(LossSpec{"squared"})) {}
  std::string_view name() const override { return "recording"; }
  const Loss& loss() const override { return *loss_; }
  double predict(const Example&, const std::vector<Feature>&, Parts) override { return 0.0; }
  void learn(const Example&, const std::vector<Feature>&, Parts parts, double, double label,
             double importance) override {
    updates.push_back({parts[0].index, label, importance});
  }
  void save(ModelWriter&, bool) const override {}
  void load(ModelReader&) override {}
  void write_text(std::FILE*, const NameMap*) const override {}

  struct Update {
    uint32_t sub;
    double label, importance;
  };
  std::vector<Update> updates;

 private:
  std::unique_ptr<Loss> loss_;
};

std::unique_ptr<WarmCb> warm_cb_over(const WarmCbSettings& s, Learner& learner, LabelRange& range) {
  std::vector<std::unique_ptr<CbExploreAdf>> policies;
  std::vector<CbAdf*> adfs;
  for (uint32_t i = 0; i < s.choices_lambda; ++i) {
    CbAdfSettings adf;
    adf.first_sub_model = i;
    auto below = std::make_unique<CbAdf>(adf, learner, range);
    adfs.push_back(below.get());
    CbExploreSettings explore;
    explore.epsilon = s.epsilon;
    policies.push_back(std::make_unique<CbExploreAdf>(explore, std::move(below)));
  }
  return std::make_unique<WarmCb>(s, 0, std::move(policies), std::move(adfs));
}

TEST(WarmCb, WarmStartTeachesEveryActionThenInteractionOnlyTheDrawnOne) {
  WarmCbSettings s;
  s.actions = 4;
  s.warm_start = 2;
  s.interaction = 3;
  s.choices_lambda = 3;
  s.loss0 = 0.25;
  s.loss1 = 2.0;
  s.warm_start_update = s.interaction_update = true;
  RecordingLearner learner;
  LabelRange range;
  auto warm = warm_cb_over(s, learner, range);
  const std::vector<float> lambdas = warm_cb_lambdas(s);
  Example ex;
  ex.has_label = true;
  ex.label = 3;
  ex.features = {{1.0f, 77u}};
  const std::vector<Feature> x = {{1.0f, 77u}};
  for (uint32_t round = 0; round < 6; ++round) {
    learner.updates.clear();
    const Outcome& o = warm->process(ex, x, true);
    EXPECT_TRUE(o.labeled);
    if (round < 2) {  // warm start: every policy, every action's cost, weight 0 in the statistics
      EXPECT_EQ(o.weight, 0.0);
      ASSERT_EQ(learner.updates.size(), 3u * 4u);
      for (std::size_t u = 0; u < learner.updates.size(); ++u) {
        const uint32_t policy = static_cast<uint32_t>(u / 4), action = static_cast<uint32_t>(u % 4) + 1;
        EXPECT_EQ(learner.updates[u].sub, policy);
        EXPECT_EQ(learner.updates[u].label, action == 3 ? 0.25 : 2.0);
        EXPECT_FLOAT_EQ(learner.updates[u].importance, warm_cb_weight(lambdas[policy], 2, 3, true));
      }
    } else if (round < 5) {  // interaction: the drawn action, once per policy (mtr)
      EXPECT_EQ(o.weight, 1.0);
      EXPECT_EQ(o.loss, o.prediction == 3 ? 0.0 : 1.0);
      ASSERT_EQ(learner.updates.size(), 3u);
      for (uint32_t i = 0; i < 3; ++i) {
        EXPECT_EQ(learner.updates[i].sub, i);
        EXPECT_EQ(learner.updates[i].label, o.prediction == 3 ? 0.25 : 2.0);
      }
    } else {  // past both phases: nothing learned, prediction 1, weight 0
      EXPECT_TRUE(learner.updates.empty());
      EXPECT_EQ(o.prediction, 1.0);
      EXPECT_EQ(o.weight, 0.0);
    }
  }
  // An unlabeled example changes nothing.
  ex.has_label = false;
  learner.updates.clear();
  EXPECT_FALSE(warm->process(ex, x, true).labeled);
  EXPECT_TRUE(learner.updates.empty());
}

}  // namespace
}  // namespace learner::test
