// Popularity-weighted missing data in the Gramian loss (gramian_weights.h,
// learner-topn --loss gramian --unobserved_exponent e): the weights against a
// hand-computed case, the weighted whole-catalogue term against the brute-force
// sum over every pair, the gradient the steps use against finite differences
// of the weighted L, seeded training, range checks.
#include "learner/topn/gramian_weights.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "learner/error.h"
#include "learner/topn/gramian.h"

namespace learner::topn {
namespace {

TEST(TopnGramianWeights, HandComputedWeights) {
  const std::vector<uint32_t> counts = {1, 4, 0, 9};
  // n^0.5 = 1, 2, 0, 3 (sum 6); scaled by 4 items / 6.
  const std::vector<double> w = unobserved_item_weights(counts, 0.5);
  ASSERT_EQ(w.size(), 4u);
  EXPECT_NEAR(w[0], 4.0 / 6.0, 1e-15);
  EXPECT_NEAR(w[1], 8.0 / 6.0, 1e-15);
  EXPECT_EQ(w[2], 0.0);
  EXPECT_NEAR(w[3], 2.0, 1e-15);
  for (const double x : unobserved_item_weights(counts, 0.0)) EXPECT_TRUE(x == 0.0 || std::fabs(x - 4.0 / 3.0) < 1e-15);
  EXPECT_THROW(unobserved_item_weights(counts, -2.1), UsageError);
  EXPECT_THROW(unobserved_item_weights(counts, 2.5), UsageError);
  EXPECT_THROW(unobserved_item_weights(counts, std::nan("")), UsageError);
  const std::vector<uint32_t> none = {0, 0};
  EXPECT_THROW(unobserved_item_weights(none, 1.0), Error);
}

// 4 users, 5 items with 1, 3, 2, 1, 2 positives.
std::vector<Interaction> weights_pairs() {
  const uint32_t p[][2] = {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 3}, {2, 1}, {3, 4}, {3, 2}, {0, 4}};
  std::vector<Interaction> rows;
  for (const auto& q : p) rows.push_back({q[0], q[1], 5.0f, 0.0});
  return rows;
}

GramianOptions weights_options() {
  GramianOptions o;
  o.rank = 3;
  o.passes = 5;
  o.observed = 1.5;
  o.unobserved = 0.3;
  o.learning_rate = 0.2;
  o.l2 = 0.05;
  o.l2_exponent = 0.5;
  o.bias_l2 = 0.02;
  o.init = 0.5;
  o.unobserved_exponent = 0.7;
  return o;
}

void weights_shake(GramianRanker& g) {
  const unsigned k = static_cast<unsigned>(g.users().cols()) - 2;
  for (Eigen::Index u = 0; u < g.users().rows(); ++u) g.users()(u, k) = 0.1 * static_cast<double>(u) - 0.15;
  for (Eigen::Index i = 0; i < g.items().rows(); ++i) g.items()(i, k + 1) = 0.3 - 0.07 * static_cast<double>(i);
}

TEST(TopnGramianWeights, WeightedTermIsTheWeightedSumOverEveryPair) {
  const auto rows = weights_pairs();
  GramianRanker g(weights_options(), 4, 5, rows);
  weights_shake(g);
  const std::vector<uint32_t> counts = {1, 3, 2, 1, 2};
  const std::vector<double> w = unobserved_item_weights(counts, 0.7);
  EXPECT_GT(w[1], 1.2);  // the popular item weighs more
  double brute = 0.0;
  for (uint32_t u = 0; u < 4; ++u)
    for (uint32_t i = 0; i < 5; ++i) brute += w[i] * g.score(u, i) * g.score(u, i);
  EXPECT_NEAR(g.whole_catalogue_term(), 0.3 * brute, 1e-12 * brute);
  GramianOptions uniform = weights_options();
  uniform.unobserved_exponent = 0.0;
  GramianRanker h(uniform, 4, 5, rows);
  weights_shake(h);
  EXPECT_GT(std::fabs(h.whole_catalogue_term() - g.whole_catalogue_term()), 1e-6);
}

TEST(TopnGramianWeights, GradientMatchesFiniteDifferencesOfTheWeightedLoss) {
  const auto rows = weights_pairs();
  GramianRanker g(weights_options(), 4, 5, rows);
  weights_shake(g);
  GramianRanker::Rows gu, gi;
  g.gradient(gu, gi);
  const double h = 1e-6;
  auto check = [&](GramianRanker::Rows& w, const GramianRanker::Rows& grad, Eigen::Index constant) {
    for (Eigen::Index r = 0; r < w.rows(); ++r)
      for (Eigen::Index j = 0; j < w.cols(); ++j) {
        if (j == constant) continue;
        const double keep = w(r, j);
        w(r, j) = keep + h;
        const double up = g.loss();
        w(r, j) = keep - h;
        const double down = g.loss();
        w(r, j) = keep;
        EXPECT_NEAR(grad(r, j), (up - down) / (2 * h), 1e-6) << "row " << r << " column " << j;
      }
  };
  check(g.users(), gu, 4);
  check(g.items(), gi, 3);
}

TEST(TopnGramianWeights, SeededTrainingIsReproducibleAndFinite) {
  const auto rows = weights_pairs();
  for (const bool joint : {false, true}) {
    GramianOptions o = weights_options();
    o.joint = joint;
    GramianRanker a(o, 4, 5, rows), b(o, 4, 5, rows);
    const double before = a.loss();
    a.train();
    b.train();
    EXPECT_EQ(a.users(), b.users());
    EXPECT_EQ(a.items(), b.items());
    EXPECT_EQ(a.skipped_steps(), 0u);
    EXPECT_LT(a.loss(), 0.8 * before);
    EXPECT_TRUE(a.users().allFinite() && a.items().allFinite());
  }
  GramianOptions o = weights_options();
  o.unobserved_exponent = 3.0;
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
}

}  // namespace
}  // namespace learner::topn
