// --oaa, --csoaa and both filter trees on separable problems, with several
// losses and with --dotproduct; the -p texts.
#include <gtest/gtest.h>

#include "fixtures.h"
#include "learner/error.h"
#include "src/reduction/binary_task.h"
#include "learner/reduction/plugins.h"

namespace learner {
namespace {

using test::Data;
using test::Rig;

using test::Pick;
using test::pick;

// Trains `passes` passes, then returns the training error (0/1 loss, no learning).
double training_error(Rig& rig, const Data& d, int passes) {
  for (int p = 0; p < passes; ++p) rig.pass(d, true);
  return rig.pass(d, false);
}

struct Case {
  const ReductionPlugin* plugin;
  const char* loss;
};

class Separable : public ::testing::TestWithParam<Case> {};

TEST_P(Separable, ReachesZeroTrainingError) {
  const Case c = GetParam();
  ParseOptions po;
  po.labels = pick(*c.plugin, 5).labels();
  po.classes = 5;
  const Data d = test::parse_lines(test::separable_multiclass(5, 300, 7), po);
  Rig rig(pick(*c.plugin, 5), c.loss);
  const double first = rig.pass(d, true);
  EXPECT_GT(first, 0.0) << "the first pass is progressive: it makes mistakes";
  // 8 more passes: poisson codes the games 0/1 on a log scale, where the
  // update toward label 0 never stops, and its training error wobbles (0 at
  // passes 2-4, 2/300 at 5, 0 again from 7 on) since each class normalises
  // with its own counters.
  EXPECT_EQ(training_error(rig, d, 8), 0.0);
}

INSTANTIATE_TEST_SUITE_P(
    Reductions, Separable,
    ::testing::Values(Case{&oaa_plugin(), "hinge"}, Case{&oaa_plugin(), "logistic"},
                      Case{&oaa_plugin(), "squared"}, Case{&filter_tree_plugin(), "hinge"},
                      Case{&filter_tree_plugin(), "logistic"}, Case{&filter_tree_plugin(), "squared"},
                      Case{&scoring_filter_tree_plugin(), "hinge"},
                      Case{&scoring_filter_tree_plugin(), "logistic"},
                      Case{&scoring_filter_tree_plugin(), "squared"},
                      Case{&scoring_filter_tree_plugin(), "quantile"},
                      Case{&scoring_filter_tree_plugin(), "poisson"}));

// Dyadic data: the class is a function of (user, item) that no bias model
// fits: class = 1 + (user + item) mod 3 on a 6 x 6 grid.
std::vector<std::string> dyadic_lines() {
  std::vector<std::string> lines;
  for (int rep = 0; rep < 3; ++rep)
    for (int u = 0; u < 6; ++u)
      for (int i = 0; i < 6; ++i)
        lines.push_back(std::to_string(1 + (u + i + rep * 0) % 3) + " |u u" + std::to_string(u) + " |i i" +
                        std::to_string(i));
  return lines;
}

TEST(Dyadic, EveryReductionLearnsWithDotproduct) {
  for (const ReductionPlugin* plugin : {&oaa_plugin(), &filter_tree_plugin(), &scoring_filter_tree_plugin()}) {
    ParseOptions po;
    po.labels = pick(*plugin, 3).labels();
    const Data d = test::parse_lines(dyadic_lines(), po);
    Rig rig(pick(*plugin, 3), "hinge", test::dyadic_config("ui", 3));
    const double before = rig.pass(d, false);
    for (int p = 0; p < 40; ++p) rig.pass(d, true);
    const double after = rig.pass(d, false);
    EXPECT_LT(after, before) << plugin->name;
    EXPECT_LT(after, 0.34) << plugin->name << ": beats the best bias-only error 2/3";
  }
}

TEST(Oaa, PredictionTextsAndProbabilities) {
  Pick s = pick(oaa_plugin(), 3);
  ParseOptions po;
  po.labels = s.labels();
  const Data d = test::parse_lines({"2 'row |w a"}, po);
  Rig plain(s, "logistic");
  plain.reduction->process(d.examples[0], d.features[0], true);
  std::string line;
  plain.reduction->prediction_text("row", line);
  EXPECT_EQ(line, "1 row") << "all scores 0 before learning: lowest class";
  s.spec.output = ScoreOutput::kProbabilities;
  Rig probs(s, "logistic");
  probs.reduction->process(d.examples[0], d.features[0], false);
  probs.reduction->prediction_text("", line);
  EXPECT_EQ(line, "1:0.333333 2:0.333333 3:0.333333");
  s.spec.output = ScoreOutput::kScores;
  Rig scores(s, "hinge");
  for (int i = 0; i < 5; ++i) scores.reduction->process(d.examples[0], d.features[0], true);
  const Outcome& o = scores.reduction->process(d.examples[0], d.features[0], false);
  EXPECT_EQ(o.prediction, 2.0);
  EXPECT_EQ(o.loss, 0.0);
  scores.reduction->prediction_text("", line);
  EXPECT_EQ(line.substr(0, 2), "1:");
  EXPECT_NE(line.find(" 3:"), std::string::npos);
  Pick bad = pick(oaa_plugin(), 3);
  bad.spec.output = ScoreOutput::kProbabilities;
  EXPECT_THROW({ Rig r(bad, "hinge"); }, UsageError)
      << "--probabilities needs logistic loss";
}

TEST(Csoaa, RegressesCostsAndPredictsTheCheapestListedClass) {
  const Pick s = pick(csoaa_plugin(), 3);
  ParseOptions po;
  po.labels = s.labels();
  const Data train = test::parse_lines({"1:1 2:0 3:0.5 |w a"}, po);
  Rig rig(s, "squared");
  for (int i = 0; i < 30; ++i) rig.reduction->process(train.examples[0], train.features[0], true);
  const Outcome& o = rig.reduction->process(train.examples[0], train.features[0], false);
  EXPECT_EQ(o.prediction, 2.0);
  EXPECT_EQ(o.label, 2.0) << "the cheapest class";
  EXPECT_EQ(o.loss, 0.0);
  // Restricted to the listed candidates: 1 and 3 only, 3 is cheaper.
  const Data candidates = test::parse_lines({"1 3 |w a"}, po);
  const Outcome& c = rig.reduction->process(candidates.examples[0], candidates.features[0], false);
  EXPECT_FALSE(c.labeled);
  EXPECT_EQ(c.prediction, 3.0);
  std::string line;
  rig.reduction->raw_text("", line);
  EXPECT_EQ(line.substr(0, 2), "1:");
}

TEST(Csoaa, SeparableCostSensitiveProblem) {
  // Cost 0 for the true class of the separable data, 1 for the others.
  std::vector<std::string> lines;
  for (const std::string& l : test::separable_multiclass(4, 300, 3)) {
    const int y = l[0] - '0';
    std::string cs;
    for (int k = 1; k <= 4; ++k) cs += std::to_string(k) + ":" + (k == y ? "0 " : "1 ");
    lines.push_back(cs + l.substr(2));
  }
  const Pick s = pick(csoaa_plugin(), 4);
  ParseOptions po;
  po.labels = s.labels();
  const Data d = test::parse_lines(lines, po);
  Rig rig(s, "squared");
  EXPECT_EQ(training_error(rig, d, 5), 0.0);
}

TEST(SubModels, EachReductionAsksForItsCount) {
  EXPECT_EQ(pick(oaa_plugin(), 5).sub_models(), 5u);
  EXPECT_EQ(pick(filter_tree_plugin(), 5).sub_models(), 4u) << "K - 1 games";
  EXPECT_EQ(pick(scoring_filter_tree_plugin(), 5).sub_models(), 5u);
  EXPECT_EQ(pick(csoaa_plugin(), 5).sub_models(), 5u);
  EXPECT_EQ(pick(multilabel_plugin(), 5).sub_models(), 5u);
  EXPECT_EQ(pick(active_plugin()).sub_models(), 1u);
  EXPECT_EQ(pick(oaa_plugin(), 5).labels(), LabelFormat::kMulticlass);
  EXPECT_EQ(pick(csoaa_plugin(), 5).labels(), LabelFormat::kCostSensitive);
  EXPECT_EQ(pick(filter_tree_plugin(), 5).labels(), LabelFormat::kMulticlassOrCost);
  EXPECT_EQ(pick(multilabel_plugin(), 5).labels(), LabelFormat::kMultilabel);
  EXPECT_EQ(pick(active_plugin()).labels(), LabelFormat::kSimple);
}

}  // namespace
}  // namespace learner
