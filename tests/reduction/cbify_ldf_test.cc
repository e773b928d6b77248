// --cbify_ldf (reduction/cbify_ldf.h) over --cb_explore_adf's epsilon-greedy
// and --cb_adf mtr, on a learner whose scores are fixed per line: only the
// drawn line is learned from, with the cost loss0 + (loss1 - loss0) c of its
// cost-sensitive label and the probability its pmf gave it; the draws follow
// the pmf; examples with an unlabelled line, or not learned from, teach
// nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numeric>
#include <vector>

#include "fixtures.h"
#include "learner/loss/loss.h"
#include "src/reduction/cbify_ldf.h"

namespace learner::test {
namespace {

// Scores each line by its first feature's value; records every update.
class FixedScores final : public Learner {
 public:
  FixedScores() : loss_(make_loss(LossSpec{"squared"})) {}
  std::string_view name() const override { return "fixed"; }
  const Loss& loss() const override { return *loss_; }
  double predict(const Example&, const std::vector<Feature>& x, Parts) override { return x.empty() ? 0.0 : x[0].value; }
  void learn(const Example&, const std::vector<Feature>& x, Parts, double, double label, double importance) override {
    updates.push_back({x.empty() ? -1.0 : x[0].value, label, importance});
  }
  void save(ModelWriter&, bool) const override {}
  void load(ModelReader&) override {}
  void write_text(std::FILE*, const NameMap*) const override {}

  struct Update {
    double score, label, importance;
  };
  std::vector<Update> updates;

 private:
  std::unique_ptr<Loss> loss_;
};

std::unique_ptr<CbifyLdf> cbify_ldf_over(Learner& learner, LabelRange& range, double epsilon, double loss0,
                                         double loss1) {
  CbExploreSettings explore;
  explore.epsilon = epsilon;
  return std::make_unique<CbifyLdf>(CbifyLdfSettings{loss0, loss1},
                                    std::make_unique<CbExploreAdf>(explore, std::make_unique<CbAdf>(CbAdfSettings{}, learner, range)));
}

// K action lines (after a shared line when `shared`), line a scored scores[a], costed costs[a] (< 0: no label).
void fill_group(ExampleGroup& g, const std::vector<float>& scores, const std::vector<float>& costs, bool shared) {
  g.clear();
  if (shared) {
    GroupLine& s = g.add();
    s = GroupLine{};
    s.ex.shared = true;
  }
  for (std::size_t a = 0; a < scores.size(); ++a) {
    GroupLine& line = g.add();
    line = GroupLine{};
    line.features.push_back({scores[a], static_cast<uint32_t>(a)});
    if (costs[a] >= 0) {
      line.ex.costs.push_back({static_cast<uint32_t>(a + 1), costs[a]});
      line.ex.has_label = true;
    }
  }
}

TEST(CbifyLdf, RevealsOnlyTheDrawnLinesCostWithItsPmfProbability) {
  Rng rng(17);
  FixedScores learner;
  LabelRange range;
  const double loss0 = 0.5, loss1 = 2.0;
  ExampleGroup g;
  for (int trial = 0; trial < 3000; ++trial) {
    const double epsilon = 0.05 + 0.9 * rng.uniform();
    auto cbify = cbify_ldf_over(learner, range, epsilon, loss0, loss1);
    const uint32_t k = 2 + rng.below(7);
    std::vector<float> scores(k), costs(k);
    std::vector<uint32_t> perm(k);
    std::iota(perm.begin(), perm.end(), 0u);
    for (uint32_t i = k; i > 1; --i) std::swap(perm[i - 1], perm[rng.below(i)]);
    for (uint32_t a = 0; a < k; ++a) {
      scores[a] = static_cast<float>(perm[a]) / 8.0f;  // distinct: no ties
      costs[a] = static_cast<float>(rng.below(2));
    }
    fill_group(g, scores, costs, trial % 2 == 0);
    learner.updates.clear();
    const Outcome& o = cbify->process(g, true);
    const uint32_t a = cbify->action();
    ASSERT_LT(a, k);
    // Epsilon-greedy over distinct scores: the lowest gets 1 - e + e/K, the others e/K.
    const bool best = perm[a] == 0;
    const double want_p = (best ? 1.0 - epsilon : 0.0) + epsilon / k;
    EXPECT_NEAR(cbify->probability(), want_p, 1e-5) << "K " << k << " epsilon " << epsilon;
    ASSERT_EQ(learner.updates.size(), 1u) << "mtr learns from the drawn line only";
    EXPECT_EQ(learner.updates[0].score, scores[a]) << "the update is on the drawn line";
    EXPECT_NEAR(learner.updates[0].label, loss0 + (loss1 - loss0) * costs[a], 1e-6);
    // mtr's weight: 1 / p times (groups / actions) so far, here 1 / K for this fresh stack.
    EXPECT_NEAR(learner.updates[0].importance, 1.0 / (cbify->probability() * k), 1e-4);
    EXPECT_TRUE(o.labeled);
    EXPECT_EQ(o.loss, costs[a]);
    EXPECT_EQ(o.prediction, a + 1.0);
  }
}

TEST(CbifyLdf, DrawsFollowThePmf) {
  FixedScores learner;
  LabelRange range;
  auto cbify = cbify_ldf_over(learner, range, 0.4, 0.0, 1.0);
  ExampleGroup g;
  fill_group(g, {0.3f, 0.1f, 0.7f, 0.5f}, {-1, -1, -1, -1}, false);  // unlabelled: the scores never change
  std::vector<int> count(4, 0);
  const int n = 20000;
  for (int i = 0; i < n; ++i) {
    cbify->process(g, true);
    ++count[cbify->action()];
  }
  EXPECT_TRUE(learner.updates.empty());
  // Action 1 (score 0.1) is greedy: 0.6 + 0.1; the others 0.1 each.
  EXPECT_NEAR(count[1] / static_cast<double>(n), 0.7, 0.015);
  for (int a : {0, 2, 3}) EXPECT_NEAR(count[a] / static_cast<double>(n), 0.1, 0.01) << a;
}

TEST(CbifyLdf, UnlabelledOrPredictOnlyExamplesTeachNothing) {
  FixedScores learner;
  LabelRange range;
  auto cbify = cbify_ldf_over(learner, range, 0.1, 0.0, 1.0);
  ExampleGroup g;
  fill_group(g, {0.2f, 0.4f, 0.6f}, {0, 1, -1}, true);  // one line without a label
  EXPECT_FALSE(cbify->process(g, true).labeled);
  fill_group(g, {0.2f, 0.4f, 0.6f}, {0, 1, 1}, true);
  EXPECT_TRUE(cbify->process(g, false).labeled);  // -t: the loss counts, nothing is learned
  EXPECT_TRUE(learner.updates.empty());
  cbify->process(g, true);
  EXPECT_EQ(learner.updates.size(), 1u);
}

}  // namespace
}  // namespace learner::test
