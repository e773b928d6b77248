#include "learner/learners/struct_svm/struct_svm_driver.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <numeric>
#include <random>
#include <string>

#include "learner/learners/struct_svm/struct_svm.h"
#include "learner/error.h"
#include "learners/perceptrons/fixtures.h"

namespace learner {
namespace {

const Example kDriverEx;

double train_and_score(StructSvmDriver& driver, const test::Data& d, std::size_t from, std::size_t to, int passes) {
  for (int p = 0; p < passes; ++p) {
    for (std::size_t e = from; e < to; ++e) driver.learn(kDriverEx, d.x[e], static_cast<uint32_t>(d.y[e]), 1.0);
    driver.end_pass();
  }
  int correct = 0;
  for (std::size_t e = from; e < to; ++e) correct += driver.predict(kDriverEx, d.x[e]) == static_cast<uint32_t>(d.y[e]);
  return static_cast<double>(correct) / static_cast<double>(to - from);
}

TEST(StructSvmDriver, EveryCostModeLearnsWellSeparatedClasses) {
  const uint32_t k = 4;
  const test::Data d = test::blobs(240, 3, k, 0.1, 5);
  std::vector<double> counts(k, 0.0);
  for (double y : d.y) counts[static_cast<std::size_t>(y)] += 1;
  for (CostLearning mode : {CostLearning::kFixed, CostLearning::kObjective1, CostLearning::kObjective10,
                            CostLearning::kObjective10Gradient, CostLearning::kKappaCosine}) {
    SCOPED_TRACE(std::string(to_string(mode)));
    auto svm = make_struct_svm({.bits = 12, .classes = k});
    CostWeights costs({.classes = k, .learning = mode, .norm = CostNorm::kExpected});
    costs.set_label_counts(counts);
    StructSvmDriver driver(*svm, costs);
    EXPECT_GE(train_and_score(driver, d, 0, d.x.size(), 10), 0.99);
    for (double v : costs.v()) {
      EXPECT_TRUE(std::isfinite(v));
      EXPECT_GE(v, 0.0);
    }
    if (mode == CostLearning::kObjective1 || mode == CostLearning::kKappaCosine) {
      EXPECT_NEAR(std::accumulate(costs.v().begin(), costs.v().end(), 0.0), 1.0, 1e-9);
    }
  }
}

TEST(StructSvmDriver, OneExampleFollowsTheProtocol) {
  auto svm = make_struct_svm({.bits = 10, .classes = 3, .rate = 0.5});
  CostWeights costs({.classes = 3, .learning = CostLearning::kObjective10, .norm = CostNorm::kNone});
  costs.set_label_counts(std::vector<double>{1, 1, 1});
  StructSvmDriver driver(*svm, costs);
  const std::vector<Feature> x = {{1.0f, 7}};
  // All scores 0: every mistake's augmented score is K v = 1; the lowest, class 0, wins.
  const StructSvmOutcome out = driver.learn(kDriverEx, x, 2, 1.0);
  EXPECT_EQ(out.predicted, 0u);
  EXPECT_EQ(out.augmented.argmax, 0u);
  EXPECT_EQ(out.augmented.value, 1.0);
  EXPECT_EQ(costs.mistakes()[costs.factors().index(2, 0)], 1.0);
  EXPECT_EQ(driver.predict(kDriverEx, x), 2u);  // the step moved class 2 up and class 0 down
  EXPECT_THROW(driver.learn(kDriverEx, x, 3, 1.0), Error);
}

// Three discs of radius 0.9 centred on a circle of radius 1.2 (gaps of
// about 0.28 between them): separable, but only just.
test::Data discs(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  test::Data d;
  const double pi = std::acos(-1.0);
  while (static_cast<int>(d.x.size()) < n) {
    const int c = static_cast<int>(d.x.size()) % 3;
    const double a = unit(rng), b = unit(rng);
    if (a * a + b * b > 1.0) continue;
    d.x.push_back(test::dense({1.2 * std::cos(2 * pi * c / 3) + 0.9 * a, 1.2 * std::sin(2 * pi * c / 3) + 0.9 * b}));
    d.y.push_back(c);
  }
  return d;
}

// liblinear's Crammer-Singer solver (-s 4) on the same small separable set:
// with uniform costs the structured SVM is that model, so the decisions on
// held-out points agree.
TEST(StructSvmDriver, AgreesWithLiblinearCrammerSinger) {
  if (std::system("command -v liblinear-train >/dev/null 2>&1") != 0) GTEST_SKIP() << "liblinear-train not installed";
  const uint32_t k = 3;
  const test::Data d = discs(1200, 9);
  const std::size_t split = 300;  // 300 to train, 900 held out
  const std::string train = test::temp_path("cs_train.txt"), heldout = test::temp_path("cs_test.txt"),
                    model = test::temp_path("cs.model"), out = test::temp_path("cs.out");
  auto write = [&](const std::string& path, std::size_t from, std::size_t to) {
    std::ofstream f(path);
    for (std::size_t e = from; e < to; ++e) {
      f << d.y[e] + 1;
      for (const Feature& feature : d.x[e])
        if (feature.index != kConstantIndex) f << ' ' << feature.index + 1 << ':' << feature.value;
      f << '\n';
    }
  };
  write(train, 0, split);
  write(heldout, split, d.x.size());
  const std::string cmd = "liblinear-train -q -s 4 -c 1 -B 1 " + train + " " + model + " >/dev/null && liblinear-predict " +
                          heldout + " " + model + " " + out + " >/dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;

  auto svm = make_struct_svm({.bits = 12, .classes = k, .rate = 0.5, .l2 = 1e-3});
  CostWeights costs({.classes = k, .learning = CostLearning::kFixed});
  StructSvmDriver driver(*svm, costs);
  EXPECT_EQ(train_and_score(driver, d, 0, split, 20), 1.0);  // separable: every training point right
  std::ifstream predictions(out);
  int agree = 0, theirs_right = 0, ours_right = 0;
  for (std::size_t e = split; e < d.x.size(); ++e) {
    int theirs = 0;
    ASSERT_TRUE(predictions >> theirs);
    const uint32_t ours = driver.predict(kDriverEx, d.x[e]);
    agree += static_cast<int>(ours) + 1 == theirs;
    theirs_right += theirs == d.y[e] + 1;
    ours_right += ours == d.y[e];
  }
  const int n = static_cast<int>(d.x.size() - split);
  RecordProperty("agreement", agree);
  EXPECT_GE(agree, n * 99 / 100) << "liblinear right " << theirs_right << ", ours " << ours_right << " of " << n;
  EXPECT_GE(ours_right, n * 99 / 100);
  for (const auto& p : {train, heldout, model, out}) std::remove(p.c_str());
}

}  // namespace
}  // namespace learner
