// The names of a text model's slots (model/text_model.h): as VW's
// --invert_hash, one name per slot, that of the first feature seen to reach
// it; sub-model i > 0 adds "[i]".
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "learner/model/text_model.h"

namespace learner {
namespace {

TEST(TextModelNames, EachSlotIsNamedAfterTheFirstFeatureSeen) {
  // Three features, two of which collide in slot 5 (index mod 8); "b" was seen first.
  const NameMap names = {{13u, {"a", 2}}, {21u, {"b", 0}}, {6u, {"c", 1}}};
  const SlotNames one = names_by_slot(&names, 1, [](uint32_t h, uint32_t) { return uint64_t{h % 8}; });
  ASSERT_EQ(one.size(), 2u);
  EXPECT_EQ(one.at(5), "b");
  EXPECT_EQ(one.at(6), "c");
  // Two sub-models interleaved: sub-model 1 of a feature is named with "[1]", sub-model 0 without a suffix.
  const SlotNames two = names_by_slot(&names, 2, [](uint32_t h, uint32_t i) { return uint64_t{(h % 8) * 2 + i}; });
  EXPECT_EQ(two.at(10), "b");
  EXPECT_EQ(two.at(11), "b[1]");
  EXPECT_EQ(two.at(13), "c[1]");
}

TEST(TextModelNames, LinesAreNameSlotValue) {
  const SlotNames names = {{5, "b"}};
  char buffer[256] = {};
  std::FILE* f = fmemopen(buffer, sizeof buffer - 1, "w");
  ASSERT_NE(f, nullptr);
  print_slot(f, names, 5, "", "0.5");
  print_slot(f, names, 7, "", "-1");
  std::fclose(f);
  EXPECT_STREQ(buffer, "b:5:0.5\n7:-1\n");
}

}  // namespace
}  // namespace learner
