// Negative sampling (sampler.h) and the interaction reader and splits.
#include <gtest/gtest.h>

#include <set>

#include "learner/error.h"
#include "learner/topn/protocols.h"
#include "learner/topn/sampler.h"

namespace learner::topn {
namespace {

InteractionSet small_set() {
  InteractionSet set;
  read_interactions_text(
      "u1 a 5 10\nu1 b 3 20\nu2 a 4 5\nu2 c 1 7\nu2 d 2 6\nu3 e 5 1\nu1 c 4 30\nu3 a 2 2\n", set);
  return set;
}

TEST(TopnSampler, NeverDrawsTheUsersItemsAndIsSeeded) {
  const InteractionSet set = small_set();
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  for (const double alpha : {0.0, 1.0}) {
    NegativeSampler a(own, alpha, 7), b(own, alpha, 7), c(own, alpha, 8);
    std::vector<uint32_t> da, dc;
    for (int n = 0; n < 3000; ++n) {
      const auto u = static_cast<uint32_t>(n % 3);
      const uint32_t j = a.draw(u);
      ASSERT_NE(j, NegativeSampler::kNoItem);
      EXPECT_FALSE(own.contains(u, j)) << "user " << u << " drew its own item " << j;
      EXPECT_EQ(j, b.draw(u)) << "same seed, same draws";
      da.push_back(j);
      dc.push_back(c.draw(u));
    }
    EXPECT_NE(da, dc) << "another seed, other draws";
  }
}

TEST(TopnSampler, UserWithNearlyEveryItemAndWithAll) {
  InteractionSet set;
  std::string text;
  for (int i = 0; i < 200; ++i) text += "full i" + std::to_string(i) + "\n";
  for (int i = 0; i < 199; ++i) text += "most i" + std::to_string(i) + "\n";
  read_interactions_text(text, set);
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  NegativeSampler s(own, 0.0, 1);
  EXPECT_EQ(s.draw(0), NegativeSampler::kNoItem);
  for (int n = 0; n < 20; ++n) EXPECT_EQ(s.draw(1), 199u);  // the one item "most" lacks
}

TEST(TopnSampler, PopularityExponentFollowsCounts) {
  // Items x (3 users) and y (1 user) for a fourth user with neither: alpha 1 draws x 3/4 of the time.
  InteractionSet set;
  read_interactions_text("a x\nb x\nc x\nc y\nd z\n", set);
  const UserItems own(set.users.size(), set.items.size(), set.rows);
  NegativeSampler s(own, 1.0, 3);
  int x = 0;
  const int n = 20000;
  for (int k = 0; k < n; ++k) x += s.draw(3) == 0;
  EXPECT_NEAR(static_cast<double>(x) / n, 0.75, 0.02);
}

TEST(TopnInteractions, ReadsFormatsAndRejectsBadLines) {
  InteractionSet set;
  read_interactions_text("1::10::5::978300760\n2::10::3::978300761\n", set);
  ASSERT_EQ(set.rows.size(), 2u);
  EXPECT_EQ(set.items.name(set.rows[1].item), "10");
  EXPECT_EQ(set.rows[0].time, 978300760.0);
  InteractionSet csv;
  read_interactions_text("userId,movieId,rating,timestamp\n7,8,4.5,3\n", csv);
  ASSERT_EQ(csv.rows.size(), 1u);
  EXPECT_EQ(csv.rows[0].rating, 4.5f);
  InteractionSet bad;
  EXPECT_THROW(read_interactions_text("1 2 x\n", bad, "f"), InputError);
  EXPECT_THROW(read_interactions_text("1 2\n\n", bad, "f"), InputError);
  try {
    InteractionSet more;
    read_interactions_text("1 2 3\n1 2 nan\n", more, "f");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("f:2:", 0), 0u) << e.what();
  }
}

// A line without the rating or time column beside lines with it would read
// rating 1 (dropped by --min_rating) or its line number as its time (first in
// the user's time line): refused, naming the line.
TEST(TopnInteractions, EveryLineHasTheColumnsOfTheFirst) {
  for (const char* text : {"1 2 5 100\n1 3 4\n", "1 2 5\n1 3 4 100\n", "1 2\n1 3 5\n", "1::2::5::9\n1::3\n"}) {
    InteractionSet set;
    try {
      read_interactions_text(text, set, "f");
      ADD_FAILURE() << text;
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("f:2:", 0), 0u) << e.what();
      EXPECT_NE(std::string(e.what()).find("where line 1 has"), std::string::npos) << e.what();
    }
  }
  // Columns past the fourth are not read: 5 and 4 columns agree.
  InteractionSet extra;
  read_interactions_text("1 2 5 100 x\n1 3 4 101\n", extra, "f");
  EXPECT_EQ(extra.rows.size(), 2u);
  // A CSV header is not a data line: the first row after it sets the columns.
  InteractionSet csv;
  EXPECT_THROW(read_interactions_text("u,i,r,t\n7,8,4.5,3\n7,9,4\n", csv, "f"), InputError);
  // Each file on its own: a test file may carry fewer columns than its training file.
  InteractionSet two;
  read_interactions_text("1 2 5 100\n", two, "train");
  read_interactions_text("1 3\n", two, "test");
  EXPECT_EQ(two.rows.size(), 2u);
}

TEST(TopnSplits, LastByTimeAndRandom) {
  const InteractionSet set = small_set();
  std::vector<Interaction> train, test;
  split_last(set.rows, set.users.size(), 2, train, test);
  ASSERT_EQ(test.size(), 3u);
  std::set<std::string> held;
  for (const Interaction& r : test) held.insert(set.users.name(r.user) + ":" + set.items.name(r.item));
  EXPECT_EQ(held, (std::set<std::string>{"u1:c", "u2:c", "u3:a"}));
  EXPECT_EQ(train.size() + test.size(), set.rows.size());
  std::vector<Interaction> a, b, c, d;
  split_random(set.rows, 0.5, 4, a, b);
  split_random(set.rows, 0.5, 4, c, d);
  EXPECT_EQ(a.size(), c.size());
  EXPECT_EQ(a.size() + b.size(), set.rows.size());
}

TEST(TopnInteractions, UserItemsSortsDeduplicatesAndFilters) {
  InteractionSet set;
  read_interactions_text("u c 5\nu a 2\nu c 4\nu b 4\n", set);
  const UserItems all(set.users.size(), set.items.size(), set.rows);
  ASSERT_EQ(all.items(0).size(), 3u);
  EXPECT_EQ(all.items(0)[0], 0u);  // c
  EXPECT_EQ(all.items(0)[2], 2u);  // b
  const UserItems liked(set.users.size(), set.items.size(), set.rows, 4.0f);
  EXPECT_EQ(liked.items(0).size(), 2u);  // c, b
  EXPECT_FALSE(liked.contains(0, 1));
}

}  // namespace
}  // namespace learner::topn
