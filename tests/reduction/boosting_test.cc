// --boosting as a layer (reduction/boosting.h) over a recording learner: the
// weak learners' importance weights of BBM and AdaBoost.OL.W, the combined
// prediction, VW's reported loss, and alpha saved in the model file.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "learner/learners/gd/label_range.h"
#include "learner/model/model_file.h"
#include "src/reduction/boosting.h"
#include "learner/reduction/plugins.h"
#include "layer_fixtures.h"
#include "support/files.h"

namespace learner {
namespace {

using test::MapValues;
using test::Recorder;

std::unique_ptr<Learner> boosting(Learner& below, const std::string& n, const std::string& alg,
                                  const std::string& gamma = "") {
  static std::vector<std::unique_ptr<MapValues>> keep;
  std::map<std::string, std::string, std::less<>> values{{"boosting", n}, {"alg", alg}};
  if (!gamma.empty()) values["gamma"] = gamma;
  keep.push_back(std::make_unique<MapValues>(values));
  return boosting_plugin().make(LayerContext{*keep.back(), 1, 0}, below);
}

const Example kExample{};
const std::vector<Feature> kNoFeatures;
const LabelRange kRange{-10, 10, true, true};

TEST(Boosting, BoostByMajorityWeights) {
  Recorder below({0.5, 0.5, 0.5});
  const auto layer = boosting(below, "3", "BBM");  // gamma 0.1
  layer->clip_with(kRange, false);
  EXPECT_DOUBLE_EQ(layer->predict(kExample, kNoFeatures, kSinglePart), 1.5);  // the sum of the weak predictions
  layer->learn(kExample, kNoFeatures, kSinglePart, 1.5, 1.0, 2.0);
  ASSERT_EQ(below.learned.size(), 3u);
  // i = 0: s = 0, k = 1: C(2,1) 0.6 0.4; i = 1: s = 0.5, k = 0: C(1,0) 0.4; i = 2: s = 1, k = 0: 1.
  EXPECT_NEAR(below.learned[0].importance, 2.0 * 2 * 0.6 * 0.4, 1e-6);
  EXPECT_NEAR(below.learned[1].importance, 2.0 * 0.4, 1e-6);
  EXPECT_NEAR(below.learned[2].importance, 2.0 * 1.0, 1e-6);
  double shown = 0, loss = 0;
  ASSERT_TRUE(layer->own_outcome(1.0, shown, loss));
  EXPECT_DOUBLE_EQ(shown, 1.5);  // unclipped
  EXPECT_NEAR(loss, 0.25 * 1.0, 1e-9);  // VW: the last learner's loss times its weight factor
}

TEST(Boosting, LogisticLearnsAlphasAndSavesThem) {
  Recorder below({0.5, 0.25});
  const auto layer = boosting(below, "2", "logistic");
  layer->clip_with(kRange, false);
  EXPECT_DOUBLE_EQ(layer->predict(kExample, kNoFeatures, kSinglePart), 0.0);  // alphas start at 0
  layer->learn(kExample, kNoFeatures, kSinglePart, 0.0, 1.0, 1.0);
  ASSERT_EQ(below.learned.size(), 2u);
  EXPECT_DOUBLE_EQ(below.learned[0].importance, 0.5);  // 1 / (1 + e^0)
  EXPECT_DOUBLE_EQ(below.learned[1].importance, 0.5);
  // alpha_i = 4 / sqrt(1) * z_i / (1 + e^0) = 2 z_i: 1 and 0.5.
  EXPECT_NEAR(layer->predict(kExample, kNoFeatures, kSinglePart), 0.5 * 1 + 0.25 * 0.5, 1e-6);

  const std::string path = test::temp_path("boosting.model");
  {
    ModelWriter out(path, {}, "recorder");
    layer->save(out, true);
    out.commit();
  }
  Recorder fresh_below({0.5, 0.25});
  const auto fresh = boosting(fresh_below, "2", "logistic");
  ModelReader in(path);
  fresh->load(in);
  in.finish();
  fresh->clip_with(kRange, false);
  EXPECT_NEAR(fresh->predict(kExample, kNoFeatures, kSinglePart), 0.5 * 1 + 0.25 * 0.5, 1e-6);
  Recorder other_below({0.5, 0.25, 0.1});
  const auto other = boosting(other_below, "3", "logistic");
  ModelReader again(path);
  EXPECT_THROW(other->load(again), Error);  // another number of weak learners
}

TEST(Boosting, RefusesBadSettings) {
  const auto check = [](std::map<std::string, std::string, std::less<>> values) {
    boosting_plugin().validate(MapValues(std::move(values)));
  };
  EXPECT_THROW(check({{"boosting", "3"}, {"alg", "adaboost"}}), UsageError);
  EXPECT_THROW(check({{"boosting", "3"}, {"alg", "BBM"}, {"kernel", "rbf"}}), UsageError);
  EXPECT_NO_THROW(check({{"boosting", "3"}, {"alg", "BBM"}, {"gamma", "0.5"}}));
}

}  // namespace
}  // namespace learner
