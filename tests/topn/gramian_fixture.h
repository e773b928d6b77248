// Shared fixture of the Gramian-loss tests (gramian_test, gramian_pairwise_test,
// gramian_weights_test, gramian_average_test, gramian_history_test): a tiny
// positives set and its options, the two-taste-groups options, start biases away
// from 0, and the checks every variant of the loss must pass (gradient = central
// finite differences of loss(); weights bounded, also when training diverges).
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

// The history rows z_j away from their start at 0: uniform in [-0.3, 0.3), seeded.
inline void shake_history_rows(GramianRanker& g, uint64_t seed) {
  SplitMix rng(seed);
  for (Eigen::Index j = 0; j < g.history().rows(); ++j)
    for (Eigen::Index c = 0; c < g.history().cols(); ++c) g.history()(j, c) = 0.6 * rng.uniform() - 0.3;
}

// tiny_options()'s item L2 terms of L written out (rank 3, 4 users, 5 items; n_item: each
// item's positives): l2 (n_i + alpha0 U)^1 times |y_i|^2 + |z_i|^2 (z empty without a history),
// and the item bias's L2.
inline double tiny_item_l2_terms(GramianRanker& g, const std::vector<double>& n_item) {
  double l = 0.0;
  for (Eigen::Index i = 0; i < 5; ++i) {
    const double w = 0.05 * (n_item[static_cast<std::size_t>(i)] + 0.3 * 4);
    l += w * g.items().row(i).head(3).squaredNorm();
    if (g.history().rows() > 0) l += w * g.history().row(i).squaredNorm();
    l += 0.02 * g.items()(i, 4) * g.items()(i, 4);
  }
  return l;
}

// grad's columns [first, last) of every row against central differences of
// loss() when the same coordinates of w (a block of g's weights) move.
inline void expect_columns_match_finite_differences(GramianRanker& g, GramianRanker::Rows& w,
                                                    const GramianRanker::Rows& grad, Eigen::Index first,
                                                    Eigen::Index last, const char* what = "row") {
  const double h = 1e-6;
  for (Eigen::Index r = 0; r < w.rows(); ++r)
    for (Eigen::Index j = first; j < last; ++j) {
      const double keep = w(r, j);
      w(r, j) = keep + h;
      const double up = g.loss();
      w(r, j) = keep - h;
      const double down = g.loss();
      w(r, j) = keep;
      EXPECT_NEAR(grad(r, j), (up - down) / (2 * h), 1e-6) << what << " " << r << " column " << j;
    }
}

// gradient() against central differences of loss() in every coordinate; the
// fixed 1s (users' last column, items' one before it) have none.
inline void expect_gradient_matches_finite_differences(GramianRanker& g) {
  GramianRanker::Rows gu, gi;
  g.gradient(gu, gi);
  const Eigen::Index k = g.users().cols() - 2;
  for (Eigen::Index r = 0; r < gu.rows(); ++r) EXPECT_EQ(gu(r, k + 1), 0.0) << "user " << r;  // the fixed 1
  for (Eigen::Index r = 0; r < gi.rows(); ++r) EXPECT_EQ(gi(r, k), 0.0) << "item " << r;      // the fixed 1
  expect_columns_match_finite_differences(g, g.users(), gu, 0, k + 1);
  expect_columns_match_finite_differences(g, g.items(), gi, 0, k);
  expect_columns_match_finite_differences(g, g.items(), gi, k + 1, k + 2);
}

// No weight beyond 1e30 (nor a non-finite one, which compares false): the user and
// item rows and the history rows z_j (empty without --history).
inline void expect_weights_bounded(GramianRanker& g) {
  for (const auto* w : {&g.users(), &g.items(), &g.history()})
    for (Eigen::Index r = 0; r < w->rows(); ++r)
      for (Eigen::Index j = 0; j < w->cols(); ++j) EXPECT_LE(std::fabs((*w)(r, j)), 1e30);
}

// Training far past a stable rate (rate 1000, 200 passes, starts of size 10) on
// tiny_pairs() skips steps and leaves every weight bounded, with joint and with
// alternate sweeps: the check each variant of the loss must pass, given its options.
inline void expect_diverging_training_stays_bounded(GramianOptions o) {
  o.learning_rate = 1000.0;
  o.passes = 200;
  o.init = 10.0;
  const auto rows = tiny_pairs();
  for (const bool joint : {false, true}) {
    o.joint = joint;
    GramianRanker g(o, 4, 5, rows);
    g.train();
    EXPECT_GT(g.skipped_steps(), 0u) << (joint ? "joint" : "alternate");
    expect_weights_bounded(g);
  }
}

// gradient() against central differences of loss() in every coordinate, the
// history rows z_j included (tiny_pairs(): 5 items, rank 3).
inline void expect_history_gradient_matches_finite_differences(GramianRanker& g) {
  expect_gradient_matches_finite_differences(g);  // the user and item rows
  GramianRanker::Rows gu, gi, gz;
  g.gradient(gu, gi, &gz);
  ASSERT_EQ(gz.rows(), 5);
  ASSERT_EQ(gz.cols(), 3);
  expect_columns_match_finite_differences(g, g.history(), gz, 0, 3, "z row");
}

// A variant with a history (z rows): 20 passes on tiny_pairs(), alternate and
// joint sweeps, are seeded (two runs give the same rows), lower L by 10 %, move z
// from its start at 0, refuse no step and leave every weight bounded.
inline void expect_seeded_history_training_lowers_the_loss(GramianOptions o) {
  const auto rows = tiny_pairs();
  for (const bool joint : {false, true}) {
    o.joint = joint;
    o.passes = 20;
    GramianRanker a(o, 4, 5, rows), b(o, 4, 5, rows);
    const double before = a.loss();
    a.train();
    b.train();
    EXPECT_EQ(a.users(), b.users()) << (joint ? "joint" : "alternate");
    EXPECT_EQ(a.items(), b.items());
    EXPECT_EQ(a.history(), b.history());
    EXPECT_GT(a.history().norm(), 1e-3);  // z starts at 0 and is stepped
    EXPECT_LT(a.loss(), 0.9 * before);
    EXPECT_EQ(a.skipped_steps(), 0u);
    expect_weights_bounded(a);
  }
}

}  // namespace learner::topn::gramian_fixture
