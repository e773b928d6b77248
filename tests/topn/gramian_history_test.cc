// The history factor of the Gramian loss (gramian.h GramianOptions::history,
// learner-topn --history): the score and the whole-catalogue term use the
// composed user vector x_u + |N(u)|^-e sum_{j in N(u)} z_j, the observed term
// leaves the target out of its own history (or keeps it), L equals the sum
// written out by hand, the gradient the sweeps use equals central finite
// differences of L (the z rows too), training is seeded and lowers L, the
// factors (and recommend on them) score as the model; with the option off the
// factors file is the previous code's byte for byte (pinned).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "gramian_fixture.h"
#include "groups.h"
#include "learner/error.h"
#include "learner/topn/gramian.h"
#include "learner/topn/recommend.h"
#include "learner/topn/sampler.h"
#include "support/files.h"

namespace learner::topn {
namespace {

using gramian_fixture::expect_columns_match_finite_differences;
using gramian_fixture::expect_diverging_training_stays_bounded;
using gramian_fixture::expect_weights_bounded;
using gramian_fixture::shake_biases;
using gramian_fixture::tiny_options;
using gramian_fixture::tiny_pairs;
using gramian_fixture::two_group_options;

GramianOptions history_options(double exponent, bool keep_target) {
  GramianOptions o = tiny_options();
  o.history = true;
  o.history_exponent = exponent;
  o.history_target = keep_target;
  return o;
}

void shake_history(GramianRanker& g) { gramian_fixture::shake_history_rows(g, 17); }

// x_u + s_u sum_{j in N(u), j != leave_out} z_j, written out (leave_out: no item by default).
std::vector<double> composed(GramianRanker& g, uint32_t u, double exponent, uint32_t leave_out = 99) {
  const auto its = g.positives().items(u);
  const double s = std::pow(static_cast<double>(its.size()), -exponent);
  std::vector<double> x(3);
  for (int c = 0; c < 3; ++c) {
    double h = 0.0;
    for (const uint32_t j : its)
      if (j != leave_out) h += g.history()(j, c);
    x[static_cast<std::size_t>(c)] = g.users()(u, c) + s * h;
  }
  return x;
}

double brute_score(GramianRanker& g, const std::vector<double>& x, uint32_t u, uint32_t i) {
  double p = g.users()(u, 3) + g.items()(i, 4);
  for (int c = 0; c < 3; ++c) p += x[static_cast<std::size_t>(c)] * g.items()(i, c);
  return p;
}

TEST(TopnGramianHistory, ScoreAndWholeCatalogueTermUseTheComposedVector) {
  const auto rows = tiny_pairs();
  for (const double e : {0.5, 1.0}) {
    GramianRanker g(history_options(e, false), 4, 5, rows);
    shake_biases(g);
    shake_history(g);
    double brute = 0.0;
    for (uint32_t u = 0; u < 4; ++u) {
      const auto x = composed(g, u, e);
      for (uint32_t i = 0; i < 5; ++i) {
        const double p = brute_score(g, x, u, i);
        EXPECT_NEAR(g.score(u, i), p, 1e-12);
        brute += p * p;
      }
    }
    EXPECT_NEAR(g.whole_catalogue_term(), 0.3 * brute, 1e-12 * brute);
  }
}

TEST(TopnGramianHistory, LossIsTheSumWrittenOut) {
  const auto rows = tiny_pairs();
  for (const bool keep : {false, true}) {
    GramianRanker g(history_options(0.5, keep), 4, 5, rows);
    shake_biases(g);
    shake_history(g);
    double l = g.whole_catalogue_term();
    std::vector<double> n_item(5, 0.0);
    for (const auto& r : rows) n_item[r.item] += 1.0;
    for (uint32_t u = 0; u < 4; ++u) {
      const auto its = g.positives().items(u);
      for (const uint32_t i : its) {
        const double p = brute_score(g, composed(g, u, 0.5, keep ? 99u : i), u, i);
        l += 1.5 * (1.0 - p) * (1.0 - p);
      }
      const double n = static_cast<double>(its.size());
      l += 0.05 * (n + 0.3 * 5) * g.users().row(u).head(3).squaredNorm() + 0.02 * g.users()(u, 3) * g.users()(u, 3);
    }
    l += gramian_fixture::tiny_item_l2_terms(g, n_item);
    EXPECT_NEAR(g.loss(), l, 1e-12 * l) << "keep target " << keep;
  }
}

TEST(TopnGramianHistory, GradientMatchesFiniteDifferencesOfTheLoss) {
  const auto rows = tiny_pairs();
  for (const double e : {0.5, 1.0})
    for (const bool keep : {false, true}) {
      SCOPED_TRACE("exponent " + std::to_string(e) + " keep target " + std::to_string(keep));
      GramianRanker g(history_options(e, keep), 4, 5, rows);
      shake_biases(g);
      shake_history(g);
      gramian_fixture::expect_history_gradient_matches_finite_differences(g);
    }
}

TEST(TopnGramianHistory, LeavingTheTargetOutChangesTheGradient) {
  // The two variants are different objectives (else the test above could not tell them apart).
  const auto rows = tiny_pairs();
  GramianRanker out(history_options(0.5, false), 4, 5, rows), in(history_options(0.5, true), 4, 5, rows);
  for (GramianRanker* g : {&out, &in}) {
    shake_biases(*g);
    shake_history(*g);
  }
  GramianRanker::Rows gu, gi, gz_out, gz_in;
  out.gradient(gu, gi, &gz_out);
  in.gradient(gu, gi, &gz_in);
  EXPECT_GT((gz_out - gz_in).norm(), 1e-3);
}

TEST(TopnGramianHistory, TrainingIsSeededLowersTheLossAndMovesTheHistory) {
  gramian_fixture::expect_seeded_history_training_lowers_the_loss(history_options(0.5, false));
}

TEST(TopnGramianHistory, NoNonFiniteWeightEvenWhenTheStepsDiverge) {
  expect_diverging_training_stays_bounded(history_options(0.5, false));
}

TEST(TopnGramianHistory, FactorsFileAndRecommendScoreAsTheComposedModel) {
  const InteractionSet set = test_groups::two_taste_groups();
  GramianOptions o = two_group_options();
  o.history = true;
  GramianRanker g(o, set.users.size(), set.items.size(), set.rows);
  g.train();
  EXPECT_EQ(g.skipped_steps(), 0u);
  EXPECT_GT(g.history().norm(), 1e-3);
  const std::string path = test::temp_path("history.factors");
  save_factors(g.factors(set.users, set.items), path);
  const Factors f = load_factors(path);  // the round trip: what recommend reads
  const uint32_t n_users = static_cast<uint32_t>(set.users.size()), n_items = static_cast<uint32_t>(set.items.size());
  const UserItems exclude(n_users, n_items, set.rows);
  std::vector<uint32_t> users;
  for (uint32_t u = 0; u < n_users; ++u) users.push_back(u);
  const FactorScorer scorer(f);
  const TopLists top = recommend(scorer, &exclude, users, 5, 2);
  for (uint32_t u = 0; u < n_users; ++u) {
    // Brute force from the model's own weights: x_u + |N(u)|^-0.5 sum z_j, every unseen item.
    const auto its = g.positives().items(u);
    Eigen::RowVectorXd x = g.users().row(u).head(4);
    for (const uint32_t j : its) x += std::pow(static_cast<double>(its.size()), -0.5) * g.history().row(j);
    std::vector<std::pair<double, uint32_t>> all;
    for (uint32_t i = 0; i < n_items; ++i) {
      const double p = g.users()(u, 4) + g.items()(i, 5) + x.dot(g.items().row(i).head(4));
      EXPECT_NEAR(f.score(u, i), p, 1e-5);
      if (!exclude.contains(u, i)) all.push_back({-p, i});
    }
    std::sort(all.begin(), all.end());
    const auto row = top.row(u);
    ASSERT_EQ(row.size(), 5u);
    for (std::size_t q = 0; q < 5; ++q) {
      EXPECT_NEAR(row[q].score, -all[q].first, 1e-5) << "user " << u << " place " << q;
      // Ties apart (the scores are rounded to float), the same items in order.
      if (q + 1 < all.size() && std::fabs(all[q].first - all[q + 1].first) > 1e-4 &&
          (q == 0 || std::fabs(all[q].first - all[q - 1].first) > 1e-4)) {
        EXPECT_EQ(row[q].item, all[q].second) << "user " << u << " place " << q;
      }
    }
  }
  EXPECT_GE(test_groups::own_group_recommendations(f, set), 54) << "of 60";
}

// The factors file of a small run with the history option off, as the code
// before it wrote it (learner-topn train --loss gramian --rank 3 --passes 5
// --lr 0.2 --l2 0.05 --bias_l2 0.02 --init 0.5 --unobserved 0.3
// --observed_weight 1.5 --l2_exponent 1 --seed 1 on tiny_pairs, binary of
// 851b237).
TEST(TopnGramianHistory, OffTheFactorsAreThePreviousCodesByteForByte) {
  const char* joint =
      "learner-topn factors 1 rank 3 global 0\n"
      "u 0 0.37108171 0.0563212708 -0.0651860535 0.22846365\n"
      "u 1 0.328974009 0.255419403 -0.178691044 0.450158447\n"
      "u 2 0.219631821 0.0490493365 0.291574538 -0.407172173\n"
      "u 3 0.315110028 0.318746865 -0.225941822 0.253598362\n"
      "i 0 0.356963098 -0.20354186 0.138279036 -0.198780268\n"
      "i 1 0.259966433 -0.142349944 -0.0647919625 0.270545453\n"
      "i 2 0.227419347 0.0865015611 -0.163065627 0.164572969\n"
      "i 3 0.158363253 -0.12582688 0.352645785 -0.526874304\n"
      "i 4 0.291568458 -0.0939491019 -0.122981973 0.0944455415\n";
  const char* alternate =
      "learner-topn factors 1 rank 3 global 0\n"
      "u 0 0.347038537 -0.0438208096 -0.0405249782 0.470388532\n"
      "u 1 0.281347811 0.121220827 0.407399833 0.303536028\n"
      "u 2 0.235980242 -0.0290982034 0.0294686444 -0.372754872\n"
      "u 3 0.320725679 0.542711914 -0.221569106 0.0469256416\n"
      "i 0 0.332162023 -0.2858679 -0.0189416409 -0.116000272\n"
      "i 1 0.175792336 -0.309047341 0.290413976 0.461857945\n"
      "i 2 0.229434788 0.294980049 0.238113374 -0.067193523\n"
      "i 3 0.154621482 -0.298747003 0.046174597 -0.719744265\n"
      "i 4 0.192915484 0.0897691324 -0.440698177 0.256081551\n";
  IdMap users, items;
  for (const char* n : {"0", "1", "2", "3"}) users.intern(n);
  for (const char* n : {"0", "1", "2", "3", "4"}) items.intern(n);
  const auto rows = tiny_pairs();
  for (const bool j : {true, false}) {
    GramianOptions o = tiny_options();
    o.joint = j;
    GramianRanker g(o, 4, 5, rows);
    g.train();
    const std::string path = test::temp_path(j ? "off-joint.factors" : "off-alternate.factors");
    save_factors(g.factors(users, items), path);
    EXPECT_EQ(test::slurp(path), j ? joint : alternate);
  }
}

TEST(TopnGramianHistory, HistoryOnlyHoldsTheUserVectorAtZero) {
  // FISM's shape: the user's latent vector is its history alone; the z, item
  // and bias gradients still match finite differences of L.
  const auto rows = tiny_pairs();
  GramianOptions o = history_options(0.5, false);
  o.history_only = true;
  GramianRanker g(o, 4, 5, rows);
  EXPECT_EQ(g.users().leftCols(3).norm(), 0.0);
  shake_biases(g);
  shake_history(g);
  GramianRanker::Rows gu, gi, gz;
  g.gradient(gu, gi, &gz);
  EXPECT_EQ(gu.leftCols(3).norm(), 0.0);  // not a weight
  expect_columns_match_finite_differences(g, g.history(), gz, 0, 3);
  expect_columns_match_finite_differences(g, g.items(), gi, 0, 3);
  expect_columns_match_finite_differences(g, g.items(), gi, 4, 5);  // the item bias
  expect_columns_match_finite_differences(g, g.users(), gu, 3, 4);  // the user bias
  o.passes = 20;
  GramianRanker t(o, 4, 5, rows);
  const double before = t.loss();
  t.train();
  EXPECT_EQ(t.users().leftCols(3).norm(), 0.0);
  EXPECT_GT(t.history().norm(), 1e-3);
  EXPECT_LT(t.loss(), 0.9 * before);
  o.history = false;
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
}

TEST(TopnGramianHistory, OptionsAreRangeChecked) {
  const auto rows = tiny_pairs();
  GramianOptions o = history_options(-0.1, false);
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
  o = history_options(2.5, false);
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
  o = history_options(0.5, false);
  o.pairwise = 0.3;
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
  o = history_options(0.5, false);
  o.average_passes = 2;
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
}

}  // namespace
}  // namespace learner::topn
