// Shared fixture of the Gramian-loss tests (gramian_test, gramian_pairwise_test,
// gramian_weights_test, gramian_average_test, gramian_history_test): a tiny
// positives set and its options, the two-taste-groups options, start biases away
// from 0, and the checks every variant of the loss must pass (gradient = central
// finite differences of loss(); weights bounded).
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <initializer_list>
#include <vector>

#include "learner/topn/gramian.h"

namespace learner::topn::gramian_fixture {

// One positive (rated 5) per (user, item) pair.
inline std::vector<Interaction> positives(std::initializer_list<std::array<uint32_t, 2>> pairs) {
  std::vector<Interaction> rows;
  for (const auto& q : pairs) rows.push_back({q[0], q[1], 5.0f, 0.0});
  return rows;
}

// 4 users, 5 items; every user and item has a positive.
inline std::vector<Interaction> tiny_pairs() {
  return positives({{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 3}, {2, 0}, {3, 4}, {3, 2}, {0, 4}});
}

inline GramianOptions tiny_options() {
  GramianOptions o;
  o.rank = 3;
  o.passes = 5;
  o.observed = 1.5;
  o.unobserved = 0.3;
  o.learning_rate = 0.2;
  o.l2 = 0.05;
  o.bias_l2 = 0.02;
  o.init = 0.5;
  return o;
}

// The options every variant trains on test_groups::two_taste_groups() (groups.h) before
// checking that it ranks each user's own group first.
inline GramianOptions two_group_options() {
  GramianOptions o;
  o.rank = 4;
  o.passes = 20;
  o.learning_rate = 0.5;
  o.unobserved = 0.5;
  o.l2 = 0.05;
  return o;
}

// Random biases too (they start at 0).
inline void shake_biases(GramianRanker& g) {
  const unsigned k = static_cast<unsigned>(g.users().cols()) - 2;
  for (Eigen::Index u = 0; u < g.users().rows(); ++u) g.users()(u, k) = 0.1 * static_cast<double>(u) - 0.15;
  for (Eigen::Index i = 0; i < g.items().rows(); ++i) g.items()(i, k + 1) = 0.3 - 0.07 * static_cast<double>(i);
}

// gradient() against central differences of loss() in every coordinate; the
// fixed 1s (users' last column, items' one before it) have none.
inline void expect_gradient_matches_finite_differences(GramianRanker& g) {
  GramianRanker::Rows gu, gi;
  g.gradient(gu, gi);
  const double h = 1e-6;
  auto check = [&](GramianRanker::Rows& w, const GramianRanker::Rows& grad, Eigen::Index constant) {
    for (Eigen::Index r = 0; r < w.rows(); ++r)
      for (Eigen::Index j = 0; j < w.cols(); ++j) {
        if (j == constant) {  // the fixed 1: no gradient
          EXPECT_EQ(grad(r, j), 0.0);
          continue;
        }
        const double keep = w(r, j);
        w(r, j) = keep + h;
        const double up = g.loss();
        w(r, j) = keep - h;
        const double down = g.loss();
        w(r, j) = keep;
        EXPECT_NEAR(grad(r, j), (up - down) / (2 * h), 1e-6) << "row " << r << " column " << j;
      }
  };
  const Eigen::Index k = g.users().cols() - 2;
  check(g.users(), gu, k + 1);
  check(g.items(), gi, k);
}

// No weight beyond 1e30 (nor a non-finite one, which compares false).
inline void expect_weights_bounded(GramianRanker& g) {
  for (const auto* w : {&g.users(), &g.items()})
    for (Eigen::Index r = 0; r < w->rows(); ++r)
      for (Eigen::Index j = 0; j < w->cols(); ++j) EXPECT_LE(std::fabs((*w)(r, j)), 1e30);
}

}  // namespace learner::topn::gramian_fixture
