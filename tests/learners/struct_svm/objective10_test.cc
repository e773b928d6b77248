#include "src/learners/struct_svm/objective10.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "learner/learners/struct_svm/struct_hinge.h"
#include "learner/error.h"

namespace learner {
namespace {

TEST(Objective10, ClosedFormGoldenValues) {
  // v_S = max(0, 1 - m_S / n_S); n_S = 0 gives 0.
  const std::vector<double> m = {0, 1, 4, 6, 2, 0}, n = {5, 4, 4, 3, 0, 0};
  EXPECT_EQ(objective10_closed_form(m, n), (std::vector<double>{1.0, 0.75, 0.0, 0.0, 0.0, 0.0}));
}

TEST(Objective10, ClosedFormMinimisesTheCostTerms) {
  // J at the closed form is below J at every other v >= 0 tried.
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> count(0.0, 10.0), value(0.0, 2.0);
  for (int c = 0; c < 200; ++c) {
    std::vector<double> m(6), n(6);
    for (int s = 0; s < 6; ++s) {
      m[s] = count(rng);
      n[s] = s == 5 ? 0.0 : count(rng);
    }
    const auto v = objective10_closed_form(m, n);
    const double best = objective10_cost_terms(v, m, n, 2.0);
    for (int t = 0; t < 50; ++t) {
      std::vector<double> w(6);
      for (double& x : w) x = value(rng);
      EXPECT_LE(best, objective10_cost_terms(w, m, n, 2.0) + 1e-12);
    }
  }
}

TEST(Objective10, ProjectedGradientAgreesWithTheClosedForm) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> count(0.0, 20.0), normaliser(0.5, 20.0), scale(0.1, 10.0);
  for (int c = 0; c < 500; ++c) {
    const int size = 1 + c % 10;
    std::vector<double> m(size), n(size);
    for (int s = 0; s < size; ++s) {
      m[s] = c % 3 == 0 ? std::floor(count(rng)) : count(rng);
      n[s] = normaliser(rng);
    }
    if (c % 5 == 0) n[0] = 0.0, m[0] = 1.0;  // n_S = 0 with mistakes: both give 0
    const double k = scale(rng);
    const auto closed = objective10_closed_form(m, n);
    const auto pg = objective10_projected_gradient(m, n, k);
    for (int s = 0; s < size; ++s) EXPECT_NEAR(pg[s], closed[s], 1e-6) << "case " << c << " factor " << s;
    EXPECT_NEAR(objective10_cost_terms(pg, m, n, k), objective10_cost_terms(closed, m, n, k), 1e-9 * k * 400);
  }
}

TEST(Objective10, Property9MoreMistakesThanExpectedCostNothing) {
  // Three classes, unordered factors, normalisers "expected" from label
  // counts (6, 3, 1): n = (3.6, 1.2, 0.6) for S_{0,1}, S_{0,2}, S_{1,2}.
  const CostFactors f(FactorKind::kUnordered, 3);
  const auto n = normalisers(f, CostNorm::kExpected, std::vector<double>{6, 3, 1});
  // Loss-augmented argmaxes: 2 mistakes in S_{0,1} (< 3.6), 2 in S_{0,2}
  // (> 1.2), 1 in S_{1,2} (> 0.6), the rest correct.
  const std::vector<uint32_t> truth = {0, 0, 0, 0, 1, 1, 1, 2, 0, 2};
  const std::vector<uint32_t> argmax = {0, 1, 2, 0, 0, 1, 1, 0, 0, 1};
  const auto m = mistake_counts(f, truth, argmax);
  EXPECT_EQ(m, (std::vector<double>{2, 2, 1}));
  for (const auto& v : {objective10_closed_form(m, n), objective10_projected_gradient(m, n, 1.0)}) {
    EXPECT_NEAR(v[0], 1.0 - 2.0 / 3.6, 1e-9);
    EXPECT_EQ(v[1], 0.0);  // |S_M| > n_S: v_S = 0 exactly
    EXPECT_EQ(v[2], 0.0);
  }
}

TEST(Objective10, WeightedMistakeCounts) {
  const CostFactors f(FactorKind::kOrdered, 3);
  const std::vector<uint32_t> truth = {0, 0, 2, 1}, argmax = {1, 1, 0, 1};
  const std::vector<double> w = {0.5, 2.0, 3.0, 7.0};
  const auto m = mistake_counts(f, truth, argmax, w);
  EXPECT_EQ(m[f.index(0, 1)], 2.5);
  EXPECT_EQ(m[f.index(2, 0)], 3.0);
  EXPECT_EQ(std::count(m.begin(), m.end(), 0.0), 4);
  EXPECT_THROW(mistake_counts(f, truth, std::vector<uint32_t>{1, 1, 3, 1}), Error);
  EXPECT_THROW(mistake_counts(f, truth, argmax, std::vector<double>{1.0}), Error);
}

// The full v-part of objective 10 with the argmaxes free to move: scores
// fixed per example, J(v) = sum_i max_k (K v_{S(y_i,k)} + s_ik - s_iy) - K v.n
// + (K/2) |v|_n^2.
struct Problem {
  CostFactors factors{FactorKind::kUnordered, 3};
  std::vector<std::vector<double>> scores;
  std::vector<uint32_t> truth;
  std::vector<double> n;
  double k = 1.0;

