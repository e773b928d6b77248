// Cost-sensitive labels in the filter trees: equal costs give no update,
// importance follows the cost difference, regret is the reported loss.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "fixtures.h"
#include "learner/error.h"
#include "learner/reduction/plugins.h"

namespace learner {
namespace {

using test::Data;
using test::Rig;

std::vector<float> snapshot(const Model& m) { return {m.weights().data(), m.weights().data() + m.weights().size()}; }

class EqualCosts : public ::testing::TestWithParam<const ReductionPlugin*> {};

TEST_P(EqualCosts, ProduceNoUpdate) {
  const test::Pick s = test::pick(*GetParam(), 4);
  ParseOptions po;
  po.labels = s.labels();
  po.classes = 4;
  const Data d = test::parse_lines({"1:1 2:0 3:1 4:1 |w a b |x u1", "1:0.5 2:0.5 3:0.5 4:0.5 |w a c |x u1", "2:0.3 4:0.3 |w d |x u2"}, po);
  Rig rig(s, "hinge", test::dyadic_config("wx", 2));
  rig.reduction->process(d.examples[0], d.features[0], true);  // some non-zero weights first
  const std::vector<float> before = snapshot(*rig.model);
  const std::vector<float> latent_before(rig.model->dotproduct()->latent().data(),
                                         rig.model->dotproduct()->latent().data() +
                                             rig.model->dotproduct()->latent().size());
  for (std::size_t i = 1; i < d.size(); ++i) {
    const Outcome& o = rig.reduction->process(d.examples[i], d.features[i], true);
    EXPECT_TRUE(o.labeled);
    EXPECT_EQ(o.loss, 0.0) << "every class is as good as any other";
  }
  EXPECT_TRUE(snapshot(*rig.model) == before) << "weights moved on equal costs";
  EXPECT_TRUE(std::equal(latent_before.begin(), latent_before.end(), rig.model->dotproduct()->latent().data()));
  EXPECT_EQ(rig.model->state().total_weight, [&] {
    Rig fresh(s, "hinge", test::dyadic_config("wx", 2));
    fresh.reduction->process(d.examples[0], d.features[0], true);
    return fresh.model->state().total_weight;
  }()) << "no game was even considered for learning";
}

INSTANTIATE_TEST_SUITE_P(Trees, EqualCosts,
                         ::testing::Values(&filter_tree_plugin(), &scoring_filter_tree_plugin()));

TEST(CostSensitive, RegretIsTheReportedLoss) {
  const test::Pick s = test::pick(filter_tree_plugin(), 3);
  ParseOptions po;
  po.labels = s.labels();
  const Data d = test::parse_lines({"1:0.75 2:0.5 3:0.25 |w a"}, po);
  Rig rig(s, "hinge");
  // Untrained: every game predicts raw 0 -> the right entrant wins -> class 3.
  const Outcome& o = rig.reduction->process(d.examples[0], d.features[0], false);
  EXPECT_EQ(o.prediction, 3.0);
  EXPECT_EQ(o.label, 3.0);
  EXPECT_DOUBLE_EQ(o.loss, 0.0);
  const Data d2 = test::parse_lines({"1:0 2:0.5 3:0.75 |w a"}, po);
  const Outcome& o2 = rig.reduction->process(d2.examples[0], d2.features[0], false);
  EXPECT_DOUBLE_EQ(o2.loss, 0.75);
}

TEST(CostSensitive, UnlistedClassesCostTheLargestListedCost) {
  const test::Pick s = test::pick(scoring_filter_tree_plugin(), 4);
  ParseOptions po;
  po.labels = s.labels();
  const Data d = test::parse_lines({"2:0 3:1 |w a"}, po);
  Rig rig(s, "hinge");
  for (int i = 0; i < 10; ++i) rig.reduction->process(d.examples[0], d.features[0], true);
  const Outcome& o = rig.reduction->process(d.examples[0], d.features[0], false);
  EXPECT_EQ(o.prediction, 2.0);
  const Data unknown = test::parse_lines({"|w a", "1 2:0.5 3:1 |w a"}, po);
  EXPECT_FALSE(rig.reduction->process(unknown.examples[0], unknown.features[0], true).labeled);
  const Outcome& partial = rig.reduction->process(unknown.examples[1], unknown.features[1], false);
  EXPECT_TRUE(partial.labeled) << "one known cost";
  EXPECT_EQ(partial.label, 2.0) << "class 1's unknown cost is the largest known one (1), so 2 is the cheapest";
}

TEST(CostSensitive, ClassOutsideTheRangeFromACacheIsAnError) {
  const test::Pick s = test::pick(oaa_plugin(), 3);
  const Data d = test::parse_lines({"7 |w a"}, ParseOptions{});  // simple labels: unchecked
  Rig rig(s, "hinge");
  EXPECT_THROW(rig.reduction->process(d.examples[0], d.features[0], true), Error);
}

}  // namespace
}  // namespace learner
