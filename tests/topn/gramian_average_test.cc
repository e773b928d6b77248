// --average_passes for the Gramian loss (gramian.h GramianOptions::average_passes):
// train() ends at the mean of the last N pass ends, computed here by hand from
// pass() calls; 1 is the last pass's end; out-of-range N is refused.
#include <gtest/gtest.h>

#include <vector>

#include "gramian_fixture.h"
#include "learner/error.h"
#include "learner/topn/gramian.h"

namespace learner::topn {
namespace {

using gramian_fixture::tiny_options;
using gramian_fixture::tiny_pairs;


GramianOptions average_options() {
  GramianOptions o = tiny_options();
  o.passes = 6;
  o.bias_l2 = 0.0;
  o.joint = true;
  return o;
}

TEST(TopnGramianAverage, TheMeanOfTheLastPassEnds) {
  const auto rows = tiny_pairs();
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
  const auto rows = tiny_pairs();
  GramianOptions o = average_options();
  o.average_passes = 0;
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
  o.average_passes = 7;
  EXPECT_THROW(GramianRanker(o, 4, 5, rows), UsageError);
}

}  // namespace
}  // namespace learner::topn
