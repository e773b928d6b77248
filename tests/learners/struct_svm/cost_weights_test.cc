#include "learner/learners/struct_svm/cost_weights.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numeric>
#include <random>
#include <vector>

#include "src/learners/struct_svm/objective10.h"
#include "learner/error.h"
#include "learner/model/model_file.h"
#include "support/files.h"

namespace learner {
namespace {

std::vector<double> of(std::span<const double> s) { return {s.begin(), s.end()}; }

std::string table_of(const CostWeights& c) {
  std::FILE* f = std::tmpfile();
  c.write_table(f);
  std::rewind(f);
  std::string s;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
  std::fclose(f);
  return s;
}

TEST(CostWeights, FixedCostsAreUniformAndNeverMove) {
  CostWeights c({.classes = 3, .learning = CostLearning::kFixed, .scale = 2.0, .initial = 0.5});
  std::vector<double> costs(3);
  c.costs(1, costs);
  EXPECT_EQ(costs, (std::vector<double>{1.0, 0.0, 1.0}));
  c.observe(1, 0, 1.0);
  c.end_pass();
  EXPECT_EQ(of(c.v()), (std::vector<double>{0.5, 0.5, 0.5}));
}

TEST(CostWeights, Objective1StepThenWeightedProjection) {
  // Three factors at 1/3; a mistake in S_{1,2} (classes 0, 1): g = K = 1,
  // D = 1, u = 1/3 - 0.5 < 0. The weighted part keeps max(0, u) = 0 and the
  // free coordinates (D = 0) share the mass: (0, 1/2, 1/2).
  CostWeights c({.classes = 3, .learning = CostLearning::kObjective1, .rate = 0.5});
  EXPECT_EQ(of(c.v()), (std::vector<double>(3, 1.0 / 3)));
  c.observe(0, 1, 1.0);
  EXPECT_NEAR(c.v()[0], 0.0, 1e-15);
  EXPECT_NEAR(c.v()[1], 0.5, 1e-15);
  EXPECT_NEAR(c.v()[2], 0.5, 1e-15);
  c.observe(2, 2, 1.0);  // correct: zero gradient
  EXPECT_NEAR(c.v()[1], 0.5, 1e-15);
  EXPECT_EQ(c.mistakes()[0], 1.0);
}

TEST(CostWeights, Objective1StaysOnTheSimplexAndPaysLeastForFrequentMistakes) {
  // Mistakes in S_{1,2} ten times as often as in S_{1,3}, none in S_{2,3}.
  CostWeights c({.classes = 3, .learning = CostLearning::kObjective1, .rate = 0.05});
  std::mt19937 rng(8);
  std::uniform_int_distribution<int> pick(0, 10);
  for (int t = 0; t < 2000; ++t) {
    const int r = pick(rng);
    if (r < 10)
      c.observe(0, 1, 1.0);
    else
      c.observe(0, 2, 1.0);
    c.observe(1, 1, 1.0);
    const double sum = std::accumulate(c.v().begin(), c.v().end(), 0.0);
    ASSERT_NEAR(sum, 1.0, 1e-12);
    for (double v : c.v()) ASSERT_GE(v, 0.0);
  }
  // With the argmaxes fixed the v-part of objective 1 is linear, so its
  // minimum is a vertex: all the mass on the factor never hit. The seed's
  // property 7 (fewer mistakes, larger v) holds only weakly here.
  EXPECT_LE(c.v()[0], c.v()[1]);
  EXPECT_LT(c.v()[1], c.v()[2]);
  EXPECT_NEAR(c.v()[2], 1.0, 1e-12);
}

// A fixed stream: label counts (6, 3, 1); loss-augmented argmaxes giving
// m = (2, 3, 0) for S_{1,2}, S_{1,3}, S_{2,3}; n (expected) = (3.6, 1.2, 0.6).
const std::vector<uint32_t> kTruth = {0, 0, 0, 0, 1, 1, 1, 2, 0, 0};
const std::vector<uint32_t> kArgmax = {0, 1, 2, 0, 0, 1, 1, 0, 0, 2};
const std::vector<double> kCounts = {6, 3, 1};

TEST(CostWeights, Objective10ClosedFormPerPass) {
  CostWeights c({.classes = 3, .learning = CostLearning::kObjective10, .norm = CostNorm::kExpected});
  c.set_label_counts(kCounts);
  for (std::size_t i = 0; i < kTruth.size(); ++i) c.observe(kTruth[i], kArgmax[i], 1.0);
  EXPECT_EQ(of(c.v()), (std::vector<double>(3, 1.0)));  // constant within the pass
  EXPECT_EQ(of(c.mistakes()), (std::vector<double>{2, 3, 0}));
  c.end_pass();
  EXPECT_EQ(of(c.v()), objective10_closed_form(std::vector<double>{2, 3, 0}, of(c.normalisers())));
  EXPECT_NEAR(c.v()[0], 1.0 - 2.0 / 3.6, 1e-15);
  EXPECT_EQ(c.v()[1], 0.0);  // property 9: 3 > 1.2
  EXPECT_EQ(c.v()[2], 1.0);
  EXPECT_EQ(of(c.mistakes()), (std::vector<double>{0, 0, 0}));
}

TEST(CostWeights, Objective10GradientStepsAgreeWithTheClosedForm) {
  // With the argmaxes held fixed, the online steps minimise the same
  // objective; the average of v over the last pass approaches equation 12.
  const std::vector<double> m = {2, 3, 0};
  for (CostNorm norm : {CostNorm::kNone, CostNorm::kLogical, CostNorm::kExpected}) {
    CostWeights c({.classes = 3, .learning = CostLearning::kObjective10Gradient, .norm = norm, .rate = 0.2});
    c.set_label_counts(kCounts);
    const auto want = objective10_closed_form(m, of(c.normalisers()));
    std::vector<double> average(3, 0.0);
    for (int pass = 0; pass < 3000; ++pass)
      for (std::size_t i = 0; i < kTruth.size(); ++i) {
        c.observe(kTruth[i], kArgmax[i], 1.0);
        if (pass == 2999)
          for (int s = 0; s < 3; ++s) average[s] += c.v()[s] / kTruth.size();
      }
    for (int s = 0; s < 3; ++s) EXPECT_NEAR(average[s], want[s], 2e-3) << to_string(norm) << " factor " << s;
  }
}

TEST(CostWeights, TableAndRoundTrip) {
  CostWeightsConfig config{.factors = FactorKind::kOrdered, .classes = 2, .learning = CostLearning::kObjective10,
                           .norm = CostNorm::kLogical};
  CostWeights c(config);
  c.set_label_counts(std::vector<double>{4, 2});
  c.observe(0, 1, 1.0);
  c.observe(1, 0, 0.5);
  EXPECT_EQ(table_of(c),
            "factor                v_S        |S_M|          n_S\n"
            "1->2                    1            1            4\n"
            "2->1                    1          0.5            2\n");
  const std::string path = test::temp_path("costs_round_trip");
  {
    ModelWriter out(path, {}, "struct_svm");
    c.save(out);
    out.commit();
  }
  CostWeights d(config);
  {
    ModelReader in(path);
    d.load(in);
    in.finish();
  }
  EXPECT_EQ(table_of(c), table_of(d));
  c.end_pass();
  d.end_pass();
  EXPECT_EQ(of(c.v()), of(d.v()));
  EXPECT_EQ(of(d.v()), (std::vector<double>{0.75, 0.75}));
  CostWeights other({.factors = FactorKind::kUnordered, .classes = 2, .learning = CostLearning::kObjective10,
                     .norm = CostNorm::kLogical});
  ModelReader in(path);
  EXPECT_THROW(other.load(in), Error);
  std::remove(path.c_str());
}

TEST(CostWeights, Errors) {
  EXPECT_THROW(CostWeights({.classes = 1}), Error);
  EXPECT_THROW(CostWeights({.classes = 3, .scale = 0.0}), Error);
  EXPECT_THROW(CostWeights({.classes = 3, .rate = -1.0}), Error);
  EXPECT_THROW(CostWeights({.classes = 3, .initial = -1.0}), Error);
  CostWeights c({.classes = 3, .learning = CostLearning::kObjective10});
  EXPECT_THROW(c.observe(0, 1, 1.0), Error);  // no label counts yet
  EXPECT_THROW(parse_cost_learning("kappa"), UsageError);
  EXPECT_EQ(parse_cost_learning("objective10_gradient"), CostLearning::kObjective10Gradient);
}

}  // namespace
}  // namespace learner
