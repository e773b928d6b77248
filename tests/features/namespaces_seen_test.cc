#include "learner/features/namespaces_seen.h"

#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/parse/text_parser.h"

namespace learner {
namespace {

Example seen_parse(std::string_view line) {
  Example ex;
  EXPECT_TRUE(TextParser(ParseOptions{}).parse(line, ex, "t", 1));
  return ex;
}

TEST(NamespacesSeen, FirstCharactersAndFullNames) {
  NamespacesSeen seen({"user", "item"});
  EXPECT_TRUE(seen.empty());
  seen.add(seen_parse("1 |user 7 |i 3"));
  EXPECT_TRUE(seen.has_first('u'));
  EXPECT_TRUE(seen.has_first('i'));
  EXPECT_FALSE(seen.has_first('x'));
  EXPECT_TRUE(seen.has_name(0));
  EXPECT_FALSE(seen.has_name(1));  // "i" is not "item"
  const uint64_t changes = seen.changes();
  seen.add(seen_parse("2 |user 8 |i 4"));
  EXPECT_EQ(seen.changes(), changes);  // nothing new
  seen.add(seen_parse("2 |item 9"));
  EXPECT_TRUE(seen.has_name(1));
  EXPECT_GT(seen.changes(), changes);
  EXPECT_EQ(seen.describe(), "i, u (\"user\")");  // the first name met with each character
}

TEST(NamespacesSeen, AnEmptyNamespaceTakesPartInNothing) {
  NamespacesSeen seen;
  seen.add(seen_parse("1 |x |a b"));
  EXPECT_FALSE(seen.has_first('x'));
  EXPECT_TRUE(seen.has_first('a'));
  seen.add(seen_parse("1 | f"));
  EXPECT_TRUE(seen.has_first(' '));
  EXPECT_EQ(seen.describe(), "the default namespace, a");
  EXPECT_EQ(NamespacesSeen().describe(), "none");
}

TEST(NamespacesSeen, CountsAddUpOverRanks) {
  NamespacesSeen one({"item"}), two({"item"});
  one.add(seen_parse("1 |u 1"));
  two.add(seen_parse("1 |item 2"));
  std::vector<double> sum = one.counts();
  const std::vector<double> other = two.counts();
  ASSERT_EQ(sum.size(), 257u);
  for (std::size_t k = 0; k < sum.size(); ++k) sum[k] += other[k];
  one.absorb(sum);
  EXPECT_TRUE(one.has_first('u'));
  EXPECT_TRUE(one.has_first('i'));
  EXPECT_TRUE(one.has_name(0));
  EXPECT_THROW(one.absorb(std::vector<double>(3)), Error);
}

}  // namespace
}  // namespace learner
