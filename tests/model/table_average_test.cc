#include "learner/model/table_average.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "support/thread_group.h"

namespace learner {
namespace {

// Per rank, three slots of [w, G, s, r].
std::vector<float> table_of(int rank) {
  if (rank == 0) return {1, 1, 2, 0, /**/ 2, 0, 0, 0, /**/ 0.5f, 0, 0, 0};
  return {3, 3, 4, 0, /**/ 4, 0, 0, 0, /**/ 2, 2, 1, 0};
}

TEST(AverageTable, AdaptiveSumsWeighTheRanksAsVwDoes) {
  std::vector<std::vector<float>> out(2);
  test::run_group(2, [&](AllReduce& g) {
    std::vector<float> t = table_of(g.rank());
    average_table(g, t.data(), 3, 4, 1);
    out[static_cast<std::size_t>(g.rank())] = t;
  });
  // Slot 0: S = 4, w = (1 1 + 3 3) / 4, G = (1 + 9) / 4 (VW's "crude max"), s = (2 1 + 4 3) / 4.
  EXPECT_FLOAT_EQ(out[0][0], 2.5f);
  EXPECT_FLOAT_EQ(out[0][1], 2.5f);
  EXPECT_FLOAT_EQ(out[0][2], 3.5f);
  // Slot 1: no adaptive sum anywhere: the plain mean.
  EXPECT_FLOAT_EQ(out[0][4], 3.0f);
  // Slot 2: trained on rank 1 only; rank 0's untouched start does not count.
  EXPECT_FLOAT_EQ(out[0][8], 2.0f);
  EXPECT_FLOAT_EQ(out[0][9], 2.0f);
  EXPECT_FLOAT_EQ(out[0][10], 1.0f);
  EXPECT_EQ(std::memcmp(out[0].data(), out[1].data(), out[0].size() * sizeof(float)), 0);  // same bits
}

TEST(AverageTable, PlainMeanWithoutAdaptiveSums) {
  std::vector<float> result;
  test::run_group(2, [&](AllReduce& g) {
    std::vector<float> t = table_of(g.rank());
    average_table(g, t.data(), 12, 1, -1);
    if (g.rank() == 0) result = t;
  });
  EXPECT_FLOAT_EQ(result[0], 2.0f);
  EXPECT_FLOAT_EQ(result[1], 2.0f);
  EXPECT_FLOAT_EQ(result[8], 1.25f);
}

TEST(AverageTable, GroupOfOneChangesNothing) {
  SingleProcess one;
  std::vector<float> t = table_of(1);
  const std::vector<float> before = t;
  average_table(one, t.data(), 3, 4, 1);
  EXPECT_EQ(t, before);
  double v[2] = {1.0 / 3.0, 7.0};
  average_values(one, v, 2);
  EXPECT_EQ(v[0], 1.0 / 3.0);
}

TEST(AverageTable, ManyChunksAndRanks) {
  const std::size_t slots = kAverageChunk * 2 + 5;
  std::vector<float> result;
  test::run_group(3, [&](AllReduce& g) {
    std::vector<float> t(slots * 2);
    for (std::size_t i = 0; i < slots; ++i) {
      t[2 * i] = static_cast<float>(g.rank() + i % 7);  // w
      t[2 * i + 1] = 1.0f;                             // G equal on every rank: the plain mean
    }
    average_table(g, t.data(), slots, 2, 1);
    if (g.rank() == 2) result = t;
  });
  for (std::size_t i : {std::size_t{0}, kAverageChunk + 3, slots - 1}) {
    EXPECT_FLOAT_EQ(result[2 * i], static_cast<float>(1 + i % 7)) << i;
    EXPECT_FLOAT_EQ(result[2 * i + 1], 1.0f) << i;
  }
}

}  // namespace
}  // namespace learner
