// Omega_k construction and the random filter (learner/spectral/event_matrix.h).
#include <gtest/gtest.h>

#include "learner/spectral/event_matrix.h"

namespace learner::spectral {
namespace {

// 3 users x 2 items, levels {1, 2}: user 0 gave item 0 a 1 and item 1 a 2, ...
RatingSet small() {
  RatingSet r;
  r.n_users = 3;
  r.n_items = 2;
  r.levels = {1.0, 2.0};
  r.entries = {{0, 0, 0}, {0, 1, 1}, {1, 0, 0}, {2, 1, 0}};
  return r;
}

TEST(EventMatrix, OneBinaryMatrixPerLevelInBothOrientations) {
  FilterOptions keep_all;
  keep_all.drop = 0.0;
  const auto items = build_event_matrices(small(), Orientation::kItemRows, keep_all);
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].rows(), 2);  // items
  EXPECT_EQ(items[0].cols(), 3);  // users
  EXPECT_EQ(items[0].coeff(0, 0), 1.0);
  EXPECT_EQ(items[0].coeff(0, 1), 1.0);
  EXPECT_EQ(items[0].coeff(1, 2), 1.0);
  EXPECT_EQ(items[0].nonZeros(), 3);
  EXPECT_EQ(items[1].coeff(1, 0), 1.0);
  EXPECT_EQ(items[1].nonZeros(), 1);
  const auto users = build_event_matrices(small(), Orientation::kUserRows, keep_all);
  EXPECT_EQ(users[0].rows(), 3);
  EXPECT_EQ(users[0].coeff(2, 1), 1.0);
  EXPECT_EQ(users[1].coeff(0, 1), 1.0);
}

TEST(EventMatrix, FilterDropsAboutTheFractionOnlyInLongRows) {
  RatingSet r;
  r.n_users = 4000;
  r.n_items = 2;
  r.levels = {1.0};
  for (std::uint32_t u = 0; u < 4000; ++u) r.entries.push_back({u, 0, 0});  // item 0: a long row
  for (std::uint32_t u = 0; u < 5; ++u) r.entries.push_back({u, 1, 0});     // item 1: 5 entries
  FilterOptions f;
  f.threshold = 5;
  const auto m = build_event_matrices(r, Orientation::kItemRows, f);
  double kept_long = 0, kept_short = 0;
  for (std::uint32_t u = 0; u < 4000; ++u) kept_long += m[0].coeff(0, u);
  for (std::uint32_t u = 0; u < 5; ++u) kept_short += m[0].coeff(1, u);
  EXPECT_EQ(kept_short, 5.0);  // at most `threshold` entries: kept whole
  EXPECT_NEAR(kept_long / 4000.0, 0.15, 0.02);  // 1 - 0.85, binomial sd 0.006
  // Same seed, same matrix; another seed, another draw.
  EXPECT_EQ((build_event_matrices(r, Orientation::kItemRows, f)[0] - m[0]).norm(), 0.0);
  f.seed = 2;
  EXPECT_GT((build_event_matrices(r, Orientation::kItemRows, f)[0] - m[0]).norm(), 0.0);
}

TEST(EventMatrix, HashUniformIsInUnitIntervalAndSpread) {
  double sum = 0.0;
  for (std::uint64_t i = 0; i < 10000; ++i) {
    const double u = hash_uniform(1, 2, i, 3);
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
  }
  EXPECT_NEAR(sum / 10000.0, 0.5, 0.01);
}

}  // namespace
}  // namespace learner::spectral