  double objective(const std::vector<double>& v, std::vector<uint32_t>* argmax = nullptr,
                   double* gap = nullptr) const {
    double j = 0.0;
    std::vector<double> c(factors.classes());
    if (gap) *gap = INFINITY;
    for (std::size_t i = 0; i < truth.size(); ++i) {
      class_costs(factors, v, k, truth[i], c);
      const HingeResult r = loss_augmented_max(scores[i], truth[i], c);
      j += r.value;
      if (argmax) (*argmax)[i] = r.argmax;
      if (gap)  // distance from the best to the second best augmented score
        for (uint32_t q = 0; q < c.size(); ++q)
          if (q != r.argmax) *gap = std::min(*gap, r.value - (c[q] + scores[i][q] - scores[i][truth[i]]));
    }
    for (std::size_t s = 0; s < v.size(); ++s) j += k * (-v[s] * n[s] + 0.5 * n[s] * v[s] * v[s]);
    return j;
  }
};

TEST(Objective10, AFixedPointOfTheClosedFormMinimisesTheFullObjective) {
  // Iterate v <- closed form(m(argmaxes at v)); where that reaches a fixed
  // point with unique argmaxes the objective is differentiable there with a
  // zero projected gradient, so (being convex) it is at its global minimum.
  std::mt19937 rng(5);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> value(0.0, 1.5);
  int fixed_points = 0;
  for (int c = 0; c < 300; ++c) {
    Problem p;
    const int examples = 12;
    for (int i = 0; i < examples; ++i) {
      p.truth.push_back(i % 3);
      std::vector<double> s(3);
      for (double& x : s) x = 2.0 * normal(rng);
      p.scores.push_back(s);
    }
    p.n = normalisers(p.factors, CostNorm::kLogical, std::vector<double>{4, 4, 4});
    std::vector<double> v(p.factors.size(), 1.0);
    std::vector<uint32_t> argmax(examples);
    bool fixed = false;
    double gap = 0.0;
    for (int it = 0; it < 50 && !fixed; ++it) {
      p.objective(v, &argmax, &gap);
      const auto next = objective10_closed_form(mistake_counts(p.factors, p.truth, argmax), p.n);
      fixed = next == v;
      v = next;
    }
    p.objective(v, &argmax, &gap);
    if (!fixed || gap < 1e-9) continue;
    ++fixed_points;
    const double best = p.objective(v);
    for (int t = 0; t < 200; ++t) {
      std::vector<double> w(v.size());
      for (double& x : w) x = value(rng);
      EXPECT_LE(best, p.objective(w) + 1e-12) << "case " << c;
    }
    for (std::size_t s = 0; s < v.size(); ++s)
      for (double step : {-1e-4, 1e-4}) {
        std::vector<double> w = v;
        w[s] = std::max(0.0, w[s] + step);
        EXPECT_LE(best, p.objective(w) + 1e-12) << "case " << c << " factor " << s;
      }
  }
  RecordProperty("fixed_points", fixed_points);
  EXPECT_GE(fixed_points, 100);  // most random problems have such a fixed point
}

TEST(Objective10, BadInputsAreErrors) {
  EXPECT_THROW(objective10_closed_form(std::vector<double>{1.0}, std::vector<double>{1.0, 2.0}), Error);
  EXPECT_THROW(objective10_closed_form(std::vector<double>{-1.0}, std::vector<double>{1.0}), Error);
  EXPECT_THROW(objective10_projected_gradient(std::vector<double>{1.0}, std::vector<double>{1.0}, 0.0), Error);
}

}  // namespace
}  // namespace learner
