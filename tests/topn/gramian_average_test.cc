// --average_passes for the Gramian loss (gramian.h GramianOptions::average_passes):
// train() ends at the mean of the last N pass ends, computed here by hand from
// pass() calls; 1 is the last pass's end; out-of-range N is refused.
#include <gtest/gtest.h>

#include <vector>

#include "learner/error.h"
#include "learner/topn/gramian.h"

namespace learner::topn {
namespace {

std::vector<Interaction> average_pairs() {
  const uint32_t p[][2] = {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 3}, {2, 0}, {3, 4}, {3, 2}, {0, 4}};
  std::vector<Interaction> rows;
  for (const auto& q : p) rows.push_back({q[0], q[1], 5.0f, 0.0});
  return rows;
}

GramianOptions average_options() {
  GramianOptions o;
  o.rank = 3;
  o.passes = 6;
  o.observed = 1.5;
  o.unobserved = 0.3;
  o.learning_rate = 0.2;
  o.l2 = 0.05;
  o.init = 0.5;
  o.joint = true;
  return o;
}

TEST(TopnGramianAverage, TheMeanOfTheLastPassEnds) {
  const auto rows = average_pairs();
  GramianOptions o = average_options();
  o.average_passes = 3;
  GramianRanker averaged(o, 4, 5, rows);
  averaged.train();
  GramianRanker by_hand(average_options(), 4, 5, rows);
  GramianRanker::Rows users = GramianRanker::Rows::Zero(4, 5), items = GramianRanker::Rows::Zero(5, 5);
  for (unsigned p = 0; p < 6; ++p) {
    by_hand.pass();
    if (p >= 3) {
      users += by_hand.users();
      items += by_hand.items();
    }
  }
  EXPECT_TRUE(averaged.users().isApprox(users / 3.0, 1e-14));
  EXPECT_TRUE(averaged.items().isApprox(items / 3.0, 1e-14));
  EXPECT_FALSE(averaged.items().isApprox(by_hand.items(), 1e-6));  // not just the last end
  GramianRanker last(average_options(), 4, 5, rows);
  last.train();
  EXPECT_EQ(last.items(), by_hand.items());
  for (Eigen::Index u = 0; u < 4; ++u) EXPECT_EQ(averaged.users()(u, 4), 1.0);  // the constants stay 1
}

TEST(TopnGramianAverage, RangeChecked) {
  const auto rows = average_pairs();
  GramianOptions o = average_options();
  o.average_passes = 0;
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
  o.average_passes = 7;
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
}

}  // namespace
}  // namespace learner::topn
