// The sequence history of the Gramian loss (gramian.h GramianOptions::sequence,
// learner-topn --sequence L; sequence_contexts.h): a user's positives in time
// order and each position's context (hand-built cases), L_s equals the sum written
// out, the gradient the sweeps use equals central finite differences of L_s (the z
// rows too), training is seeded, lowers L_s and stays bounded, recommend scores
// with the user's last L positives, and a chain of items is learnt as one.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "gramian_fixture.h"
#include "groups.h"
#include "learner/error.h"
#include "learner/topn/gramian.h"
#include "learner/topn/recommend.h"
#include "learner/topn/sampler.h"
#include "learner/topn/sequence_contexts.h"

namespace learner::topn {
namespace {

using gramian_fixture::expect_diverging_training_stays_bounded;
using gramian_fixture::expect_weights_bounded;
using gramian_fixture::shake_biases;
using gramian_fixture::tiny_options;
using gramian_fixture::tiny_pairs;

std::vector<uint32_t> as_vector(std::span<const uint32_t> s) { return {s.begin(), s.end()}; }

TEST(TopnSequenceContexts, OrdersEachUsersPositivesByTimeThenLine) {
  // user item rating time; line numbers from 0.
  const std::vector<Interaction> rows = {
      {0, 3, 5, 30},  // 0
      {0, 1, 5, 10},  // 1
      {1, 2, 5, 7},   // 2
      {0, 2, 2, 5},   // 3: rated 2, below min_rating 4: not a positive
      {0, 4, 4, 10},  // 4: ties item 1's time, a later line: after it
      {0, 0, 5, 20},  // 5
      {1, 0, 5, 1},   // 6
      {0, 1, 5, 40},  // 7: item 1 again; its last line counts: now the latest
      {2, 9, 5, 1},   // 8: item 9 beyond the catalogue of 5: left out
  };
  const SequenceContexts s(3, 5, rows, 4.0f, 2, 1.0);
  EXPECT_EQ(s.slots(), 6u);  // user 0: 4 distinct positives, user 1: 2, user 2: none
  EXPECT_EQ(as_vector(s.sequence(0)), (std::vector<uint32_t>{4, 0, 3, 1}));
  EXPECT_EQ(as_vector(s.sequence(1)), (std::vector<uint32_t>{0, 2}));
  EXPECT_TRUE(s.sequence(2).empty());
  // Contexts: the up-to-2 positives before each position.
  EXPECT_TRUE(s.context(s.slot(0, 4)).empty());
  EXPECT_EQ(as_vector(s.context(s.slot(0, 0))), (std::vector<uint32_t>{4}));
  EXPECT_EQ(as_vector(s.context(s.slot(0, 3))), (std::vector<uint32_t>{4, 0}));
  EXPECT_EQ(as_vector(s.context(s.slot(0, 1))), (std::vector<uint32_t>{0, 3}));
  EXPECT_EQ(as_vector(s.context(s.slot(1, 2))), (std::vector<uint32_t>{0}));
  EXPECT_EQ(as_vector(s.final_context(0)), (std::vector<uint32_t>{3, 1}));
  EXPECT_EQ(as_vector(s.final_context(1)), (std::vector<uint32_t>{0, 2}));
  EXPECT_TRUE(s.final_context(2).empty());
  // Scales m^-1; an empty context 0.
  EXPECT_EQ(s.scale(s.slot(0, 4)), 0.0);
  EXPECT_EQ(s.scale(s.slot(0, 0)), 1.0);
  EXPECT_EQ(s.scale(s.slot(0, 1)), 0.5);
  EXPECT_EQ(s.final_scale(1), 0.5);
  EXPECT_EQ(s.final_scale(2), 0.0);
  for (std::size_t t = 0; t < s.slots(); ++t) {
    EXPECT_EQ(s.slot(s.user_of(t), s.item_of(t)), t);
    // No position's context holds its own item.
    const auto c = s.context(t);
    EXPECT_EQ(std::find(c.begin(), c.end(), s.item_of(t)), c.end());
  }
  EXPECT_THROW(s.slot(0, 2), Error);  // rated 2: not a positive
  EXPECT_THROW(SequenceContexts(3, 5, rows, 4.0f, 0, 1.0), UsageError);
}

GramianOptions sequence_options(unsigned window, double exponent) {
  GramianOptions o = tiny_options();
  o.history = true;
  o.sequence = window;
  o.history_exponent = exponent;
  return o;
}

void shake_sequence_history(GramianRanker& g) { gramian_fixture::shake_history_rows(g, 23); }

// The score of item i with the user vector x_u + m^-e sum of z_j over `context`, written out (rank 3).
double score_with_context(GramianRanker& g, uint32_t u, uint32_t i, const std::vector<uint32_t>& context,
                          double exponent) {
  const double s = context.empty() ? 0.0 : std::pow(static_cast<double>(context.size()), -exponent);
  double p = g.users()(u, 3) + g.items()(i, 4);
  for (int c = 0; c < 3; ++c) {
    double h = 0.0;
    for (const uint32_t j : context) h += g.history()(j, c);
    p += (g.users()(u, c) + s * h) * g.items()(i, c);
  }
  return p;
}

// tiny_pairs() has every time 0, so each user's order is its lines' order:
// u0: 0 1 4, u1: 1 2, u2: 3 0, u3: 4 2.
const std::vector<std::vector<uint32_t>> kTinySequences = {{0, 1, 4}, {1, 2}, {3, 0}, {4, 2}};

// The up to `window` items before position t of `seq`.
std::vector<uint32_t> before(const std::vector<uint32_t>& seq, std::size_t t, unsigned window) {
  const std::size_t m = std::min<std::size_t>(t, window);
  return {seq.begin() + static_cast<std::ptrdiff_t>(t - m), seq.begin() + static_cast<std::ptrdiff_t>(t)};
}

TEST(TopnGramianSequence, LossIsTheSumWrittenOut) {
  const auto rows = tiny_pairs();
  for (const unsigned window : {1u, 2u}) {
    GramianRanker g(sequence_options(window, 0.5), 4, 5, rows);
    shake_biases(g);
    shake_sequence_history(g);
    double l = 0.0;
    std::vector<double> n_item(5, 0.0);
    for (const auto& r : rows) n_item[r.item] += 1.0;
    for (uint32_t u = 0; u < 4; ++u) {
      const auto& seq = kTinySequences[u];
      const double n = static_cast<double>(seq.size());
      for (std::size_t t = 0; t < seq.size(); ++t) {
        const auto ctx = before(seq, t, window);
        const double p = score_with_context(g, u, seq[t], ctx, 0.5);
        l += 1.5 * (1.0 - p) * (1.0 - p);
        for (uint32_t i = 0; i < 5; ++i) {  // the whole-catalogue term, each context weighted 1/n_u
          const double q = score_with_context(g, u, i, ctx, 0.5);
          l += 0.3 / n * q * q;
        }
      }
      l += 0.05 * (n + 0.3 * 5) * g.users().row(u).head(3).squaredNorm() + 0.02 * g.users()(u, 3) * g.users()(u, 3);
    }
    l += gramian_fixture::tiny_item_l2_terms(g, n_item);
    EXPECT_NEAR(g.loss(), l, 1e-12 * l) << "window " << window;
  }
}

TEST(TopnGramianSequence, ScoreUsesTheUsersLastPositives) {
  const auto rows = tiny_pairs();
  for (const unsigned window : {1u, 2u, 5u}) {
    GramianRanker g(sequence_options(window, 1.0), 4, 5, rows);
    shake_biases(g);
    shake_sequence_history(g);
    for (uint32_t u = 0; u < 4; ++u) {
      const auto& seq = kTinySequences[u];
      const auto ctx = before(seq, seq.size(), window);
      for (uint32_t i = 0; i < 5; ++i)
        EXPECT_NEAR(g.score(u, i), score_with_context(g, u, i, ctx, 1.0), 1e-12) << "user " << u << " item " << i;
    }
  }
}

TEST(TopnGramianSequence, GradientMatchesFiniteDifferencesOfTheLoss) {
  const auto rows = tiny_pairs();
  for (const unsigned window : {1u, 2u})
    for (const double e : {0.5, 1.0}) {
      SCOPED_TRACE("window " + std::to_string(window) + " exponent " + std::to_string(e));
      GramianRanker g(sequence_options(window, e), 4, 5, rows);
      shake_biases(g);
      shake_sequence_history(g);
      gramian_fixture::expect_history_gradient_matches_finite_differences(g);
    }
}

TEST(TopnGramianSequence, TrainingIsSeededLowersTheLossAndMovesTheHistory) {
  gramian_fixture::expect_seeded_history_training_lowers_the_loss(sequence_options(2, 0.5));
}

// z starts at 0, so in the first joint pass every context is 0 and L_s's
// shares, Gramians and Hessians are those of the loss without history: the
// user and item rows after it equal the plain ranker's (the sums in another
// order). The item rows' preconditioner must see the users' count, not the
// positions' (the L2's (n_i + alpha0 U)^nu).
TEST(TopnGramianSequence, FirstJointPassMovesTheRowsAsWithoutHistory) {
  const auto rows = tiny_pairs();
  GramianOptions plain = tiny_options();
  plain.joint = true;
  plain.passes = 1;
  plain.l2_exponent = 0.5;
  GramianOptions seq = plain;
  seq.history = true;
  seq.sequence = 2;
  GramianRanker a(plain, 4, 5, rows), b(seq, 4, 5, rows);
  a.train();
  b.train();
  EXPECT_LT((a.users() - b.users()).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((a.items() - b.items()).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_GT(b.history().norm(), 1e-3);  // z moved at the sweep's end
}

TEST(TopnGramianSequence, NoNonFiniteWeightEvenWhenTheStepsDiverge) {
  expect_diverging_training_stays_bounded(sequence_options(2, 0.5));
}

// Every user walks a chain of 12 items, starting at its own place and going 5
// steps (item k, then k+1, ... mod 12, one time unit apart): the next item of
// a user's chain is what its last item predicts. With the sequence history the
// model's first recommendation for each user is the next link after its last
// item; from the user's items alone (no history) it cannot tell which way on
// the ring the user goes on, and is right for fewer users.
TEST(TopnGramianSequence, LearnsWhatFollowsTheLastItem) {
  InteractionSet set;
  std::string text;
  char line[48];
  for (int u = 0; u < 48; ++u)
    for (int n = 0; n < 5; ++n) {
      std::snprintf(line, sizeof line, "u%d i%d 5 %d\n", u, (u + n) % 12, n);
      text += line;
    }
  read_interactions_text(text, set);
  const auto next_item_first = [&](const GramianOptions& o) {
    GramianRanker g(o, set.users.size(), set.items.size(), set.rows);
    g.train();
    EXPECT_EQ(g.skipped_steps(), 0u);
    const TopLists top = test_groups::top_of_first_users(g.factors(set.users, set.items), set, 48, 1);
    int right = 0;
    for (uint32_t u = 0; u < 48; ++u) {
      const uint32_t next = set.items.find("i" + std::to_string((u + 5) % 12));
      right += top.row(u)[0].item == next;
    }
    return right;
  };
  GramianOptions o = gramian_fixture::two_group_options();
  o.rank = 6;
  o.passes = 40;
  o.joint = true;
  const int without = next_item_first(o);
  o.history = true;
  o.history_exponent = 1.0;
  o.sequence = 1;
  const int with = next_item_first(o);
  EXPECT_GE(with, 44) << "of 48";
  EXPECT_GT(with, without + 10);
}

TEST(TopnGramianSequence, OptionsAreChecked) {
  const auto rows = tiny_pairs();
  GramianOptions o = sequence_options(2, 0.5);
  o.history = false;
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);  // needs the history
  o = sequence_options(10001, 0.5);
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
  o = sequence_options(2, 0.5);
  o.history_target = true;  // no target is in its own context
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
  o = sequence_options(10000, 0.5);
  EXPECT_NO_THROW(GramianRanker(o, 4, 5, rows));
}

}  // namespace
}  // namespace learner::topn
