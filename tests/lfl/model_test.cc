// Menon & Elkan's LFL (learner/lfl/model.h): the gradient against finite differences, the
// predictions from a known distribution, learning on generated data, and option checks.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/lfl/model.h"

namespace learner::lfl {
namespace {

LflOptions small_options() {
  LflOptions o;
  o.rank = 3;
  o.l2 = 0.2;
  o.init = 0.7;
  o.seed = 5;
  return o;
}

TEST(LflGradient, MatchesCentralFiniteDifferencesOnEveryTouchedParameter) {
  LflModel m(3, 4, {1.0, 2.0, 4.0}, small_options());
  std::mt19937 rng(3);
  std::normal_distribution<double> g(0.0, 0.5);
  for (double& w : m.parameters()) w += g(rng);  // biases away from 0 too
  for (const Entry e : {Entry{0, 1, 0}, Entry{2, 3, 2}, Entry{1, 0, 1}}) {
    Gradient grad;
    m.gradient(e, grad);
    ASSERT_EQ(grad.size(), 3u * (2u * (3u + 1u) + 1u));  // per class: two latent vectors and biases, c_y
    for (const auto& [j, d] : grad) {
      double& w = m.parameters()[j];
      const double keep = w, h = 1e-5;
      w = keep + h;
      const double up = m.loss(e);
      w = keep - h;
      const double down = m.loss(e);
      w = keep;
      EXPECT_NEAR(d, (up - down) / (2 * h), 1e-6) << "parameter " << j;
    }
  }
}

TEST(LflGradient, ParametersOfOtherUsersAndItemsDoNotMoveTheLoss) {
  LflModel m(3, 4, {1.0, 2.0, 4.0}, small_options());
  const Entry e{0, 1, 2};
  const double before = m.loss(e);
  const std::size_t n = m.parameters().size();
  // user 1 follows user 0; the item blocks follow the 3 user blocks; item 0 precedes item 1.
  const std::size_t stride = 3 * (3 + 1);
  for (std::size_t j : {stride, 2 * stride + 1, 3 * stride + 2}) {
    ASSERT_LT(j, n);
    m.parameters()[j] += 1.0;
    EXPECT_DOUBLE_EQ(m.loss(e), before) << "parameter " << j;
  }
}

TEST(LflPrediction, ExpectedValueAndMedianOfTheDistribution) {
  LflOptions o = small_options();
  o.init = 0.0;  // every score 0 but the class biases c_y, set below
  LflModel m(1, 1, {1.0, 2.0, 5.0}, o);
  std::vector<double>& w = m.parameters();
  const std::size_t c0 = w.size() - 3;
  // p proportional to (1, 1, 2): p = (0.25, 0.25, 0.5)
  w[c0 + 2] = std::log(2.0);
  const std::vector<double> p = m.probabilities(0, 0);
  EXPECT_NEAR(p[0], 0.25, 1e-12);
  EXPECT_NEAR(p[2], 0.5, 1e-12);
  EXPECT_NEAR(m.expected(0, 0), 0.25 * 1 + 0.25 * 2 + 0.5 * 5, 1e-12);
  EXPECT_EQ(m.median(0, 0), 2.0);  // cumulative 0.25, 0.5: reaches 1/2 at the second value
  w[c0 + 2] = std::log(3.0);        // p = (0.2, 0.2, 0.6)
  EXPECT_EQ(m.median(0, 0), 5.0);
  // an unseen user or item contributes nothing: only c_y is left
  EXPECT_NEAR(m.expected(spectral::IdMap::kMissing, 0), m.expected(0, 0), 1e-12);
}

// Users and items in two groups; the rating is 5 when the groups agree, else 2, with 10%
// of the ratings replaced by a uniform 1..5. 60% of the pairs train, the rest are held out.
struct Generated {
  std::vector<Entry> train, held_out;
};
Generated two_groups() {
  std::mt19937 rng(17);
  Generated g;
  for (std::uint32_t u = 0; u < 60; ++u)
    for (std::uint32_t i = 0; i < 50; ++i) {
      std::uint32_t level = (u % 2) == (i % 2) ? 4 : 1;  // levels 1..5 -> index 0..4
      if (rng() % 10 == 0) level = rng() % 5;
      (rng() % 10 < 6 ? g.train : g.held_out).push_back({u, i, level});
    }
  return g;
}

void expect_learns(bool adagrad, double lr) {
  const Generated g = two_groups();
  LflOptions o;
  o.rank = 2;
  o.passes = 30;
  o.lr = lr;
  o.l2 = 0.01;
  o.adagrad = adagrad;
  LflModel m(60, 50, {1, 2, 3, 4, 5}, o);
  const double start = m.objective(g.train);
  m.train(g.train);
  EXPECT_LT(m.objective(g.train), 0.6 * start);
  double se = 0, ae = 0, se_const = 0;
  double mean = 0;
  for (const Entry& e : g.train) mean += e.level + 1;
  mean /= static_cast<double>(g.train.size());
  for (const Entry& e : g.held_out) {
    const double y = e.level + 1;
    se += std::pow(m.expected(e.user, e.item) - y, 2);
    ae += std::fabs(m.median(e.user, e.item) - y);
    se_const += std::pow(mean - y, 2);
  }
  const double n = static_cast<double>(g.held_out.size());
  // Noise alone costs about 0.1 * E|uniform - true| ~ 0.2 in MAE; the constant is far worse.
  EXPECT_LT(ae / n, 0.35);
  EXPECT_LT(std::sqrt(se / n), 0.6 * std::sqrt(se_const / n));
}

TEST(LflTraining, SgdLearnsTheGroupsOfGeneratedData) { expect_learns(false, 0.05); }
TEST(LflTraining, AdagradLearnsTheGroupsOfGeneratedData) { expect_learns(true, 0.2); }

// Issue 28: --lr 10 --l2 100 --init 10 (each inside its documented range) drove the
// parameters to NaN. A diverging pass is undone and run again at half the rate.
TEST(LflTraining, ADivergingPassIsUndoneAndRunAgainAtHalfTheRate) {
  const Generated g = two_groups();
  LflOptions o;
  o.lr = 10;
  o.l2 = 100;
  o.init = 10;
  o.passes = 3;
  LflModel m(60, 50, {1, 2, 3, 4, 5}, o);
  const double start = m.objective(g.train);
  std::vector<std::string> notes;
  m.train(g.train, [&](const std::string& n) { notes.push_back(n); });
  for (const double w : m.parameters()) ASSERT_TRUE(std::isfinite(w));
  EXPECT_FALSE(notes.empty());
  EXPECT_NE(notes.front().find("pass 1 diverged"), std::string::npos) << notes.front();
  EXPECT_NE(notes.front().find("run again at 5"), std::string::npos) << notes.front();
  EXPECT_EQ(m.lr(), 10.0 / std::pow(2.0, static_cast<double>(notes.size())));
  const double end = m.objective(g.train);
  EXPECT_TRUE(std::isfinite(end));
  EXPECT_LT(end, start);
  for (const Entry& e : g.held_out) ASSERT_TRUE(std::isfinite(m.expected(e.user, e.item)));
}

// A run that diverges at every rate stops with an Error instead of returning a broken model.
TEST(LflTraining, AModelThatDivergesAtEveryRateThrows) {
  const Generated g = two_groups();
  LflModel m(60, 50, {1, 2, 3, 4, 5}, LflOptions{});
  m.parameters()[0] = 1e300;  // user 0's first latent weight: the scores overflow at any step size
  int notes = 0;
  try {
    m.train(g.train, [&](const std::string&) { ++notes; });
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("LFL diverged"), std::string::npos) << e.what();
  }
  EXPECT_EQ(notes, LflModel::kMaxHalvings);
}

// A well-behaved run is not touched: no restart, the rate as given.
TEST(LflTraining, AConvergingRunKeepsItsRate) {
  const Generated g = two_groups();
  LflOptions o;
  o.passes = 10;
  LflModel m(60, 50, {1, 2, 3, 4, 5}, o);
  int notes = 0;
  m.train(g.train, [&](const std::string&) { ++notes; });
  EXPECT_EQ(notes, 0);
  EXPECT_EQ(m.lr(), o.lr);
}

TEST(LflOptionsCheck, OutOfRangeValuesAreUsageErrors) {
  auto make = [](LflOptions o, std::vector<double> levels = {1, 2}) { LflModel m(1, 1, levels, o); };
  LflOptions o;
  EXPECT_THROW(make(o, {3.0}), UsageError);
  o.rank = 0;
  EXPECT_THROW(make(o), UsageError);
  o = LflOptions{};
  o.lr = 0;
  EXPECT_THROW(make(o), UsageError);
  o = LflOptions{};
  o.l2 = -1;
  EXPECT_THROW(make(o), UsageError);
  o = LflOptions{};
  o.passes = 0;
  EXPECT_THROW(make(o), UsageError);
  o = LflOptions{};
  o.lr = std::nan("");
  EXPECT_THROW(make(o), UsageError);
}

TEST(LflTraining, RejectsAnEntryOutsideTheModel) {
  LflModel m(2, 2, {1, 2}, LflOptions{});
  EXPECT_THROW(m.train({Entry{2, 0, 0}}), Error);
  EXPECT_THROW(m.train({Entry{0, 0, 2}}), Error);
}

}  // namespace
}  // namespace learner::lfl
