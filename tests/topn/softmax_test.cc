// The sampled-softmax ranking loss (sampled_softmax.h, learner-topn --loss
// softmax): the loss and its gradient stay finite for scores of any finite
// size, the step is the gradient (checked against central finite differences
// of the loss), a step that would overflow writes nothing, the ranker's log-q
// correction and training are as documented, and training is seeded.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "learner/error.h"
#include "learner/topn/dyadic_ranker.h"
#include "learner/topn/recommend.h"
#include "learner/topn/sampled_softmax.h"
#include "groups.h"

namespace learner::topn {
namespace {

double direct_loss(const std::vector<double>& o) {
  double z = 0.0;
  for (const double v : o) z += std::exp(v);
  return std::log(z) - o[0];
}

TEST(TopnSoftmax, LossAndGradientMatchTheDirectFormula) {
  const std::vector<double> o = {0.3, -1.2, 2.0, 0.3, -0.7};
  std::vector<double> g(o.size());
  EXPECT_NEAR(softmax_loss_and_grad(o, g), direct_loss(o), 1e-12);
  double z = 0.0;
  for (const double v : o) z += std::exp(v);
  for (std::size_t x = 0; x < o.size(); ++x) EXPECT_NEAR(g[x], std::exp(o[x]) / z - (x == 0), 1e-12) << x;
}

TEST(TopnSoftmax, StableWithLargeScores) {
  std::vector<double> g(3);
  // exp(1000) overflows a double: the direct formula gives inf - inf.
  EXPECT_FALSE(std::isfinite(direct_loss({1000.0, 999.0, -1000.0})));
  const double l = softmax_loss_and_grad(std::vector<double>{1000.0, 999.0, -1000.0}, g);
  EXPECT_NEAR(l, std::log1p(std::exp(-1.0)), 1e-12);
  EXPECT_NEAR(g[0], -1.0 / (1.0 + std::exp(1.0)), 1e-12);  // p_0 - 1
  EXPECT_NEAR(g[1], 1.0 / (1.0 + std::exp(1.0)), 1e-12);
  EXPECT_EQ(g[2], 0.0);
  // The positive far below a negative: the loss is the gap, the gradient -1 / +1.
  std::vector<double> g2(2);
  EXPECT_DOUBLE_EQ(softmax_loss_and_grad(std::vector<double>{-1e30, 1e30}, g2), 2e30);
  EXPECT_EQ(g2[0], -1.0);
  EXPECT_EQ(g2[1], 1.0);
  for (const double bad : {std::nan(""), HUGE_VAL, -HUGE_VAL}) {
    std::vector<double> g3(2, 7.0);
    EXPECT_TRUE(std::isnan(softmax_loss_and_grad(std::vector<double>{0.0, bad}, g3)));
    EXPECT_EQ(g3[0], 0.0);
    EXPECT_EQ(g3[1], 0.0);
  }
}

// Several positives against shared negatives: the sum of each positive's
// own softmax against the negatives alone, and stable when one positive's
// score dwarfs the rest.
TEST(TopnSoftmax, SeveralPositivesSumTheirOwnSoftmaxes) {
  const std::vector<double> o = {0.5, -0.3, 1.1, 0.2, -2.0};  // 2 positives, 3 negatives
  std::vector<double> g(o.size());
  const double l = softmax_loss_and_grad(o, 2, g);
  std::vector<double> g0(4), g1(4);
  const double l0 = softmax_loss_and_grad(std::vector<double>{o[0], o[2], o[3], o[4]}, g0);
  const double l1 = softmax_loss_and_grad(std::vector<double>{o[1], o[2], o[3], o[4]}, g1);
  EXPECT_NEAR(l, l0 + l1, 1e-12);
  EXPECT_NEAR(g[0], g0[0], 1e-12);
  EXPECT_NEAR(g[1], g1[0], 1e-12);
  for (int j = 0; j < 3; ++j) EXPECT_NEAR(g[2 + j], g0[1 + j] + g1[1 + j], 1e-12) << j;
  std::vector<double> big(3);
  const double lb = softmax_loss_and_grad(std::vector<double>{1e6, -1e6, 0.0}, 2, big);
  EXPECT_NEAR(lb, 1e6 + std::log1p(std::exp(-1e6 - 0.0)), 1e-6);  // the second positive's log(1 + e^{1e6})
  for (const double v : big) EXPECT_TRUE(std::isfinite(v));
  EXPECT_NEAR(big[1], -1.0, 1e-12);
  EXPECT_NEAR(big[2], 1.0, 1e-12);
}

// A user, 4 candidates (the last repeats the second), rank 5, a log-q term.
struct SoftmaxFixture {
  static constexpr unsigned k = 5;
  std::vector<float> user, vec, bias;  // 3 distinct items
  std::vector<float*> items, biases;
  std::vector<double> log_q = {0.2, -0.4, 0.9, -0.4};
  SoftmaxFixture() : user(k), vec(3 * k), bias(3) {
    unsigned s = 7;
    const auto next = [&] { return static_cast<float>(((s = s * 1103515245u + 12345u) >> 8) % 2001) / 1000.0f - 1.0f; };
    for (float& v : user) v = next();
    for (float& v : vec) v = next();
    for (float& v : bias) v = 0.3f * next();
    for (const int x : {0, 1, 2, 1}) {
      items.push_back(vec.data() + x * k);
      biases.push_back(bias.data() + x);
    }
  }
  std::size_t positives = 1;
  SoftmaxCandidates candidates() { return {user.data(), items, biases, log_q, k, positives}; }
};

// The objective whose gradient the step follows: the loss plus l2 / 2 of every
// vector's squared length per occurrence (the user's once) and bias_l2 / 2 of
// every bias per occurrence.
double objective(SoftmaxFixture& f, const SoftmaxRates& r) {
  SoftmaxStep s;
  double o = s.loss(f.candidates());
  for (const float v : f.user) o += 0.5 * r.l2 * v * v;
  for (std::size_t x = 0; x < f.items.size(); ++x) {
    for (unsigned d = 0; d < f.k; ++d) o += 0.5 * r.l2 * f.items[x][d] * f.items[x][d];
    o += 0.5 * r.bias_l2 * *f.biases[x] * *f.biases[x];
  }
  return o;
}

TEST(TopnSoftmax, StepIsTheGradientOfTheLoss) {
  for (const std::size_t positives : {1, 2})
  for (const double l2 : {0.0, 0.3}) {
    const SoftmaxRates r{1e-3, 2e-3, l2, l2 / 2, 0.0};
    SoftmaxFixture f;
    f.positives = positives;
    // Central differences of the objective, coordinate by coordinate.
    std::vector<float*> coords;
    for (float& v : f.user) coords.push_back(&v);
    for (float& v : f.vec) coords.push_back(&v);
    const std::size_t latent = coords.size();
    for (float& b : f.bias) coords.push_back(&b);
    std::vector<double> fd;
    for (float* c : coords) {
      const float keep = *c, h = 1e-2f;
      *c = keep + h;
      const double up = objective(f, r);
      *c = keep - h;
      const double down = objective(f, r);
      *c = keep;
      fd.push_back((up - down) / (2.0 * static_cast<double>(h)));
    }
    std::vector<float> before;
    for (float* c : coords) before.push_back(*c);
    SoftmaxStep s;
    double loss = 0.0;
    ASSERT_TRUE(s.step(f.candidates(), r, &loss));
    EXPECT_GT(loss, 0.0);
    for (std::size_t n = 0; n < coords.size(); ++n) {
      const double rate = n < latent ? r.latent : r.bias;
      const double moved = (static_cast<double>(*coords[n]) - before[n]) / -rate;
      EXPECT_NEAR(moved, fd[n], 2e-3 * (1.0 + std::fabs(fd[n])))
          << "coordinate " << n << ", l2 " << l2 << ", positives " << positives;
    }
  }
}

TEST(TopnSoftmax, MaxNormScalesLongVectorsBack) {
  SoftmaxFixture f;
  const SoftmaxRates r{0.5, 0.5, 0.0, 0.0, 0.25};
  SoftmaxStep s;
  ASSERT_TRUE(s.step(f.candidates(), r));
  const auto norm = [&](const float* v) {
    double n2 = 0.0;
    for (unsigned d = 0; d < f.k; ++d) n2 += static_cast<double>(v[d]) * v[d];
    return std::sqrt(n2);
  };
  EXPECT_LE(norm(f.user.data()), 0.25 + 1e-6);
  for (const float* v : f.items) EXPECT_LE(norm(v), 0.25 + 1e-6);
}

TEST(TopnSoftmax, AStepThatWouldOverflowWritesNothing) {
  SoftmaxFixture f;
  for (float& v : f.vec) v *= 1e15f;
  for (float& v : f.user) v *= 1e15f;
  const std::vector<float> user = f.user, vec = f.vec, bias = f.bias;
  SoftmaxStep s;
  double loss = 0.0;
  // Rate 1e20 on vectors of about 1e15 (gradients of order 1e15): deltas of
  // about 1e35, beyond kMaxMagnitude (and near the float range).
  EXPECT_FALSE(s.step(f.candidates(), {1e20, 1e20, 0.0, 0.0, 0.0}, &loss));
  EXPECT_TRUE(std::isfinite(loss));
  EXPECT_EQ(f.user, user);
  EXPECT_EQ(f.vec, vec);
  EXPECT_EQ(f.bias, bias);
}

// Two taste groups (as ranker_test.cc): users 0..9 like items 0..7, users 10..19 items 8..15.

RankerOptions softmax_options() {
  RankerOptions o;
  o.loss = RankLoss::kSoftmax;
  o.rank = 4;
  o.passes = 30;
  o.negatives = 6;
  o.learning_rate = 0.05;
  o.l2 = 0.01;
  o.init = 0.1;
  o.seed = 3;
  return o;
}

TEST(TopnSoftmax, RanksTheUsersGroupFirstAndIsSeeded) {
  const InteractionSet set = test_groups::two_taste_groups();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  const auto trained = [&](uint64_t seed) {
    RankerOptions o = softmax_options();
    o.seed = seed;
    DyadicRanker r(o, set.users.size(), set.items.size());
    r.train(set.rows, own);
    EXPECT_EQ(r.skipped_steps(), 0u);
    EXPECT_EQ(r.updates(), 30u * set.rows.size());
    return r.factors(set.users, set.items);
  };
  const Factors f = trained(3);
  EXPECT_EQ(f.item_vec, trained(3).item_vec);
  EXPECT_EQ(f.user_vec, trained(3).user_vec);
  EXPECT_EQ(f.item_bias, trained(3).item_bias);
  EXPECT_NE(f.item_vec, trained(4).item_vec);
  EXPECT_GE(test_groups::own_group_recommendations(f, set), 54) << "of 60";
}

// --negatives 0: one step per user, all its positives against every item it
// has not got; it too ranks the user's group first, seeded.
TEST(TopnSoftmax, FullSoftmaxRanksTheUsersGroupFirst) {
  const InteractionSet set = test_groups::two_taste_groups();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  const auto trained = [&](uint64_t seed) {
    RankerOptions o = softmax_options();
    o.negatives = 0;
    o.passes = 100;
    o.learning_rate = 0.01;  // a step sums the user's 5 positives: a smaller rate
    o.seed = seed;
    DyadicRanker r(o, set.users.size(), set.items.size());
    r.train(set.rows, own);
    EXPECT_EQ(r.updates(), 100u * 20u) << "one step per user and pass";
    EXPECT_EQ(r.skipped_steps(), 0u);
    return r.factors(set.users, set.items);
  };
  const Factors f = trained(3);
  EXPECT_EQ(f.item_vec, trained(3).item_vec);
  EXPECT_NE(f.item_vec, trained(5).item_vec);
  EXPECT_GE(test_groups::own_group_recommendations(f, set), 54) << "of 60";
}

// With alpha > 0 the ranker's logits are s(u, x) - alpha log count(x) (the
// sampler's q up to a constant), s read from the exported factors.
TEST(TopnSoftmax, RankerLossIsTheLogQCorrectedSoftmaxOfTheFactors) {
  const InteractionSet set = test_groups::two_taste_groups();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  RankerOptions o = softmax_options();
  o.alpha = 0.75;
  o.passes = 3;
  DyadicRanker r(o, set.users.size(), set.items.size());
  r.train(set.rows, own);
  const Factors f = r.factors(set.users, set.items);
  std::vector<double> count(set.items.size(), 0.0);
  for (const Interaction& row : set.rows) count[row.item] += 1.0;
  const uint32_t user = 2, pos = own.items(2)[0];
  const std::vector<uint32_t> negatives = {9, 12, 9, 15};
  std::vector<double> logits;
  for (const uint32_t x : {pos, negatives[0], negatives[1], negatives[2], negatives[3]})
    logits.push_back(f.score(user, x) - 0.75 * std::log(count[x]));
  EXPECT_NEAR(r.softmax_loss(user, pos, negatives), direct_loss(logits), 1e-5);
}

// A rate far too large: steps that would overflow are refused and counted,
// and every weight stays finite.
TEST(TopnSoftmax, DivergingRatesNeverPutANonFiniteValueInTheWeights) {
  const InteractionSet set = test_groups::two_taste_groups();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  RankerOptions o = softmax_options();
  o.learning_rate = 1000.0;
  o.l2 = 0.0;
  o.init = 1.0;
  DyadicRanker r(o, set.users.size(), set.items.size());
  r.train(set.rows, own);
  EXPECT_GT(r.skipped_steps(), 0u);
  const Factors f = r.factors(set.users, set.items);
  for (const std::vector<float>* v : {&f.user_vec, &f.item_vec, &f.item_bias})
    for (const float x : *v) ASSERT_TRUE(std::isfinite(x));
}

// --average_passes N: the final weights are the mean of the last N pass ends
// (the model's snapshot averaging), for the softmax (whose steps write the
// vectors directly) as for BPR; --rate_decay changes the run and stays seeded.
TEST(TopnSoftmax, AveragePassesIsTheMeanOfTheLastPassEnds) {
  const InteractionSet set = test_groups::two_taste_groups();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  for (const RankLoss loss : {RankLoss::kBpr, RankLoss::kSoftmax}) {
    SCOPED_TRACE(loss == RankLoss::kBpr ? "bpr" : "softmax");
    const auto trained = [&](unsigned passes, unsigned average, double decay) {
      RankerOptions o = softmax_options();
      o.loss = loss;
      o.passes = passes;
      o.average_passes = average;
      o.rate_decay = decay;
      DyadicRanker r(o, set.users.size(), set.items.size());
      r.train(set.rows, own);
      return r.factors(set.users, set.items);
    };
    const Factors two = trained(2, 1, 1.0), three = trained(3, 1, 1.0), mean = trained(3, 2, 1.0);
    ASSERT_NE(two.item_vec, three.item_vec);
    for (std::size_t n = 0; n < mean.item_vec.size(); ++n)
      ASSERT_NEAR(mean.item_vec[n], 0.5 * (two.item_vec[n] + three.item_vec[n]), 1e-6) << n;
    for (std::size_t n = 0; n < mean.user_vec.size(); ++n)
      ASSERT_NEAR(mean.user_vec[n], 0.5 * (two.user_vec[n] + three.user_vec[n]), 1e-6) << n;
    for (std::size_t n = 0; n < mean.item_bias.size(); ++n)
      ASSERT_NEAR(mean.item_bias[n], 0.5 * (two.item_bias[n] + three.item_bias[n]), 1e-6) << n;
    EXPECT_NE(trained(3, 1, 0.5).item_vec, three.item_vec);
    EXPECT_EQ(trained(3, 1, 0.5).item_vec, trained(3, 1, 0.5).item_vec);
  }
}

TEST(TopnSoftmax, RefusesOptionsItDoesNotTake) {
  RankerOptions o = softmax_options();
  o.hard_candidates = 2;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError);
  o = softmax_options();
  o.adaptive = true;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError);
  o = softmax_options();
  o.max_norm = -1;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError);
  o = softmax_options();
  o.rate_decay = 0;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError);
  o.rate_decay = 1.5;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError);
  o = softmax_options();
  o.average_passes = 31;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError);
  o = softmax_options();
  o.negatives = 0;
  EXPECT_NO_THROW(DyadicRanker(o, 3, 3));
  o.alpha = 0.5;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError) << "the full softmax draws nothing";
  o = RankerOptions{};
  o.negatives = 0;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError) << "--negatives 0 is the softmax's only";
  o = RankerOptions{};
  o.max_norm = 1;
  EXPECT_THROW(DyadicRanker(o, 3, 3), UsageError) << "--max_norm needs --loss softmax";
  EXPECT_EQ(parse_rank_loss("softmax"), RankLoss::kSoftmax);
}

}  // namespace
}  // namespace learner::topn
