#include "learner/features/interaction_spec.h"

#include <gtest/gtest.h>

namespace learner {
namespace {

using Specs = std::vector<std::string>;

TEST(NormaliseInteractions, SortsListThenDedupsAndSortsMixedRepeats) {
  // VW sorts the whole list first: of -q ba -q ab only "ab" stays.
  EXPECT_EQ(normalise_interactions({"ba", "ab", "ba"}, false), (Specs{"ab"}));
  EXPECT_EQ(normalise_interactions({"ba"}, false), (Specs{"ba"}));
  EXPECT_EQ(normalise_interactions({"aba", "bab", "cba", "aaa"}, false), (Specs{"aaa", "aab", "abb", "cba"}));
}

TEST(NormaliseInteractions, LeaveDuplicatesKeepsPermutedSpecsButStillGroupsRepeats) {
  EXPECT_EQ(normalise_interactions({"ba", "ab", "aba"}, true), (Specs{"ab", "ba", "aab"}));
  EXPECT_EQ(normalise_interactions({"ab", "ab"}, true), (Specs{"ab", "ab"}));
}

TEST(NormaliseInteractions, SortsBytesUnsigned) {
  // 0xc3 sorts after 'a' as an unsigned byte.
  EXPECT_EQ(normalise_interactions({"\xc3" "a\xc3"}, false), (Specs{"a\xc3\xc3"}));
}

TEST(ExpandWildcards, CombinationsWithRepetition) {
  EXPECT_EQ(expand_wildcards({"::"}, "ba", false), (Specs{"aa", "ab", "bb"}));
  EXPECT_EQ(expand_wildcards({"::"}, "ba", true), (Specs{"aa", "ab", "ba", "bb"}));
  EXPECT_EQ(expand_wildcards({":::"}, "ab", false), (Specs{"aaa", "aab", "abb", "bbb"}));
  EXPECT_EQ(expand_wildcards({":a"}, "ab", false), (Specs{"aa", "ba"}));
  EXPECT_EQ(expand_wildcards({"x:"}, "ab", false), (Specs{"xa", "xb"}));
}

TEST(ExpandWildcards, MergesWithPlainSpecsSortedAndDeduplicated) {
  EXPECT_EQ(expand_wildcards({"ba", ":b", "c"}, "ab", false), (Specs{"c", "ab", "bb"}));
  EXPECT_EQ(expand_wildcards({"::"}, "", false), (Specs{}));
}

}  // namespace
}  // namespace learner
