// --multilabel: independent classifiers (Hamming) and the seed's 0/1 chain.
#include "src/reduction/multilabel.h"
#include "learner/reduction/plugins.h"

#include <gtest/gtest.h>

#include "fixtures.h"

namespace learner {
namespace {

using test::Data;
using test::Rig;

test::Pick spec(MultilabelLoss loss) {
  return test::with_settings<Multilabel>(multilabel_plugin(), 4, MultilabelSettings{loss});
}

Data lines(const std::vector<std::string>& text) {
  ParseOptions po;
  po.labels = LabelFormat::kMultilabel;
  po.classes = 4;
  return test::parse_lines(text, po);
}

double score(Model& m, const Example& ex, const std::vector<Feature>& f, uint32_t klass) {
  const Part part{klass - 1, 1.0};
  return m.predict(ex, f, Parts(&part, 1));
}

TEST(Multilabel, ZeroOneChainStopsAtTheFirstError) {
  Rig rig(spec(MultilabelLoss::kZeroOne), "hinge");
  auto& ml = static_cast<Multilabel&>(*rig.reduction);
  // Untrained, every classifier says "no" (raw 0 is not > 0).
  const Data d = lines({"2,4 |w a b", "1 |w c"});
  const Outcome& o = rig.reduction->process(d.examples[0], d.features[0], true);
  EXPECT_EQ(o.loss, 1.0) << "0/1 loss of the set";
  EXPECT_EQ(ml.last_trained(), 2u) << "classifier 1 is right (no), classifier 2 errs: stop";
  EXPECT_LT(score(*rig.model, d.examples[0], d.features[0], 1), 0.0) << "1 learned 'no'";
  EXPECT_GT(score(*rig.model, d.examples[0], d.features[0], 2), 0.0) << "2 learned 'yes'";
  EXPECT_EQ(score(*rig.model, d.examples[0], d.features[0], 3), 0.0) << "3 is after the error: untouched";
  EXPECT_EQ(score(*rig.model, d.examples[0], d.features[0], 4), 0.0) << "4 is after the error: untouched";
  rig.reduction->process(d.examples[1], d.features[1], true);
  EXPECT_EQ(ml.last_trained(), 1u) << "classifier 1 errs at once";
}

TEST(Multilabel, ZeroOneChainRunsToTheEndWhenAllAreRight) {
  Rig rig(spec(MultilabelLoss::kZeroOne), "hinge");
  auto& ml = static_cast<Multilabel&>(*rig.reduction);
  const Data d = lines({"3 |w a"});
  for (int i = 0; i < 20; ++i) rig.reduction->process(d.examples[0], d.features[0], true);
  EXPECT_EQ(rig.reduction->process(d.examples[0], d.features[0], true).loss, 0.0);
  EXPECT_EQ(ml.last_trained(), 4u);
}

TEST(Multilabel, HammingTrainsEveryClassifierAndCountsWrongLabels) {
  Rig rig(spec(MultilabelLoss::kHamming), "logistic");
  auto& ml = static_cast<Multilabel&>(*rig.reduction);
  const Data d = lines({"2,4 |w a b"});
  const Outcome& o = rig.reduction->process(d.examples[0], d.features[0], true);
  EXPECT_EQ(o.loss, 2.0) << "2 and 4 missed";
  EXPECT_EQ(ml.last_trained(), 4u);
  for (uint32_t k : {1u, 3u}) EXPECT_LT(score(*rig.model, d.examples[0], d.features[0], k), 0.0);
  for (uint32_t k : {2u, 4u}) EXPECT_GT(score(*rig.model, d.examples[0], d.features[0], k), 0.0);
  const Outcome& after = rig.reduction->process(d.examples[0], d.features[0], false);
  EXPECT_EQ(after.loss, 0.0);
  EXPECT_EQ(after.prediction, 2.0) << "smallest predicted class";
  std::string line;
  rig.reduction->prediction_text("t", line);
  EXPECT_EQ(line, "2,4 t");
}

TEST(Multilabel, LearnsASeparableProblem) {
  // Label k is present iff token t_k is: independent problems.
  test::Rng rng(5);
  std::vector<std::string> text;
  for (int i = 0; i < 300; ++i) {
    std::string set, feats;
    for (int k = 1; k <= 4; ++k)
      if (rng.below(2)) {
        if (!set.empty()) set += ',';
        set += std::to_string(k);
        feats += " t" + std::to_string(k);
      }
    if (set.empty()) continue;
    text.push_back(set + " |w" + feats + " n" + std::to_string(rng.below(10)));
  }
  const Data d = lines(text);
  for (MultilabelLoss loss : {MultilabelLoss::kHamming, MultilabelLoss::kZeroOne}) {
    Rig rig(spec(loss), "hinge");
    for (int p = 0; p < 6; ++p) rig.pass(d, true);
    EXPECT_EQ(rig.pass(d, false), 0.0);
  }
}

}  // namespace
}  // namespace learner
