#include "learner/learners/struct_svm/cost_factors.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "learner/error.h"

namespace learner {
namespace {

TEST(CostFactors, UnorderedIndexIsTheUpperTriangleRowByRow) {
  const CostFactors f(FactorKind::kUnordered, 4);
  EXPECT_EQ(f.size(), 6u);
  // (0,1) (0,2) (0,3) (1,2) (1,3) (2,3)
  EXPECT_EQ(f.index(0, 1), 0u);
  EXPECT_EQ(f.index(0, 3), 2u);
  EXPECT_EQ(f.index(1, 2), 3u);
  EXPECT_EQ(f.index(2, 3), 5u);
  EXPECT_EQ(f.index(3, 2), 5u);  // S_{y,y'} = S_{y',y}
  EXPECT_EQ(f.index(2, 1), 3u);
  EXPECT_EQ(f.index(2, 2), CostFactors::kNoFactor);
  EXPECT_EQ(f.pair(4), (std::pair<uint32_t, uint32_t>{1, 3}));
}

TEST(CostFactors, OrderedIndexIsTheMatrixWithoutItsDiagonal) {
  const CostFactors f(FactorKind::kOrdered, 3);
  EXPECT_EQ(f.size(), 6u);
  // (0,1) (0,2) (1,0) (1,2) (2,0) (2,1)
  EXPECT_EQ(f.index(0, 1), 0u);
  EXPECT_EQ(f.index(0, 2), 1u);
  EXPECT_EQ(f.index(1, 0), 2u);
  EXPECT_EQ(f.index(1, 2), 3u);
  EXPECT_EQ(f.index(2, 0), 4u);
  EXPECT_EQ(f.index(2, 1), 5u);
  EXPECT_EQ(f.index(1, 1), CostFactors::kNoFactor);
  EXPECT_EQ(f.pair(2), (std::pair<uint32_t, uint32_t>{1, 0}));
}

TEST(CostFactors, IndexIsABijectionOntoItsRangeAndPairInvertsIt) {
  for (FactorKind kind : {FactorKind::kUnordered, FactorKind::kOrdered})
    for (uint32_t k : {2u, 3u, 5u, 17u}) {
      const CostFactors f(kind, k);
      std::set<uint32_t> seen;
      for (uint32_t y = 0; y < k; ++y)
        for (uint32_t p = 0; p < k; ++p) {
          if (y == p) continue;
          const uint32_t s = f.index(y, p);
          ASSERT_LT(s, f.size());
          seen.insert(s);
          const auto [a, b] = f.pair(s);
          if (kind == FactorKind::kOrdered) {
            EXPECT_EQ(a, y);
            EXPECT_EQ(b, p);
          } else {
            EXPECT_EQ(a, std::min(y, p));
            EXPECT_EQ(b, std::max(y, p));
          }
        }
      EXPECT_EQ(seen.size(), f.size());
    }
}

TEST(CostFactors, Normalisers) {
  const std::vector<double> counts = {6, 3, 1};  // N = 10
  const CostFactors u(FactorKind::kUnordered, 3), o(FactorKind::kOrdered, 3);
  EXPECT_EQ(normalisers(u, CostNorm::kNone, counts), (std::vector<double>{1, 1, 1}));
  EXPECT_EQ(normalisers(o, CostNorm::kNone, counts), (std::vector<double>(6, 1.0)));
  // Unordered (0,1) (0,2) (1,2): max of the two counts.
  EXPECT_EQ(normalisers(u, CostNorm::kLogical, counts), (std::vector<double>{6, 6, 3}));
  // Ordered (0,1) (0,2) (1,0) (1,2) (2,0) (2,1): the count of the truth.
  EXPECT_EQ(normalisers(o, CostNorm::kLogical, counts), (std::vector<double>{6, 6, 3, 3, 1, 1}));
  // Unordered expected 2 N_a N_b / N: 2*6*3/10, 2*6*1/10, 2*3*1/10.
  const auto ue = normalisers(u, CostNorm::kExpected, counts);
  EXPECT_DOUBLE_EQ(ue[0], 3.6);
  EXPECT_DOUBLE_EQ(ue[1], 1.2);
  EXPECT_DOUBLE_EQ(ue[2], 0.6);
  // Ordered expected N_y N_y' / N.
  const auto oe = normalisers(o, CostNorm::kExpected, counts);
  const std::vector<double> want = {1.8, 0.6, 1.8, 0.3, 0.6, 0.3};
  for (std::size_t s = 0; s < want.size(); ++s) EXPECT_DOUBLE_EQ(oe[s], want[s]) << s;
  // The ordered pair (y, y') and (y', y) add up to the unordered value.
  EXPECT_DOUBLE_EQ(oe[o.index(0, 1)] + oe[o.index(1, 0)], ue[u.index(0, 1)]);
}

TEST(CostFactors, ExpectedNormaliserIsTheMistakeCountOfTheRandomPredictor) {
  // Enumerate: every example of y is predicted y' with probability N_y'/N;
  // the expected mistakes in S sum over (truth, prediction) pairs in S.
  const std::vector<double> counts = {2, 5, 0, 3};
  double total = 10;
  for (FactorKind kind : {FactorKind::kUnordered, FactorKind::kOrdered}) {
    const CostFactors f(kind, 4);
    std::vector<double> expect(f.size(), 0.0);
    for (uint32_t y = 0; y < 4; ++y)
      for (uint32_t p = 0; p < 4; ++p)
        if (y != p) expect[f.index(y, p)] += counts[y] * counts[p] / total;
    const auto n = normalisers(f, CostNorm::kExpected, counts);
    for (uint32_t s = 0; s < f.size(); ++s) EXPECT_NEAR(n[s], expect[s], 1e-12) << s;
  }
  // A label never seen: its factors have n_S = 0; no labels at all: all 0.
  const CostFactors u(FactorKind::kUnordered, 4);
  EXPECT_EQ(normalisers(u, CostNorm::kExpected, counts)[u.index(1, 2)], 0.0);
  EXPECT_EQ(normalisers(CostFactors(FactorKind::kOrdered, 2), CostNorm::kExpected, std::vector<double>{0, 0}),
            (std::vector<double>{0, 0}));
}

TEST(CostFactors, ParsingAndErrors) {
  EXPECT_EQ(parse_factor_kind("ordered"), FactorKind::kOrdered);
  EXPECT_EQ(parse_factor_kind("unordered"), FactorKind::kUnordered);
  EXPECT_EQ(parse_cost_norm("expected"), CostNorm::kExpected);
  EXPECT_EQ(to_string(CostNorm::kLogical), "logical");
  EXPECT_EQ(to_string(FactorKind::kOrdered), "ordered");
  EXPECT_THROW(parse_factor_kind("diagonal"), UsageError);
  EXPECT_THROW(parse_cost_norm("max"), UsageError);
  EXPECT_THROW(CostFactors(FactorKind::kOrdered, 1), Error);
  const CostFactors f(FactorKind::kUnordered, 3);
  EXPECT_THROW(f.pair(3), Error);
  EXPECT_THROW(normalisers(f, CostNorm::kLogical, std::vector<double>{1, 2}), Error);
  EXPECT_THROW(normalisers(f, CostNorm::kLogical, std::vector<double>{1, -2, 3}), Error);
}

}  // namespace
}  // namespace learner
