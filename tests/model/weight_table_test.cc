// WeightTable: zero-initialised, aligned, every slot writable, index masking;
// small tables (malloc) and large ones (anonymous mapping on 2 MiB boundaries).
#include <gtest/gtest.h>

#include <cstdint>

#include "learner/model/weight_table.h"
#include "learner/error.h"

namespace learner {
namespace {

void check_table(unsigned bits, unsigned stride, std::uintptr_t alignment) {
  WeightTable table(bits, stride);
  ASSERT_EQ(table.slots(), std::size_t{1} << bits);
  ASSERT_EQ(table.size(), table.slots() * stride);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(table.data()) % alignment, 0u) << "bits " << bits;
  const float* v = table.data();
  for (std::size_t i = 0; i < table.size(); i += 997) ASSERT_EQ(v[i], 0.0f) << i;
  EXPECT_EQ(v[table.size() - 1], 0.0f);
  // Both ends writable; index bits above the mask select the same slot.
  table.slot(0)[0] = 1.5f;
  table.slot(table.mask())[stride - 1] = 2.5f;
  EXPECT_EQ(table.slot(table.mask() + 1)[0], 1.5f);
  EXPECT_EQ(table.data()[table.size() - 1], 2.5f);
}

TEST(WeightTable, SmallTableIsZeroAlignedAndMasked) { check_table(10, 4, 64); }

TEST(WeightTable, LargeTableIsZeroOnA2MiBBoundary) { check_table(20, 4, std::uintptr_t{2} << 20); }

TEST(WeightTable, LargeOddStrideTable) { check_table(19, 6, std::uintptr_t{2} << 20); }

TEST(WeightTable, MovedTableKeepsItsData) {
  WeightTable a(20, 4);
  a.slot(7)[1] = 3.0f;
  WeightTable b(std::move(a));
  EXPECT_EQ(b.slot(7)[1], 3.0f);
  WeightTable c(4, 4);
  c = std::move(b);  // the small table is freed, the mapping changes owner
  EXPECT_EQ(c.slot(7)[1], 3.0f);
  EXPECT_EQ(c.bits(), 20u);
}

TEST(WeightTable, BitsOutOfRangeAreAUsageError) {
  EXPECT_THROW(WeightTable(0, 4), UsageError);
  EXPECT_THROW(WeightTable(32, 4), UsageError);
}

}  // namespace
}  // namespace learner
