// Means over samples (learner/bayes/sample_mean.h): which sweeps are kept, and that the mean of
// fed samples is the sampler's posterior mean, bit for bit, with the vectors' means beside it.
#include "learner/bayes/sample_mean.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "bayes/generated.h"
#include "learner/bayes/bpmf.h"

namespace learner::bayes {
namespace {

std::vector<int> kept_of(int sweeps, int burn_in, int samples) {
  const KeptSweeps kept(sweeps, burn_in, samples);
  std::vector<int> out;
  for (int s = 1; s <= sweeps; ++s)
    if (kept.kept(s)) out.push_back(s);
  EXPECT_EQ(static_cast<int>(out.size()), kept.count());
  if (!out.empty()) {
    EXPECT_EQ(out.front(), kept.first());
  }
  return out;
}

TEST(KeptSweeps, EvenlySpacedAfterBurnInEndingWithTheLastSweep) {
  EXPECT_EQ(kept_of(200, 10, 50).size(), 50u);
  EXPECT_EQ(kept_of(200, 10, 50).back(), 200);
  EXPECT_GT(kept_of(200, 10, 50).front(), 10);
  EXPECT_EQ(kept_of(20, 0, 4), (std::vector<int>{5, 10, 15, 20}));
  EXPECT_EQ(kept_of(10, 4, 3), (std::vector<int>{6, 8, 10}));  // 10 - floor(j 6 / 3)
  EXPECT_EQ(kept_of(7, 2, 1), (std::vector<int>{7}));
  // More samples than sweeps after burn_in: every one of them.
  EXPECT_EQ(kept_of(8, 5, 50), (std::vector<int>{6, 7, 8}));
  EXPECT_EQ(kept_of(100000, 99999, 100000), (std::vector<int>{100000}));
  // The gaps differ by at most one sweep.
  const auto k = kept_of(200, 10, 50);
  int lo = 1000, hi = 0;
  for (std::size_t j = 1; j < k.size(); ++j) {
    lo = std::min(lo, k[j] - k[j - 1]);
    hi = std::max(hi, k[j] - k[j - 1]);
  }
  EXPECT_LE(hi - lo, 1);
}

TEST(SampleMean, FedEverySweepAfterBurnInItIsThePosteriorMeanBitForBit) {
  for (bool implicit : {false, true}) {
    const auto g = test::low_rank(25, 20, 0.4, 0.3, 7);
    BpmfOptions o = test::sampling(3, 12, 4);
    o.implicit = o.flipped = implicit;
    auto queries = g.test;
    queries.push_back({kUnknown, 2, 0.0});
    queries.push_back({kUnknown, kUnknown, 0.0});
    Bpmf a(25, 20, g.train, o), b(25, 20, g.train, o);
    const auto expected = posterior_mean(a, queries, o, [](int, const Bpmf&) {}).mean;
    SampleMean mean(queries, b.global_mean(), b.min_value(), b.max_value(), true);
    Eigen::MatrixXd user_sum = Eigen::MatrixXd::Zero(4, 25);
    for (int s = 1; s <= o.sweeps; ++s) {
      b.sweep();
      if (s <= o.burn_in) continue;
      mean.add(b.users(), b.items());
      Eigen::MatrixXd effective = b.users().vectors;
      if (implicit) effective.bottomRows(3) += b.users().implied;
      user_sum += effective;
    }
    ASSERT_EQ(mean.samples(), o.sweeps - o.burn_in);
    ASSERT_EQ(mean.predictions(), expected) << implicit;
    // The vectors' means: the latent vector with its implicit sum, the one in the dot product.
    EXPECT_LT((mean.user_vectors() - user_sum / mean.samples()).cwiseAbs().maxCoeff(), 1e-12) << implicit;
    EXPECT_EQ(mean.item_vectors().cols(), 20);
    for (double p : mean.predictions()) {
      EXPECT_GE(p, b.min_value());
      EXPECT_LE(p, b.max_value());
    }
  }
}

TEST(SampleMean, WithoutVectorsKeepsNone) {
  const auto g = test::low_rank(10, 10, 0.5, 0.3, 8);
  Bpmf b(10, 10, g.train, test::sampling(2, 2, 0));
  b.sweep();
  SampleMean mean(g.test, b.global_mean(), b.min_value(), b.max_value(), false);
  EXPECT_EQ(mean.samples(), 0);
  mean.add(b.users(), b.items());
  EXPECT_EQ(mean.samples(), 1);
  EXPECT_EQ(mean.user_vectors().size(), 0);
  EXPECT_EQ(mean.predictions().size(), g.test.size());
}

}  // namespace
}  // namespace learner::bayes
