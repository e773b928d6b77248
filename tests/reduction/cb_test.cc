// --cb K (reduction/cb.h) over a learner that predicts a fixed score per
// sub-model and records its updates: the ips and doubly robust estimates and
// the cost-sensitive examples they build, checked against a slow reference
// written from the formulas on a small random log.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "fixtures.h"
#include "layer_fixtures.h"
#include "src/reduction/cb.h"

namespace learner::test {
namespace {

constexpr uint32_t kActions = 3;

// A random log: action a with probability p among {0.2, 0.25, 0.5, 1}, cost in [0, 2].
struct Logged {
  uint32_t action;
  double cost, probability;
};

std::vector<Logged> random_log(std::size_t n, uint64_t seed) {
  Rng rng(seed);
  const double ps[] = {0.2, 0.25, 0.5, 1.0};
  std::vector<Logged> log;
  for (std::size_t i = 0; i < n; ++i)
    log.push_back({1 + rng.below(kActions), std::round(rng.uniform() * 200) / 100, ps[rng.below(4)]});
  return log;
}

Data parse_log(const std::vector<Logged>& log) {
  ParseOptions options;
  options.labels = LabelFormat::kContextualBandit;
  options.classes = kActions;
  std::vector<std::string> lines;
  char label[64];
  for (const Logged& l : log) {
    std::snprintf(label, sizeof label, "%u:%g:%g", l.action, l.cost, l.probability);
    lines.push_back(std::string(label) + " |f x y");
  }
  return parse_lines(lines, options);
}

// Fixed scores: the cost-sensitive regressors (sub-models 0..K-1) and, for
// dr, the cost regressors x_a (sub-models K..2K-1), inside the clipping range.
const std::vector<double> kScores = {0.7, 0.2, 0.9, 0.4, 1.1, 0.3};

LabelRange wide_range() {
  LabelRange r;
  r.min = -100;
  r.max = 100;
  r.fixed_min = r.fixed_max = true;
  return r;
}

// The action of the lowest cost-sensitive score (lowest id on ties).
uint32_t reference_policy() {
  uint32_t best = 1;
  for (uint32_t a = 2; a <= kActions; ++a)
    if (kScores[a - 1] < kScores[best - 1]) best = a;
  return best;
}

TEST(ContextualBandit, IpsAndDrEstimatesMatchASlowReference) {
  const std::vector<Logged> log = random_log(200, 7);
  const Data data = parse_log(log);
  for (CbType type : {CbType::kIps, CbType::kDr}) {
    Recorder learner(kScores);
    LabelRange range = wide_range();
    ContextualBandit cb(CbSettings{kActions, type}, learner, range);
    double sum = 0.0, reference = 0.0;
    for (std::size_t i = 0; i < data.size(); ++i) {
      const Outcome& o = cb.process(data.examples[i], data.features[i], true);
      ASSERT_TRUE(o.labeled);
      sum += o.loss;
      // The estimate of the policy h = argmin score, from the formulas.
      const uint32_t h = reference_policy();
      const Logged& l = log[i];
      const double x = type == CbType::kDr ? kScores[kActions + h - 1] : 0.0;
      reference += x + (h == l.action ? (l.cost - x) / l.probability : 0.0);
    }
    EXPECT_NEAR(sum / data.size(), reference / data.size(), 1e-5) << (type == CbType::kIps ? "ips" : "dr");
  }
}

TEST(ContextualBandit, DrBuildsTheDoublyRobustCostSensitiveExample) {
  const std::vector<Logged> log = {{2, 1.5, 0.25}};
  const Data data = parse_log(log);
  Recorder learner(kScores);
  LabelRange range = wide_range();
  ContextualBandit cb(CbSettings{kActions, CbType::kDr}, learner, range);
  cb.process(data.examples[0], data.features[0], true);
  // The cost regressor of the logged action learns its cost with importance 1 / p ...
  ASSERT_EQ(learner.learned.size(), 1u + kActions);
  EXPECT_EQ(learner.learned[0].sub, kActions + 1);
  EXPECT_DOUBLE_EQ(learner.learned[0].label, 1.5);
  EXPECT_DOUBLE_EQ(learner.learned[0].importance, 4.0);
  // ... then every action's cost-sensitive regressor its dr cost: x_a, plus (c - x_a) / p for the logged one.
  for (uint32_t a = 1; a <= kActions; ++a) {
    const auto& l = learner.learned[a];
    EXPECT_EQ(l.sub, a - 1);
    const double x = kScores[kActions + a - 1];
    EXPECT_NEAR(l.label, a == 2 ? x + (1.5 - x) / 0.25 : x, 1e-6) << a;
    EXPECT_DOUBLE_EQ(l.importance, 1.0);
  }
}

TEST(ContextualBandit, IpsCostsAndRestrictedActions) {
  ParseOptions options;
  options.labels = LabelFormat::kContextualBandit;
  options.classes = kActions;
  // Actions 1 and 3 allowed, 3 logged: action 2 is neither scored nor learned.
  const Data data = parse_lines({"1 3:2:0.5 |f x"}, options);
  Recorder learner(kScores);
  LabelRange range = wide_range();
  ContextualBandit cb(CbSettings{kActions, CbType::kIps}, learner, range);
  const Outcome& o = cb.process(data.examples[0], data.features[0], true);
  EXPECT_EQ(o.prediction, 1.0);  // score 0.7 < 0.9
  EXPECT_DOUBLE_EQ(o.loss, 0.0);  // the policy's action was not logged: ips estimate 0
  ASSERT_EQ(learner.learned.size(), 2u);
  EXPECT_EQ(learner.learned[0].sub, 0u);
  EXPECT_DOUBLE_EQ(learner.learned[0].label, 0.0);
  EXPECT_EQ(learner.learned[1].sub, 2u);
  EXPECT_DOUBLE_EQ(learner.learned[1].label, 4.0);  // 2 / 0.5
}

TEST(ContextualBandit, UnlabeledWithoutAnObservation) {
  ParseOptions options;
  options.labels = LabelFormat::kContextualBandit;
  options.classes = kActions;
  // A cost without a probability is no observation (VW's rule); no label at all neither.
  const Data data = parse_lines({"1:2 |f x", "|f x"}, options);
  for (std::size_t i = 0; i < data.size(); ++i) {
    Recorder learner(kScores);
    LabelRange range = wide_range();
    ContextualBandit cb(CbSettings{kActions, CbType::kDr}, learner, range);
    EXPECT_FALSE(data.examples[i].has_label);
    EXPECT_FALSE(cb.process(data.examples[i], data.features[i], true).labeled);
  }
}

}  // namespace
}  // namespace learner::test
