#include "src/learners/struct_svm/kappa_cosine.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "learner/learners/struct_svm/cost_weights.h"
#include "learner/error.h"

namespace learner {
namespace {

double cosine(const std::vector<double>& v, const std::vector<double>& d) {
  double dot = 0.0, vv = 0.0, dd = 0.0;
  for (std::size_t s = 0; s < v.size(); ++s) {
    dot += v[s] * d[s];
    vv += v[s] * v[s];
    dd += d[s] * d[s];
  }
  return dot / std::sqrt(vv * dd);
}

TEST(KappaCosine, DifficultyGoldenValues) {
  // 10 examples: truths (5, 5), predictions (6, 4); 1 truth-0-predicted-1, 3 truth-1-predicted-0.
  const std::vector<double> truth = {5, 5}, predicted = {6, 4};
  // Unordered S_{1,2}: P_S = 0.4, base = 0.5 * 0.4 + 0.5 * 0.6 = 0.5, D = (0.4 - 0.5) / 0.5.
  const auto du = kappa_difficulty(CostFactors(FactorKind::kUnordered, 2), truth, predicted, std::vector<double>{4});
  ASSERT_EQ(du.size(), 1u);
  EXPECT_NEAR(du[0], -0.2, 1e-15);
  // Ordered 1->2: P = 0.1, base 0.5 * 0.4 = 0.2, D = -0.1 / 0.8; 2->1: P = 0.3, base 0.3, D = 0.
  const auto d_o = kappa_difficulty(CostFactors(FactorKind::kOrdered, 2), truth, predicted, std::vector<double>{1, 3});
  EXPECT_NEAR(d_o[0], -0.125, 1e-15);
  EXPECT_NEAR(d_o[1], 0.0, 1e-15);
  // No examples: D = 0.
  EXPECT_EQ(kappa_difficulty(CostFactors(FactorKind::kOrdered, 2), std::vector<double>{0, 0},
                             std::vector<double>{0, 0}, std::vector<double>{0, 0}),
            (std::vector<double>{0, 0}));
  EXPECT_THROW(kappa_difficulty(CostFactors(FactorKind::kOrdered, 2), truth, predicted, std::vector<double>{1}), Error);
}

TEST(KappaCosine, GoldenMinimisers) {
  std::vector<double> v(3, 1.0 / 3);
  min_cosine_on_simplex(std::vector<double>{0.2, -0.1, -0.3}, v);
  EXPECT_EQ(v[0], 0.0);
  EXPECT_NEAR(v[1], 0.25, 1e-15);
  EXPECT_NEAR(v[2], 0.75, 1e-15);
  min_cosine_on_simplex(std::vector<double>{0.2, 0.0, 0.0}, v);
  EXPECT_EQ(v, (std::vector<double>{0.0, 0.5, 0.5}));
  min_cosine_on_simplex(std::vector<double>{0.2, 0.05, 0.3}, v);
  EXPECT_EQ(v, (std::vector<double>{0.0, 1.0, 0.0}));
  min_cosine_on_simplex(std::vector<double>{0.0, 0.0, 0.0}, v);  // undefined: unchanged
  EXPECT_EQ(v, (std::vector<double>{0.0, 1.0, 0.0}));
}

TEST(KappaCosine, NoPointOfTheSimplexHasASmallerCosine) {
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), positive(0.0, 1.0);
  std::exponential_distribution<double> gamma1(1.0);
  for (int c = 0; c < 500; ++c) {
    const int n = 1 + c % 6;
    std::vector<double> d(n);
    for (double& x : d) {
      switch (c % 3) {
        case 0: x = unit(rng); break;
        case 1: x = positive(rng) + 1e-3; break;            // all positive
        default: x = std::round(2 * unit(rng)) / 2;         // zeros and ties
      }
    }
    bool all_zero = true;
    for (double x : d) all_zero = all_zero && x == 0.0;
    if (all_zero) continue;
    std::vector<double> v(n, 1.0 / n);
    min_cosine_on_simplex(d, v);
    double sum = 0.0;
    for (double x : v) {
      EXPECT_GE(x, 0.0);
      sum += x;
    }
    EXPECT_NEAR(sum, 1.0, 1e-12);
    const double best = cosine(v, d);
    for (int t = 0; t < 300; ++t) {  // uniform points of the simplex, and its vertices
      std::vector<double> w(n);
      double total = 0.0;
      for (double& x : w) total += x = gamma1(rng);
      for (double& x : w) x /= total;
      if (t < n) {
        std::fill(w.begin(), w.end(), 0.0);
        w[t] = 1.0;
      }
      ASSERT_LE(best, cosine(w, d) + 1e-12) << "case " << c;
    }
  }
}

TEST(KappaCosine, CostWeightsLearnItPerPass) {
  CostWeights c({.classes = 3, .learning = CostLearning::kKappaCosine});
  EXPECT_EQ(c.v()[0], 1.0 / 3);
  EXPECT_THROW(c.observe(0, 1, 1.0), Error);  // the prediction is needed
  // Class 0 is always predicted as 1, far more often than chance
  // (P_S = 0.2 against a base rate 0.2 * 0.4 = 0.08); the rest is right.
  const std::vector<uint32_t> truth = {0, 0, 1, 1, 2, 2, 2, 2, 2, 2}, predicted = {1, 1, 1, 1, 2, 2, 2, 2, 2, 2};
  std::vector<double> tc(3, 0.0), pc(3, 0.0), pair(3, 0.0);
  for (std::size_t i = 0; i < truth.size(); ++i) {
    c.observe(truth[i], predicted[i], 1.0, predicted[i]);
    tc[truth[i]] += 1;
    pc[predicted[i]] += 1;
    if (truth[i] != predicted[i]) pair[c.factors().index(truth[i], predicted[i])] += 1;
  }
  EXPECT_EQ(c.v()[0], 1.0 / 3);  // constant within the pass
  c.end_pass();
  const auto d = kappa_difficulty(c.factors(), tc, pc, pair);
  std::vector<double> want(3, 1.0 / 3);
  min_cosine_on_simplex(d, want);
  EXPECT_EQ(std::vector<double>(c.v().begin(), c.v().end()), want);
  EXPECT_EQ(std::vector<double>(c.difficulty().begin(), c.difficulty().end()), d);
  EXPECT_NEAR(d[c.factors().index(0, 1)], 0.12 / 0.92, 1e-15);  // more often than chance
  EXPECT_EQ(c.v()[c.factors().index(0, 1)], 0.0);                // so it costs nothing
  EXPECT_GT(c.v()[c.factors().index(1, 2)], c.v()[c.factors().index(0, 2)]);  // the least likely mistake costs most
}

}  // namespace
}  // namespace learner
