// The --struct_svm learner (w, b, v in one Learner): label counts for n_S,
// model round trips with learned costs, the text model's cost matrix.
#include "learner/learners/struct_svm/cost_learner.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learners/perceptrons/fixtures.h"

namespace learner {
namespace {

const Example kEx;

// Skewed blobs: class c has (c + 1)^2 shares of the examples.
test::Data skewed(int n, uint32_t k, unsigned seed) {
  const test::Data all = test::blobs(n, 4, static_cast<int>(k), 0.6, seed);
  test::Data d;
  for (std::size_t e = 0; e < all.x.size(); ++e) {
    const auto c = static_cast<uint32_t>(all.y[e]);
    if ((e / k) % (k * k) < (c + 1) * (c + 1)) {
      d.x.push_back(all.x[e]);
      d.y.push_back(all.y[e]);
    }
  }
  return d;
}

void train(CostLearningSvm& svm, const test::Data& d, int passes) {
  for (int p = 0; p < passes; ++p) {
    for (std::size_t e = 0; e < d.x.size(); ++e) svm.learn_class(kEx, d.x[e], static_cast<uint32_t>(d.y[e]), 1.0);
    if (p + 1 < passes) svm.end_pass();  // as the run loop: no end_pass after the last pass
  }
}

CostWeightsConfig costs_of(uint32_t k, CostLearning l, CostNorm n, FactorKind f = FactorKind::kUnordered) {
  CostWeightsConfig c;
  c.classes = k;
  c.learning = l;
  c.norm = n;
  c.factors = f;
  return c;
}

TEST(CostLearningSvm, NormalisersComeFromTheFirstPassLabelCounts) {
  const uint32_t k = 3;
  const test::Data d = skewed(900, k, 3);
  std::vector<double> counts(k, 0.0);
  for (double y : d.y) counts[static_cast<std::size_t>(y)] += 1;
  CostLearningSvm svm({.bits = 12, .classes = k}, costs_of(k, CostLearning::kObjective10, CostNorm::kLogical));
  train(svm, d, 1);
  const CostWeights c = svm.costs();
  EXPECT_EQ(c.normalisers()[c.factors().index(0, 1)], std::max(counts[0], counts[1]));
  EXPECT_EQ(c.normalisers()[c.factors().index(1, 2)], std::max(counts[1], counts[2]));
  svm.end_pass();
  train(svm, d, 1);  // the second pass does not count again
  EXPECT_EQ(svm.costs().normalisers()[c.factors().index(0, 2)], std::max(counts[0], counts[2]));
}

TEST(CostLearningSvm, RoundTripKeepsWeightsCostsAndPredictions) {
  const uint32_t k = 4;
  const test::Data d = skewed(1600, k, 5);
  for (CostLearning mode : {CostLearning::kObjective1, CostLearning::kObjective10, CostLearning::kKappaCosine}) {
    SCOPED_TRACE(std::string(to_string(mode)));
    const CostNorm norm = mode == CostLearning::kObjective10 ? CostNorm::kExpected : CostNorm::kNone;
    const StructSvmConfig config{.bits = 14, .classes = k, .rate = 0.5, .l1 = 1e-5, .l2 = 1e-4};
    CostLearningSvm svm(config, costs_of(k, mode, norm, FactorKind::kOrdered));
    train(svm, d, 3);
    const CostWeights before = svm.costs();
    bool learned = false;
    for (double v : before.v()) learned = learned || std::fabs(v - before.v()[0]) > 1e-12;
    EXPECT_TRUE(learned) << "v stayed uniform: the test would not see a lost v";
    for (bool state : {true, false}) {
      const std::string path = test::save_model(svm, "cost_learner_" + std::to_string(state), state);
      CostLearningSvm back(config, costs_of(k, mode, norm, FactorKind::kOrdered));
      test::load_model(back, path);
      const CostWeights after = back.costs();
      ASSERT_EQ(after.v().size(), before.v().size());
      for (std::size_t s = 0; s < before.v().size(); ++s) {
        EXPECT_EQ(after.v()[s], before.v()[s]);
        EXPECT_EQ(after.normalisers()[s], before.normalisers()[s]);
        EXPECT_EQ(after.mistakes()[s], before.mistakes()[s]);
      }
      for (std::size_t e = 0; e < d.x.size(); e += 7) {
        EXPECT_EQ(back.predict_class(kEx, d.x[e]), svm.predict_class(kEx, d.x[e]));
        for (uint32_t c = 0; c < k; ++c) EXPECT_NEAR(back.scores()[c], svm.scores()[c], 1e-12);
      }
      EXPECT_EQ(test::text_of(back), test::text_of(svm));
    }
  }
}

TEST(CostLearningSvm, ModelOfOtherCostsIsRefused) {
  const uint32_t k = 3;
  CostLearningSvm svm({.bits = 10, .classes = k}, costs_of(k, CostLearning::kObjective1, CostNorm::kNone));
  const std::string path = test::save_model(svm, "cost_learner_other", true);
  CostLearningSvm other({.bits = 10, .classes = k}, costs_of(k, CostLearning::kKappaCosine, CostNorm::kNone));
  EXPECT_THROW(test::load_model(other, path), Error);
  CostLearningSvm ordered({.bits = 10, .classes = k},
                          costs_of(k, CostLearning::kObjective1, CostNorm::kNone, FactorKind::kOrdered));
  EXPECT_THROW(test::load_model(ordered, path), Error);
}

TEST(CostLearningSvm, TextModelEndsWithTheCostMatrix) {
  const uint32_t k = 3;
  CostLearningSvm svm({.bits = 10, .classes = k}, costs_of(k, CostLearning::kObjective10, CostNorm::kNone));
  train(svm, test::blobs(90, 2, 3, 0.5, 1), 2);
  const std::string text = test::text_of(svm);
  const auto at = text.find("cost matrix: learn_costs objective10, factors unordered, norm none, scale 1\n");
  ASSERT_NE(at, std::string::npos) << text;
  const std::string table = text.substr(at);
  for (const char* line : {"factor ", "\n1-2 ", "\n1-3 ", "\n2-3 "}) EXPECT_NE(table.find(line), std::string::npos) << line;
}

TEST(CostLearningSvm, ClassesMustAgree) {
  EXPECT_THROW(CostLearningSvm({.bits = 10, .classes = 3}, costs_of(4, CostLearning::kFixed, CostNorm::kNone)), Error);
}

}  // namespace
}  // namespace learner
