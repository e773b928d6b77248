// cb_sample_choice (src/reduction/cb_sample.h): the draw follows the pmf,
// the tag seed makes it repeatable and leaves the run's state alone, a group
// learned from puts its labelled action first.
#include <gtest/gtest.h>

#include <vector>

#include "learner/example_group.h"
#include "src/reduction/cb_sample.h"

namespace learner {
namespace {

ExampleGroup group_of(std::size_t actions, int labelled = -1, const char* tag = "", bool shared = false) {
  ExampleGroup g;
  if (shared) {
    GroupLine& s = g.add();
    s.ex.tag = tag;
    s.ex.shared = true;
  }
  for (std::size_t a = 0; a < actions; ++a) {
    GroupLine& line = g.add();
    if (!shared && a == 0) line.ex.tag = tag;
    if (static_cast<int>(a) == labelled) {
      line.ex.has_label = true;
      line.ex.costs.push_back(ClassCost{1, -1.0f, 0.5f});
    }
  }
  return g;
}

TEST(CbSample, DrawsFollowThePmf) {
  const ExampleGroup g = group_of(3);
  uint64_t state = 11;
  std::vector<int> counts(3, 0);
  const int n = 30000;
  for (int i = 0; i < n; ++i) {
    ActionPmf pmf{{2, 0, 1}, {0.6f, 0.3f, 0.1f}};
    ++counts[cb_sample_choice(g, false, pmf, state)];
  }
  EXPECT_NEAR(counts[0] / double(n), 0.6, 0.015);
  EXPECT_NEAR(counts[1] / double(n), 0.3, 0.015);
  EXPECT_NEAR(counts[2] / double(n), 0.1, 0.015);
}

TEST(CbSample, TagSeedRepeatsAndLeavesTheStateAlone) {
  const ExampleGroup g = group_of(4, -1, "seed=xyz", true);
  uint64_t state = 5;
  ActionPmf first{{0, 1, 2, 3}, {0.25f, 0.25f, 0.25f, 0.25f}};
  const std::size_t c = cb_sample_choice(g, false, first, state);
  EXPECT_EQ(state, 5u);
  for (int i = 0; i < 20; ++i) {
    ActionPmf pmf{{0, 1, 2, 3}, {0.25f, 0.25f, 0.25f, 0.25f}};
    EXPECT_EQ(cb_sample_choice(g, false, pmf, state), c);
  }
}

TEST(CbSample, LearnedGroupPutsTheLabelledActionFirst) {
  uint64_t state = 1;
  const ExampleGroup g = group_of(3, 2, "", true);
  ActionPmf pmf{{1, 2, 0}, {0.8f, 0.1f, 0.1f}};
  EXPECT_EQ(cb_sample_choice(g, true, pmf, state), 1u);  // action 2 stands at position 1
  EXPECT_EQ(state, 1u);
  // Not learning (-t): drawn, however labelled.
  ActionPmf zero{{0, 1, 2}, {0.0f, 0.0f, 0.0f}};
  EXPECT_EQ(cb_sample_choice(g, false, zero, state), 0u);  // all zero: the first, probability 1
  EXPECT_EQ(zero.probs[0], 1.0f);
}

}  // namespace
}  // namespace learner
