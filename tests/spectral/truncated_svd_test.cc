// Truncated SVD of event matrices (learner/spectral/truncated_svd.h): on a generated
// low-rank binary matrix, Lanczos finds the exact rank-r structure.
#include <gtest/gtest.h>

#include <random>

#include "learner/spectral/truncated_svd.h"

namespace learner::spectral {
namespace {

// A rows x cols binary matrix of rank `blocks`: rows and cols in `blocks` groups, 1 exactly
// where a row's group equals the column's group. Its singular values are
// sqrt(rows_in_group * cols_in_group) per group.
EventMatrix block_matrix(int rows, int cols, int blocks, std::vector<int>& row_group, std::vector<int>& col_group) {
  std::mt19937 rng(3);
  row_group.resize(rows);
  col_group.resize(cols);
  for (int& g : row_group) g = static_cast<int>(rng() % blocks);
  for (int& g : col_group) g = static_cast<int>(rng() % blocks);
  std::vector<Eigen::Triplet<double>> t;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (row_group[r] == col_group[c]) t.emplace_back(r, c, 1.0);
  EventMatrix m(rows, cols);
  m.setFromTriplets(t.begin(), t.end());
  return m;
}

TEST(TruncatedSvd, LanczosRecoversALowRankEventMatrix) {
  std::vector<int> rg, cg;
  const EventMatrix m = block_matrix(300, 200, 3, rg, cg);
  const TruncatedSvd svd = truncated_svd_lanczos(m, 3);
  ASSERT_TRUE(svd.lanczos);
  // Singular values: sqrt(|rows of g| * |cols of g|), descending.
  std::vector<double> want;
  for (int g = 0; g < 3; ++g)
    want.push_back(std::sqrt(double(std::count(rg.begin(), rg.end(), g)) * double(std::count(cg.begin(), cg.end(), g))));
  std::sort(want.rbegin(), want.rend());
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(svd.sigma[i], want[i], 1e-8);
  // Phi-hat Phi-hat^T Omega = Omega: rank 3 captures the matrix exactly.
  const Eigen::MatrixXd dense(m);
  EXPECT_LT((svd.left * (svd.left.transpose() * dense) - dense).norm(), 1e-8);
  // Orthonormal columns.
  EXPECT_LT((svd.left.transpose() * svd.left - Eigen::MatrixXd::Identity(3, 3)).norm(), 1e-8);
  // Rows of the same group have the same coordinates (the structure is recovered).
  for (int r = 1; r < 300; ++r)
    if (rg[r] == rg[0]) {
      EXPECT_LT((svd.left.row(r) - svd.left.row(0)).norm(), 1e-8);
    }
}

TEST(TruncatedSvd, LanczosAgreesWithDenseOnARandomSparseMatrix) {
  std::mt19937 rng(5);
  std::vector<Eigen::Triplet<double>> t;
  for (int r = 0; r < 120; ++r)
    for (int c = 0; c < 90; ++c)
      if (rng() % 10 == 0) t.emplace_back(r, c, 1.0);
  EventMatrix m(120, 90);
  m.setFromTriplets(t.begin(), t.end());
  const TruncatedSvd a = truncated_svd_lanczos(m, 6), b = truncated_svd_dense(m, 6);
  ASSERT_TRUE(a.lanczos);
  EXPECT_LT((a.sigma - b.sigma).norm(), 1e-8);
  // Same subspace: the projectors agree (signs of singular vectors are arbitrary).
  EXPECT_LT((a.left * a.left.transpose() - b.left * b.left.transpose()).norm(), 1e-6);
}

TEST(TruncatedSvd, RankIsClampedAndTinyMatricesUseTheDenseSolver) {
  EventMatrix m(2, 3);
  m.insert(0, 0) = 1.0;
  m.insert(1, 2) = 1.0;
  const TruncatedSvd svd = truncated_svd_lanczos(m, 10);
  EXPECT_FALSE(svd.lanczos);
  ASSERT_EQ(svd.sigma.size(), 2);
  EXPECT_NEAR(svd.sigma[0], 1.0, 1e-12);
  EXPECT_NEAR(svd.sigma[1], 1.0, 1e-12);
}

}  // namespace
}  // namespace learner::spectral
