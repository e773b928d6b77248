// The filter trees' tournament: structure and the training set of each game.
#include "src/reduction/tournament.h"

#include <gtest/gtest.h>

#include "learner/error.h"

namespace learner {
namespace {

// Entrant encoding: e < K is class e + 1, e >= K the winner of game e - K.
constexpr uint32_t cls(uint32_t k) { return k - 1; }
constexpr uint32_t won(uint32_t K, uint32_t g) { return K + g; }

void expect_game(const Tournament& t, std::size_t g, uint32_t left, uint32_t right) {
  ASSERT_LT(g, t.games());
  EXPECT_EQ(t.game(g).left, left) << "game " << g;
  EXPECT_EQ(t.game(g).right, right) << "game " << g;
}

TEST(Tournament, FiveClassesPairInOrderWithByes) {
  const Tournament t(5);
  ASSERT_EQ(t.games(), 4u);
  expect_game(t, 0, cls(1), cls(2));
  expect_game(t, 1, cls(3), cls(4));
  expect_game(t, 2, won(5, 0), won(5, 1));
  expect_game(t, 3, won(5, 2), cls(5));
  EXPECT_EQ(t.final_game(), 3u);
}

TEST(Tournament, PowersOfTwoAreBalanced) {
  const Tournament two(2);
  ASSERT_EQ(two.games(), 1u);
  expect_game(two, 0, cls(1), cls(2));
  const Tournament eight(8);
  ASSERT_EQ(eight.games(), 7u);
  expect_game(eight, 3, cls(7), cls(8));
  expect_game(eight, 4, won(8, 0), won(8, 1));
  expect_game(eight, 5, won(8, 2), won(8, 3));
  expect_game(eight, 6, won(8, 4), won(8, 5));
  const Tournament three(3);
  expect_game(three, 0, cls(1), cls(2));
  expect_game(three, 1, won(3, 0), cls(3));
  EXPECT_THROW(Tournament(1), UsageError);
}

TEST(Tournament, PlayReturnsTheChampionOfTheDecisions) {
  const Tournament t(5);
  std::vector<uint32_t> winners;
  EXPECT_EQ(t.play([](std::size_t, uint32_t, uint32_t) { return true; }, winners), 1u);
  EXPECT_EQ(t.play([](std::size_t, uint32_t, uint32_t) { return false; }, winners), 5u);
  // The higher class wins every game: class 5, after 4 beat 3 and 2 beat 1.
  EXPECT_EQ(t.play([](std::size_t, uint32_t l, uint32_t r) { return l > r; }, winners), 5u);
  EXPECT_EQ(winners, (std::vector<uint32_t>{2, 4, 4, 5}));
}

TEST(Tournament, MulticlassLabelTrainsOnlyTheGamesItsClassReaches) {
  const Tournament t(5);
  // Label 3: costs 1 1 0 1 1.
  const std::vector<double> cost = {1, 1, 0, 1, 1};
  // Classifiers that let the left entrant win everywhere: 3 beats 4 at g1
  // (3 is left), then meets the winner of g0 (class 1) at g2 on the right,
  // and loses: g3 sees 1 and 5, equal cost, so it is not trained.
  const auto left = training_set(t, cost, [](std::size_t, uint32_t, uint32_t) { return true; });
  ASSERT_EQ(left.size(), 2u);
  EXPECT_EQ(left[0].game, 1u);
  EXPECT_TRUE(left[0].left_better);
  EXPECT_EQ(left[0].importance, 1.0);
  EXPECT_EQ(left[1].game, 2u);
  EXPECT_FALSE(left[1].left_better) << "class 3 arrived on the right";
  // Classifiers that pick the right entrant: 4 beats 3 at g1, so 3 never
  // reaches g2; only g1 is trained (g0: 1 vs 2 equal cost).
  const auto right = training_set(t, cost, [](std::size_t, uint32_t, uint32_t) { return false; });
  ASSERT_EQ(right.size(), 1u);
  EXPECT_EQ(right[0].game, 1u);
  EXPECT_TRUE(right[0].left_better);
}

TEST(Tournament, CostSensitiveImportanceIsTheCostDifference) {
  const Tournament t(4);
  const std::vector<double> cost = {0.5, 0.25, 1.0, 0.0};
  // Right wins everywhere: g0 (1 vs 2) -> 2, g1 (3 vs 4) -> 4, g2 (2 vs 4) -> 4.
  const auto set = training_set(t, cost, [](std::size_t, uint32_t, uint32_t) { return false; });
  ASSERT_EQ(set.size(), 3u);
  EXPECT_EQ(set[0].game, 0u);
  EXPECT_FALSE(set[0].left_better);
  EXPECT_DOUBLE_EQ(set[0].importance, 0.25);
  EXPECT_EQ(set[1].game, 1u);
  EXPECT_FALSE(set[1].left_better);
  EXPECT_DOUBLE_EQ(set[1].importance, 1.0);
  EXPECT_EQ(set[2].game, 2u);
  EXPECT_FALSE(set[2].left_better);
  EXPECT_DOUBLE_EQ(set[2].importance, 0.25);
  // Equal costs: no game is trained.
  EXPECT_TRUE(training_set(t, {0.5, 0.5, 0.5, 0.5}, [](std::size_t, uint32_t, uint32_t) { return true; }).empty());
}

}  // namespace
}  // namespace learner
