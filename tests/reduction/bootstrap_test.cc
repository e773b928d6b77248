// --bootstrap as a layer (reduction/bootstrap.h) over a recording learner:
// its rounds are the sub-models c N + j, its factors VW's Poisson(1) draws
// (merand48 from the seed), drawn again when the caller's learn() is a pass
// of its own (--oaa), its vote VW's rule.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "learner/learners/gd/label_range.h"
#include "learner/error.h"
#include "learner/learner.h"
#include "learner/loss/loss.h"
#include "learner/model/weight_init.h"
#include "src/reduction/bootstrap.h"
#include "learner/reduction/plugins.h"
#include "layer_fixtures.h"

namespace learner {
namespace {

using test::MapValues;
using test::Recorder;

std::unique_ptr<Learner> bootstrap(Learner& below, const std::string& rounds, uint32_t above, uint32_t seed,
                                   const std::string& type = "mean") {
  static std::vector<std::unique_ptr<MapValues>> keep;  // the layer reads its values while it is built only
  keep.push_back(std::make_unique<MapValues>(std::map<std::string, std::string, std::less<>>{
      {"bootstrap", rounds}, {"bs_type", type}}));
  return bootstrap_plugin().make(LayerContext{*keep.back(), above, seed}, below);
}

// VW's Poisson(1) draw from merand48 (the thresholds are the Poisson CDF).
uint32_t expected_draw(uint64_t& state) {
  const double u = merand48(state);
  double term = std::exp(-1.0), cdf = term;
  uint32_t k = 0;
  while (u > cdf && k < 20) {
    ++k;
    term /= k;
    cdf += term;
  }
  return k;
}

const Example kBootstrapExample{};
const std::vector<Feature> kBootstrapNoFeatures;

TEST(Bootstrap, RoundsAreTheInterleavedSubModelsBelow) {
  Recorder below(std::vector<double>(6, 0.5));
  const auto layer = bootstrap(below, "3", 2, 7);
  const Part part{1, 1.0};
  layer->predict(kBootstrapExample, kBootstrapNoFeatures, Parts(&part, 1));
  EXPECT_EQ(below.predicted, (std::vector<uint32_t>{3, 4, 5}));  // part c of 2 is c N + j of round j
  EXPECT_EQ(bootstrap_plugin().width(MapValues(std::map<std::string, std::string, std::less<>>{{"bootstrap", "3"}})), 3u);
}

TEST(Bootstrap, LearnsEachRoundWithItsPoissonFactorAndSkipsZeros) {
  Recorder below({0.25, 0.5, 0.75, 1.0});
  const auto layer = bootstrap(below, "4", 1, 11);
  LabelRange range{-10, 10, true, true};
  layer->clip_with(range, false);  // the scalar problem: learn() completes the predict() just made
  uint64_t state = 11;
  for (int example = 0; example < 50; ++example) {
    below.learned.clear();
    const double mean = layer->predict(kBootstrapExample, kBootstrapNoFeatures, kSinglePart);
    EXPECT_DOUBLE_EQ(mean, (0.25 + 0.5 + 0.75 + 1.0) / 4);
    layer->learn(kBootstrapExample, kBootstrapNoFeatures, kSinglePart, mean, 1.0, 2.0);
    std::vector<const Recorder::Learned*> by_round(4, nullptr);
    for (const auto& l : below.learned) by_round.at(l.sub) = &l;
    for (uint32_t j = 0; j < 4; ++j) {
      const uint32_t factor = expected_draw(state);
      if (factor == 0) {
        EXPECT_EQ(by_round[j], nullptr) << "round " << j << " learned with factor 0";
        continue;
      }
      ASSERT_NE(by_round[j], nullptr);
      EXPECT_DOUBLE_EQ(by_round[j]->importance, 2.0 * factor);
      EXPECT_DOUBLE_EQ(by_round[j]->p_hat, 0.25 * (j + 1));  // the round's own prediction
    }
  }
}

TEST(Bootstrap, OwnLearnPassDrawsAgain) {
  Recorder below({0.1, 0.2, 0.3});
  const auto layer = bootstrap(below, "3", 1, 5);
  LabelRange range{-1, 1, true, true};
  layer->clip_with(range, true);  // --oaa: learn() is a pass of its own, VW's bootstrap draws again
  uint64_t state = 5;
  layer->predict(kBootstrapExample, kBootstrapNoFeatures, kSinglePart);
  for (int j = 0; j < 3; ++j) expected_draw(state);  // predict()'s draws
  layer->learn(kBootstrapExample, kBootstrapNoFeatures, kSinglePart, 0.0, 1.0, 1.0);
  std::vector<double> importance(3, 0.0);
  for (const auto& l : below.learned) importance.at(l.sub) = l.importance;
  for (uint32_t j = 0; j < 3; ++j) EXPECT_DOUBLE_EQ(importance[j], expected_draw(state)) << j;
}

TEST(Bootstrap, FactorsAveragePoissonOne) {
  Recorder below({0.0});
  const auto layer = bootstrap(below, "1", 1, 3);
  LabelRange range{-1, 1, true, true};
  layer->clip_with(range, false);
  double sum = 0, zeros = 0;
  const int n = 20000;
  for (int i = 0; i < n; ++i) {
    below.learned.clear();
    layer->predict(kBootstrapExample, kBootstrapNoFeatures, kSinglePart);
    layer->learn(kBootstrapExample, kBootstrapNoFeatures, kSinglePart, 0.0, 1.0, 1.0);
    if (below.learned.empty()) ++zeros;
    else sum += below.learned[0].importance;
  }
  EXPECT_NEAR(sum / n, 1.0, 0.03);
  EXPECT_NEAR(zeros / n, std::exp(-1.0), 0.015);
}

TEST(Bootstrap, RoundsAreClippedToTheCallersRange) {
  Recorder below({-3.0, 0.5, 9.0});
  const auto layer = bootstrap(below, "3", 1, 1);
  LabelRange range{0.0, 1.0, true, true};
  layer->clip_with(range, false);
  EXPECT_DOUBLE_EQ(layer->predict(kBootstrapExample, kBootstrapNoFeatures, kSinglePart), (0.0 + 0.5 + 1.0) / 3);
  std::string line;
  ASSERT_TRUE(layer->prediction_line(0.5, "tag", line));
  EXPECT_EQ(line, "0.500000 tag 0.000000 1.000000");  // VW's "mean tag lower upper"
}

TEST(Bootstrap, VoteIsVwsMajorityOfRoundedRounds) {
  LabelRange range{-100, 100, true, true};
  struct Case {
    std::vector<double> rounds;
    double vote;
  };
  // Two distinct votes: Boyer-Moore's candidate; more: the strict majority,
  // else the most frequent in sorted order, ties to the smallest, the last
  // run never counted (VW's rule).
  for (const Case& c : {Case{{0.9, 1.2, 3.0}, 1.0},           // rounded 1, 1, 3
                        Case{{2.0, 2.0, 1.0, 1.0}, 2.0},      // two votes, a tie: the candidate
                        Case{{1, 1, 2, 3, 5}, 5.0},           // the third vote is never seen as one
                        Case{{1, 2, 2, 3, 3, 3, 3}, 3.0},     // three votes, a strict majority
                        Case{{1, 2, 2, 3, 3, 3}, 2.0},        // no majority: the last run is not counted
                        Case{{1, 2, 2, 3}, 2.0}}) {
    Recorder below(c.rounds);
    const auto layer = bootstrap(below, std::to_string(c.rounds.size()), 1, 1, "vote");
    layer->clip_with(range, false);
    EXPECT_DOUBLE_EQ(layer->predict(kBootstrapExample, kBootstrapNoFeatures, kSinglePart), c.vote) << c.rounds.size();
    double shown = 0, loss = 0;
    ASSERT_TRUE(layer->own_outcome(c.vote, shown, loss));
    EXPECT_EQ(shown, c.vote);
    EXPECT_EQ(loss, 0.0);
    ASSERT_TRUE(layer->own_outcome(c.vote + 0.5, shown, loss));
    EXPECT_EQ(loss, 1.0);  // VW's vote: 0/1 loss
  }
}

}  // namespace
}  // namespace learner
