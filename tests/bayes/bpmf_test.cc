// The Gibbs-sampled dyadic model (learner/bayes/bpmf.h): recovery of a generated low-rank matrix,
// the two noise laws' estimates (mean against median), reproducibility and the input checks.
#include "learner/bayes/bpmf.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "bayes/generated.h"
#include "learner/error.h"

namespace learner::bayes {
namespace {

using test::low_rank;
using test::rmse;
using test::sampling;

auto no_progress = [](int, const Bpmf&) {};

TEST(Bpmf, RecoversAGeneratedLowRankMatrix) {
  const auto g = low_rank(60, 50, 0.3, 0.1, 1);
  BpmfOptions o = sampling(4, 150, 30);
  Bpmf sampler(60, 50, g.train, o);
  const auto result = posterior_mean(sampler, g.test, o, no_progress);
  // The truth's spread around its mean is about 1.5; a recovered matrix predicts the left-out
  // entries within a few noise widths. The constant alone would score about 1.5.
  std::vector<double> constant(g.test.size(), sampler.global_mean());
  EXPECT_GT(rmse(constant, g.test), 1.0);
  EXPECT_LT(rmse(result.mean, g.test), 0.35);
  // The sampled noise precision is near the truth's 1 / 0.1^2 = 100 (within a factor 2).
  EXPECT_GT(sampler.noise_precision(), 50.0);
  EXPECT_LT(sampler.noise_precision(), 200.0);
}

TEST(Bpmf, LaplaceEstimatesTheMedianAndGaussianTheMean) {
  // Two users, two items; every pair rated 4 seven times and 1 three times: mean 3.1, median 4.
  std::vector<Rating> train;
  for (std::uint32_t u = 0; u < 2; ++u)
    for (std::uint32_t i = 0; i < 2; ++i)
      for (int k = 0; k < 10; ++k) train.push_back({u, i, k < 7 ? 4.0 : 1.0});
  const std::vector<Rating> query{{0, 0, 4.0}, {1, 1, 4.0}};
  BpmfOptions o = sampling(1, 400, 50);
  Bpmf gaussian(2, 2, train, o);
  const auto mean = posterior_mean(gaussian, query, o, no_progress).mean;
  o.likelihood = Likelihood::laplace;
  Bpmf laplace(2, 2, train, o);
  const auto median = posterior_mean(laplace, query, o, no_progress).mean;
  for (std::size_t q = 0; q < query.size(); ++q) {
    EXPECT_NEAR(mean[q], 3.1, 0.15) << q;
    EXPECT_GT(median[q], 3.6) << q;
    EXPECT_LE(median[q], 4.0) << q;
  }
}

TEST(Bpmf, TheSeedAloneFixesTheResultWhateverTheThreads) {
  const auto g = low_rank(30, 20, 0.4, 0.3, 2);
  BpmfOptions o = sampling(3, 20, 5);
  Bpmf one(30, 20, g.train, o);
  const auto a = posterior_mean(one, g.test, o, no_progress).mean;
  o.threads = 3;
  Bpmf three(30, 20, g.train, o);
  const auto b = posterior_mean(three, g.test, o, no_progress).mean;
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) ASSERT_EQ(a[k], b[k]) << k;
  o.seed = 2;
  Bpmf other(30, 20, g.train, o);
  const auto c = posterior_mean(other, g.test, o, no_progress).mean;
  EXPECT_NE(a, c);
}

TEST(Bpmf, PredictionsStayInTheTrainingRangeAndUnknownIdsUseTheKnownSide) {
  const auto g = low_rank(20, 20, 0.5, 0.5, 3);
  BpmfOptions o = sampling(2, 10, 0);
  Bpmf sampler(20, 20, g.train, o);
  std::vector<Rating> queries = g.test;
  queries.push_back({kUnknown, 3, 0.0});
  queries.push_back({kUnknown, kUnknown, 0.0});
  const auto p = posterior_mean(sampler, queries, o, no_progress).mean;
  for (double x : p) {
    EXPECT_GE(x, sampler.min_value());
    EXPECT_LE(x, sampler.max_value());
  }
  EXPECT_DOUBLE_EQ(sampler.predict(kUnknown, kUnknown), sampler.global_mean());
  EXPECT_DOUBLE_EQ(sampler.predict(kUnknown, 3), sampler.global_mean() + sampler.items().vectors(0, 3));  // its bias
  EXPECT_DOUBLE_EQ(sampler.predict(5, kUnknown), sampler.global_mean() + sampler.users().vectors(0, 5));
}

TEST(Bpmf, ImplicitFeedbackBothWaysRecoversTheMatrixAndKeepsItsSumsExact) {
  const auto g = low_rank(60, 50, 0.3, 0.1, 4);
  BpmfOptions o = sampling(4, 150, 30);
  o.implicit = o.flipped = true;
  Bpmf sampler(60, 50, g.train, o);
  EXPECT_EQ(sampler.implicit_drift(), 0.0);
  double worst = 0.0;
  const auto result = posterior_mean(sampler, g.test, o, [&](int, const Bpmf& b) {
    worst = std::max(worst, b.implicit_drift());
  });
  EXPECT_LT(worst, 1e-9);  // the incremental updates of z_u and w_i match their definition
  EXPECT_LT(rmse(result.mean, g.test), 0.35);
  for (double p : result.mean) ASSERT_TRUE(std::isfinite(p));
}

TEST(Bpmf, ImplicitFeedbackIsReproducibleWhateverTheThreadsAndRunsWithLaplaceNoise) {
  const auto g = low_rank(30, 20, 0.4, 0.3, 5);
  BpmfOptions o = sampling(3, 20, 5);
  o.implicit = o.flipped = true;
  o.likelihood = Likelihood::laplace;
  Bpmf one(30, 20, g.train, o);
  const auto a = posterior_mean(one, g.test, o, no_progress).mean;
  o.threads = 2;
  Bpmf two(30, 20, g.train, o);
  const auto b = posterior_mean(two, g.test, o, no_progress).mean;
  ASSERT_EQ(a, b);
  o.implicit = o.flipped = false;
  Bpmf plain(30, 20, g.train, o);
  EXPECT_NE(posterior_mean(plain, g.test, o, no_progress).mean, a);  // the option changes the model
  EXPECT_EQ(plain.implicit_drift(), 0.0);
}

TEST(Bpmf, RefusesBadOptionsAndBadRatings) {
  const std::vector<Rating> ok{{0, 0, 1.0}, {1, 1, 2.0}};
  BpmfOptions o;
  EXPECT_NO_THROW(Bpmf(2, 2, ok, o));
  for (auto bad : {+[](BpmfOptions& x) { x.rank = 0; }, +[](BpmfOptions& x) { x.rank = 501; },
                   +[](BpmfOptions& x) { x.sweeps = 0; }, +[](BpmfOptions& x) { x.burn_in = x.sweeps; },
                   +[](BpmfOptions& x) { x.burn_in = -1; }, +[](BpmfOptions& x) { x.init = -1.0; },
                   +[](BpmfOptions& x) { x.threads = 0; }, +[](BpmfOptions& x) { x.threads = 65; }}) {
    BpmfOptions b;
    bad(b);
    EXPECT_THROW(validate(b), UsageError);
    EXPECT_THROW(Bpmf(2, 2, ok, b), UsageError);
  }
  EXPECT_THROW(Bpmf(2, 2, {}, o), UsageError);
  EXPECT_THROW(Bpmf(2, 2, {{2, 0, 1.0}}, o), UsageError);
  EXPECT_THROW(Bpmf(2, 2, {{0, 0, std::nan("")}}, o), UsageError);
  EXPECT_THROW(Bpmf(2, 2, {{0, 0, INFINITY}}, o), UsageError);
}

}  // namespace
}  // namespace learner::bayes
