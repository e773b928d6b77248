#include "learner/learners/struct_svm/struct_hinge.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace learner {
namespace {

TEST(StructHinge, GoldenValues) {
  const std::vector<double> s = {1.0, 2.0, 0.5};
  // Truth 0, costs (0, 0.5, 2): k=1 gives 0.5 + 2 - 1 = 1.5, k=2 gives 2 + 0.5 - 1 = 1.5:
  // a tie between mistakes goes to the lower index.
  HingeResult r = loss_augmented_max(s, 0, std::vector<double>{0.0, 0.5, 2.0});
  EXPECT_EQ(r.argmax, 1u);
  EXPECT_DOUBLE_EQ(r.value, 1.5);
  // Truth 1 with zero costs: no other class beats it, h = 0, argmax the truth.
  r = loss_augmented_max(s, 1, std::vector<double>{0.0, 0.0, 0.0});
  EXPECT_EQ(r.argmax, 1u);
  EXPECT_EQ(r.value, 0.0);
  // Truth 1, costs 1: k=0 gives 1 + 1 - 2 = 0 and ties with the truth: the truth wins.
  r = loss_augmented_max(s, 1, std::vector<double>{1.0, 0.0, 0.4});
  EXPECT_EQ(r.argmax, 1u);
  EXPECT_EQ(r.value, 0.0);
  EXPECT_EQ(predict_class(s), 1u);
  EXPECT_EQ(predict_class(std::vector<double>{3.0, 3.0, 1.0}), 0u);
}

TEST(StructHinge, ClassCostsFollowTheFactors) {
  const CostFactors f(FactorKind::kOrdered, 3);
  std::vector<double> v(f.size());
  for (uint32_t s = 0; s < f.size(); ++s) v[s] = 0.1 * (s + 1);
  std::vector<double> c(3);
  class_costs(f, v, 2.0, 1, c);
  EXPECT_DOUBLE_EQ(c[0], 2.0 * v[f.index(1, 0)]);
  EXPECT_EQ(c[1], 0.0);
  EXPECT_DOUBLE_EQ(c[2], 2.0 * v[f.index(1, 2)]);
  const CostFactors u(FactorKind::kUnordered, 3);
  class_costs(u, std::vector<double>{0.2, 0.3, 0.5}, 1.0, 2, c);
  EXPECT_EQ(c, (std::vector<double>{0.3, 0.5, 0.0}));  // S_{0,2} and S_{1,2}
}

TEST(StructHinge, MatchesBruteForce) {
  std::mt19937 rng(17);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> cost(0.0, 2.0);
  for (int c = 0; c < 2000; ++c) {
    const uint32_t k = 1 + c % 7, y = c % k;
    std::vector<double> s(k), cs(k);
    for (uint32_t j = 0; j < k; ++j) {
      s[j] = std::round(4 * normal(rng)) / 4;  // coarse, so that ties happen
      cs[j] = j == y ? 0.0 : std::round(4 * cost(rng)) / 4;
    }
    const HingeResult r = loss_augmented_max(s, y, cs);
    double best = 0.0;
    for (uint32_t j = 0; j < k; ++j) best = std::max(best, cs[j] + s[j] - s[y]);
    EXPECT_EQ(r.value, best);
    EXPECT_EQ(cs[r.argmax] + s[r.argmax] - s[y], best);
    if (best == 0.0) {
      EXPECT_EQ(r.argmax, y);  // the truth wins ties
    } else {
      for (uint32_t j = 0; j < r.argmax; ++j) {  // the lowest index among tied mistakes
        if (j != y) {
          EXPECT_LT(cs[j] + s[j] - s[y], best);
        }
      }
    }
  }
}

// Objective 1 for one example with v fixed, as a function of its parameters:
// K classes, d features, w[k d + j] (class k's copy of x), biases b_k, cost
// weights v over unordered factors; s_k = w_k.x + b_k.
struct OneExample {
  CostFactors factors;
  std::vector<double> x;
  uint32_t y;
  double scale;
  std::vector<double> scores(const std::vector<double>& w, const std::vector<double>& b) const {
    const std::size_t d = x.size();
    std::vector<double> s(b);
    for (std::size_t k = 0; k < s.size(); ++k)
      for (std::size_t j = 0; j < d; ++j) s[k] += w[k * d + j] * x[j];
    return s;
  }
  HingeResult hinge(const std::vector<double>& w, const std::vector<double>& b, const std::vector<double>& v) const {
    std::vector<double> c(factors.classes());
    class_costs(factors, v, scale, y, c);
    return loss_augmented_max(scores(w, b), y, c);
  }
};

TEST(StructHinge, SubgradientMatchesFiniteDifferences) {
  std::mt19937 rng(23);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double eps = 1e-6;
  int checked = 0;
  for (int c = 0; c < 500; ++c) {
    const uint32_t k = 2 + c % 5, d = 1 + c % 4;
    OneExample e{CostFactors(c % 2 ? FactorKind::kOrdered : FactorKind::kUnordered, k), {}, c % k, 0.5 + unit(rng)};
    for (uint32_t j = 0; j < d; ++j) e.x.push_back(normal(rng));
    std::vector<double> w(k * d), b(k), v(e.factors.size());
    for (double& t : w) t = normal(rng);
    for (double& t : b) t = 0.5 * normal(rng);
    for (double& t : v) t = unit(rng);
    // Skip points within 1e-4 of a kink (a tie in the augmented max).
    const std::vector<double> s = e.scores(w, b);
    std::vector<double> cs(k);
    class_costs(e.factors, v, e.scale, e.y, cs);
    const HingeResult r = loss_augmented_max(s, e.y, cs);
    bool near_tie = false;
    for (uint32_t q = 0; q < k; ++q)
      if (q != r.argmax && r.value - (cs[q] + s[q] - s[e.y]) < 1e-4) near_tie = true;
    if (near_tie) continue;
    ++checked;

    std::vector<double> gs(k);
    hinge_score_subgradient(r, e.y, gs);
    // Scores directly.
    for (uint32_t q = 0; q < k; ++q) {
      auto plus = s, minus = s;
      plus[q] += eps;
      minus[q] -= eps;
      const double fd = (loss_augmented_max(plus, e.y, cs).value - loss_augmented_max(minus, e.y, cs).value) / (2 * eps);
      EXPECT_NEAR(gs[q], fd, 1e-6) << "score " << q;
    }
    // Through the scores: dh/dw_{q,j} = gs_q x_j, dh/db_q = gs_q.
    for (uint32_t q = 0; q < k; ++q) {
      for (uint32_t j = 0; j < d; ++j) {
        auto plus = w, minus = w;
        plus[q * d + j] += eps;
        minus[q * d + j] -= eps;
        const double fd = (e.hinge(plus, b, v).value - e.hinge(minus, b, v).value) / (2 * eps);
        EXPECT_NEAR(gs[q] * e.x[j], fd, 1e-6) << "w " << q << "," << j;
      }
      auto plus = b, minus = b;
      plus[q] += eps;
      minus[q] -= eps;
      EXPECT_NEAR(gs[q], (e.hinge(w, plus, v).value - e.hinge(w, minus, v).value) / (2 * eps), 1e-6) << "b " << q;
    }
    // The cost weights: dh/dv_S = K [S = S(y, k*)].
    const uint32_t hit = e.factors.index(e.y, r.argmax);
    for (uint32_t f = 0; f < v.size(); ++f) {
      auto plus = v, minus = v;
      plus[f] += eps;
      minus[f] -= eps;
      const double fd = (e.hinge(w, b, plus).value - e.hinge(w, b, minus).value) / (2 * eps);
      EXPECT_NEAR(f == hit ? e.scale : 0.0, fd, 1e-6) << "v " << f;
    }
    if (testing::Test::HasFailure()) {
      ADD_FAILURE() << "case " << c;
      return;
    }
  }
  EXPECT_GE(checked, 400);
}

TEST(StructHinge, SubgradientIsZeroWhenTheTruthWins) {
  std::vector<double> g(3, 7.0);
  hinge_score_subgradient(HingeResult{2, 0.0}, 2, g);
  EXPECT_EQ(g, (std::vector<double>{0, 0, 0}));
  hinge_score_subgradient(HingeResult{0, 1.0}, 2, g);
  EXPECT_EQ(g, (std::vector<double>{1, 0, -1}));
}

}  // namespace
}  // namespace learner
