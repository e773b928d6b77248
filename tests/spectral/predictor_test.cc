// The spectral predictor end to end (learner/spectral/predictor.h) on generated data whose
// event matrices are exactly low rank: the held-out ratings are recovered.
#include <gtest/gtest.h>

#include <random>

#include "learner/spectral/predictor.h"

namespace learner::spectral {
namespace {

// Users and items in two taste groups; rating 5 when the groups agree, else 1. About 60%
// of the cells are known; the rest is returned in `held_out` (user, item, rating).
RatingSet two_groups(std::vector<std::array<std::uint32_t, 3>>& held_out) {
  std::mt19937 rng(11);
  RatingSet r;
  r.n_users = 80;
  r.n_items = 60;
  r.levels = {1.0, 5.0};
  for (std::uint32_t u = 0; u < 80; ++u)
    for (std::uint32_t i = 0; i < 60; ++i) {
      const std::uint32_t level = (u % 2) == (i % 2) ? 1 : 0;
      if (rng() % 10 < 6) r.entries.push_back({u, i, level});
      else held_out.push_back({u, i, level});
    }
  return r;
}

class PredictorTest : public ::testing::TestWithParam<std::tuple<Orientation, Basis, int, QueryOne>> {};

TEST_P(PredictorTest, RecoversHeldOutRatingsOfALowRankEventMatrix) {
  std::vector<std::array<std::uint32_t, 3>> held_out;
  const RatingSet train = two_groups(held_out);
  SpectralOptions o;
  o.orientation = std::get<0>(GetParam());
  o.basis = std::get<1>(GetParam());
  o.order = std::get<2>(GetParam());
  o.rank = 2;
  o.query_one = std::get<3>(GetParam());
  o.ridge = 1e-3;
  o.filter.drop = 0.0;
  const SpectralPredictor model(train, o);
  double worst = 0.0, mae = 0.0;
  for (const auto& [u, i, level] : held_out) {
    const double err = std::fabs(model.predict(u, i) - train.levels[level]);
    worst = std::max(worst, err);
    mae += err / static_cast<double>(held_out.size());
  }
  EXPECT_LT(worst, 2.0);  // every held-out rating on the right side of 3
  EXPECT_LT(mae, 0.25);   // and most of them close (a constant predictor: MAE 2)
  EXPECT_EQ(model.fallbacks(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Readings, PredictorTest,
                         ::testing::Values(std::make_tuple(Orientation::kItemRows, Basis::kMonomial, 1, QueryOne::kAdd),
                                           std::make_tuple(Orientation::kUserRows, Basis::kMonomial, 1, QueryOne::kAdd),
                                           std::make_tuple(Orientation::kUserRows, Basis::kMonomial, 1, QueryOne::kOff),
                                           std::make_tuple(Orientation::kItemRows, Basis::kMonomial, 2, QueryOne::kAdd),
                                           std::make_tuple(Orientation::kItemRows, Basis::kChebyshev, 3, QueryOne::kAdd)));

// The paper's kSet reading without the filter: every known positive of a user (its own entry
// already 1) gets the same S, the user's projection; a query gets that plus its item's row.
TEST(Predictor, SetReadingWithoutFilterGivesKnownPositivesOneCommonPoint) {
  std::vector<std::array<std::uint32_t, 3>> held_out;
  const RatingSet train = two_groups(held_out);
  SpectralOptions o;
  o.rank = 2;
  o.filter.drop = 0.0;
  const SpectralPredictor model(train, o);
  std::vector<std::uint32_t> positives;
  for (const Entry& e : train.entries)
    if (e.user == 0 && e.level == 1) positives.push_back(e.item);
  ASSERT_GE(positives.size(), 2u);
  for (std::uint32_t i : positives) EXPECT_LT((model.factors(0, i, 1) - model.factors(0, positives[0], 1)).norm(), 1e-12);
  o.query_one = QueryOne::kAdd;
  const SpectralPredictor add(train, o);
  EXPECT_GT((add.factors(0, positives[1], 1) - add.factors(0, positives[0], 1)).norm(), 1e-6);
}

TEST(Predictor, PredictionIsEquationNine) {
  std::vector<std::array<std::uint32_t, 3>> held_out;
  const RatingSet train = two_groups(held_out);
  SpectralOptions o;
  o.rank = 1;  // too few factors: the likelihoods are not 0/1
  o.filter.drop = 0.5;
  o.filter.threshold = 3;
  const SpectralPredictor model(train, o);
  for (std::size_t q = 0; q < 20; ++q) {
    const auto& [u, i, level] = held_out[q];
    const std::vector<double> theta = model.likelihoods(u, i);
    ASSERT_EQ(theta.size(), 2u);
    for (double t : theta) {
      EXPECT_GE(t, 0.0);
      EXPECT_LE(t, 1.0);
    }
    if (theta[0] + theta[1] > 0) {
      EXPECT_NEAR(model.predict(u, i), (1.0 * theta[0] + 5.0 * theta[1]) / (theta[0] + theta[1]), 1e-12);
    }
  }
}

TEST(Predictor, QueryOneAddsTheQueryRowOfPhi) {
  RatingSet r;
  r.n_users = 2;
  r.n_items = 3;
  r.levels = {1.0};
  r.entries = {{0, 0, 0}, {0, 1, 0}, {1, 2, 0}};
  SpectralOptions o;
  o.rank = 2;
  o.filter.drop = 0.0;
  o.dense_svd = true;
  const SpectralPredictor model(r, o);  // item rows: Omega (3 x 2), user 0's column = e0 + e1
  const TruncatedSvd& svd = model.svds()[0];
  const Eigen::VectorXd root = svd.sigma.array().sqrt();
  // Query (user 0, item 2): item 2 is not in user 0's column, so its row of Phi-hat is added.
  const Eigen::VectorXd want = root.cwiseProduct(svd.left.row(0).transpose() + svd.left.row(1).transpose() +
                                                 svd.left.row(2).transpose());
  EXPECT_LT((model.factors(0, 2, 0) - want).norm(), 1e-12);
  // Query (user 0, item 0): already 1, nothing added.
  const Eigen::VectorXd known = root.cwiseProduct(svd.left.row(0).transpose() + svd.left.row(1).transpose());
  EXPECT_LT((model.factors(0, 0, 0) - known).norm(), 1e-12);
}

TEST(Predictor, UnseenIdsFallBackToMeans) {
  std::vector<std::array<std::uint32_t, 3>> held_out;
  const RatingSet train = two_groups(held_out);
  SpectralOptions o;
  o.rank = 2;
  const SpectralPredictor model(train, o);
  double global = 0.0;
  for (const Entry& e : train.entries) global += train.levels[e.level];
  global /= static_cast<double>(train.entries.size());
  EXPECT_NEAR(model.predict(IdMap::kMissing, 0), global, 1e-12);
  EXPECT_EQ(model.fallbacks(), 1u);
}

TEST(Predictor, BadOptionsThrow) {
  std::vector<std::array<std::uint32_t, 3>> held_out;
  const RatingSet train = two_groups(held_out);
  SpectralOptions o;
  o.rank = 0;
  EXPECT_THROW(SpectralPredictor(train, o), std::invalid_argument);
  o = {};
  o.query_one = QueryOne::kOff;  // item rows need it
  EXPECT_THROW(SpectralPredictor(train, o), std::invalid_argument);
  o = {};
  o.filter.drop = 1.5;
  EXPECT_THROW(SpectralPredictor(train, o), std::invalid_argument);
  EXPECT_THROW(SpectralPredictor(RatingSet{}, SpectralOptions{}), std::invalid_argument);
}

}  // namespace
}  // namespace learner::spectral
