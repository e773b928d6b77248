// Averaged weights (lazy sums) against a slow reference: the
// explicit mean of the weight sequence w_1..w_T, read through probes.
#include <gtest/gtest.h>

#include <cmath>

#include "src/learners/linear/passive_aggressive.h"
#include "src/learners/linear/perceptron.h"
#include "learners/perceptrons/fixtures.h"

namespace learner {
namespace {

const Example kAveragedEx;

// Probe (h, i): x = {1 at h}, part {i}; its prediction is the weight of
// feature h in sub-model i.
struct Probe {
  std::vector<Feature> x;
  Part part;
};

std::vector<Probe> probes(int d, uint32_t k) {
  std::vector<Probe> out;
  for (uint32_t i = 0; i < k; ++i) {
    for (int h = 0; h < d; ++h) out.push_back({{{1.0f, static_cast<uint32_t>(h)}}, {i, 1.0}});
    out.push_back({{{1.0f, kConstantIndex}}, {i, 1.0}});
  }
  return out;
}

std::vector<double> read(LinearLearner& l, const std::vector<Probe>& ps) {
  std::vector<double> w;
  for (const Probe& p : ps) w.push_back(l.predict(kAveragedEx, p.x, Parts(&p.part, 1)));
  return w;
}

// Trains `l` one-against-all style (K single-part calls per example) or
// MIRA style (one two-part call), checking after every learn() call that
// the averaged view equals the mean of the weight snapshots so far.
void check_average(LinearLearner& l, const test::Data& d, int dims, uint32_t k, bool mira, int passes) {
  const std::vector<Probe> ps = probes(dims, k);
  std::vector<double> sum(ps.size(), 0.0);
  double steps = 0;
  auto step_done = [&] {
    const std::vector<double> w = read(l, ps);
    for (std::size_t i = 0; i < w.size(); ++i) sum[i] += w[i];
    ++steps;
    l.predict_with_average(true);
    const std::vector<double> avg = read(l, ps);
    l.predict_with_average(false);
    for (std::size_t i = 0; i < avg.size(); ++i)
      ASSERT_NEAR(avg[i], sum[i] / steps, 1e-5 * (1.0 + std::fabs(avg[i]))) << "probe " << i << " step " << steps;
  };
  for (int pass = 0; pass < passes; ++pass) {
    for (std::size_t e = 0; e < d.x.size(); ++e) {
      const auto label = static_cast<uint32_t>(d.y[e]);
      if (mira) {
        std::vector<double> scores(k);
        std::vector<Part> all;
        for (uint32_t c = 0; c < k; ++c) all.push_back({c, 1.0});
        l.predict_each(kAveragedEx, d.x[e], all, scores.data());
        uint32_t best = 0;
        for (uint32_t c = 1; c < k; ++c)
          if (scores[c] > scores[best]) best = c;
        const Part parts[2] = {{label, 1.0}, {best, -1.0}};
        const double p = l.predict(kAveragedEx, d.x[e], parts);
        l.learn(kAveragedEx, d.x[e], parts, p, best == label ? 0.0 : 1.0, 1.0);
        step_done();
      } else {
        for (uint32_t c = 0; c < k; ++c) {
          const Part part[1] = {{c, 1.0}};
          const double p = l.predict(kAveragedEx, d.x[e], part);
          l.learn(kAveragedEx, d.x[e], part, p, c == label ? 1.0 : -1.0, 1.0);
          step_done();
        }
      }
    }
  }
}

TEST(Averaged, PerceptronAverageEqualsMeanOfWeightSequence) {
  const test::Data d = test::blobs(40, 4, 3, 0.8, 11);
  auto l = make_perceptron({.bits = 12, .sub_models = 3, .averaged = true});
  check_average(*l, d, 4, 3, false, 3);
  EXPECT_GT(l->updates(), 0u);
}

TEST(Averaged, PassiveAggressiveAverageEqualsMeanOfWeightSequence) {
  const test::Data d = test::blobs(40, 4, 3, 0.8, 12);
  auto l = make_passive_aggressive({.bits = 12, .sub_models = 3});
  ASSERT_TRUE(l->averaged());
  check_average(*l, d, 4, 3, true, 3);
  EXPECT_GT(l->updates(), 0u);
}

TEST(Averaged, OnlyTheSwitchSelectsTheAverage) {
  auto l = make_perceptron({.bits = 8, .averaged = true});
  const std::vector<Feature> x = {{1.0f, 1}};
  l->learn(kAveragedEx, x, kSinglePart, 0.0, 1.0, 1.0);  // w_1 = 1
  l->learn(kAveragedEx, x, kSinglePart, 1.0, 1.0, 1.0);  // correct: w_2 = 1
  l->learn(kAveragedEx, {{1.0f, 2}}, kSinglePart, 0.0, 1.0, 1.0);  // w_3 adds feature 2
  EXPECT_DOUBLE_EQ(l->predict(kAveragedEx, {{1.0f, 2}}, kSinglePart), 1.0);
  l->predict_with_average(true);
  EXPECT_NEAR(l->predict(kAveragedEx, {{1.0f, 2}}, kSinglePart), 1.0 / 3.0, 1e-7);
  EXPECT_NEAR(l->predict(kAveragedEx, x, kSinglePart), 1.0, 1e-7);
  // A non-averaged learner ignores the switch.
  auto plain = make_perceptron({.bits = 8});
  plain->learn(kAveragedEx, x, kSinglePart, 0.0, 1.0, 1.0);
  plain->predict_with_average(true);
  EXPECT_DOUBLE_EQ(plain->predict(kAveragedEx, x, kSinglePart), 1.0);
}

TEST(Averaged, LearnUsesCurrentWeightsEvenWhenPredictingWithTheAverage) {
  auto a = make_perceptron({.bits = 8, .averaged = true});
  auto b = make_perceptron({.bits = 8, .averaged = true});
  const test::Data d = test::blobs(30, 3, 2, 1.0, 5);
  a->predict_with_average(true);
  for (std::size_t e = 0; e < d.x.size(); ++e) {
    const double y = d.y[e] > 0 ? 1.0 : -1.0;
    a->learn(kAveragedEx, d.x[e], kSinglePart, a->predict(kAveragedEx, d.x[e], kSinglePart), y, 1.0);
    b->learn(kAveragedEx, d.x[e], kSinglePart, b->predict(kAveragedEx, d.x[e], kSinglePart), y, 1.0);
  }
  EXPECT_EQ(a->updates(), b->updates());
  EXPECT_EQ(test::text_of(*a), test::text_of(*b));
}

}  // namespace
}  // namespace learner
