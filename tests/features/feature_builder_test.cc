#include "learner/features/feature_builder.h"

#include <algorithm>
#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/parse/hash.h"
#include "learner/parse/text_parser.h"

namespace learner {
namespace {

constexpr uint32_t kMask18 = 0x3FFFF;

Example parse(std::string_view line, bool keep_names = false) {
  ParseOptions options;
  options.keep_names = keep_names;
  Example ex;
  EXPECT_TRUE(TextParser(options).parse(line, ex, "t", 1));
  return ex;
}

std::vector<Feature> build(const FeatureSpec& spec, std::string_view line) {
  std::vector<Feature> out;
  FeatureBuilder(spec).build(parse(line), out);
  return out;
}

FeatureSpec quadratic(std::vector<std::string> inter, bool constant = false) {
  FeatureSpec spec;
  spec.constant = constant;
  spec.interactions = std::move(inter);
  return spec;
}

bool has_index(const std::vector<Feature>& fs, uint32_t index) {
  return std::any_of(fs.begin(), fs.end(), [&](const Feature& f) { return f.index == index; });
}

TEST(FeatureBuilder, LinearAndConstant) {
  std::vector<Feature> out = build(FeatureSpec{}, "1 |a x y |b z");
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out.back().index, kConstantIndex);
  EXPECT_EQ(out.back().index & kMask18, 116060u);
  EXPECT_EQ(out.back().value, 1.0f);
  EXPECT_EQ(build(quadratic({}), "1 |a x y |b z").size(), 3u);  // --noconstant
}

// The plain build (no option changes the features) into a reused vector:
// a short example after a long one leaves nothing of the long one; spans
// that do not tile the features (listed out of order) take every span once
// in their order, as the general build does.
TEST(FeatureBuilder, PlainBuildIntoAReusedVector) {
  const FeatureBuilder with_constant(FeatureSpec{}), without(quadratic({}));
  std::vector<Feature> out;
  with_constant.build(parse("1 |a p q r s t u v w x y |b z"), out);
  ASSERT_EQ(out.size(), 12u);
  const Example short_ex = parse("2 |a x |b z");
  with_constant.build(short_ex, out);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].index, short_ex.features[0].index);
  EXPECT_EQ(out[1].index, short_ex.features[1].index);
  EXPECT_EQ(out[2].index, kConstantIndex);
  without.build(short_ex, out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1].index, short_ex.features[1].index);

  Example swapped = parse("1 |a x y |b z");
  std::swap(swapped.namespaces[0], swapped.namespaces[1]);  // b's span first: no longer tiling in order
  with_constant.build(swapped, out);
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].index, swapped.features[2].index);
  EXPECT_EQ(out[1].index, swapped.features[0].index);
  EXPECT_EQ(out[2].index, swapped.features[1].index);
  EXPECT_EQ(out[3].index, kConstantIndex);
}

TEST(FeatureBuilder, QuadraticCountsAndValues) {
  std::vector<Feature> out = build(quadratic({"ab"}), "1 |a x:2 y:3 |b p:5 q r:7");
  ASSERT_EQ(out.size(), 5u + 6u);
  std::vector<float> values;
  for (std::size_t i = 5; i < out.size(); ++i) values.push_back(out[i].value);
  EXPECT_EQ(values, (std::vector<float>{10, 2, 14, 15, 3, 21}));
  const Example ex = parse("1 |a x:2 y:3 |b p:5 q r:7");
  EXPECT_EQ(out[5].index, interaction_hash(ex.features[0].index, ex.features[2].index));
  EXPECT_EQ(out[10].index, interaction_hash(ex.features[1].index, ex.features[4].index));
}

TEST(FeatureBuilder, SelfInteractionUsesIUpToJ) {
  std::vector<Feature> out = build(quadratic({"aa"}), "1 |a x:2 y:3 z:5");
  ASSERT_EQ(out.size(), 3u + 6u);  // xx xy xz yy yz zz
  std::vector<float> values;
  for (std::size_t i = 3; i < out.size(); ++i) values.push_back(out[i].value);
  EXPECT_EQ(values, (std::vector<float>{4, 6, 10, 9, 15, 25}));
}

TEST(FeatureBuilder, PinnedVwInteractionIndex) {
  std::vector<Feature> out = build(quadratic({"ff"}), "1 |f a b");
  ASSERT_EQ(out.size(), 2u + 3u);
  EXPECT_EQ(out[0].index & kMask18, 14355u);
  EXPECT_EQ(out[1].index & kMask18, 146788u);
  EXPECT_EQ(out[3].index & kMask18, 161933u);  // f^a*f^b
}

TEST(FeatureBuilder, PermutationsGiveAllOrderedPairs) {
  FeatureSpec spec = quadratic({"aa"});
  spec.permutations = true;
  EXPECT_EQ(build(spec, "1 |a x y z").size(), 3u + 9u);
}

TEST(FeatureBuilder, DuplicateSpecsAreRemovedUnlessLeaveDuplicateInteractions) {
  EXPECT_EQ(build(quadratic({"ab", "ba", "ab"}), "1 |a x |b y").size(), 2u + 1u);
  FeatureSpec spec = quadratic({"ab", "ba"});
  spec.permutations = true;  // VW: --permutations does not keep duplicate specs
  EXPECT_EQ(build(spec, "1 |a x |b y").size(), 2u + 1u);
  spec.leave_duplicate_interactions = true;
  EXPECT_EQ(build(spec, "1 |a x |b y").size(), 2u + 2u);
}

TEST(FeatureBuilder, OfPermutedDuplicatesTheSortedFirstStays) {
  // VW sorts the list before removing duplicates: -q ba -q ab keeps "ab".
  const Example ex = parse("1 |a x |b y");
  const uint32_t a = ex.features[0].index, b = ex.features[1].index;
  EXPECT_EQ(build(quadratic({"ba", "ab"}), "1 |a x |b y").back().index, interaction_hash(a, b));
}

TEST(FeatureBuilder, SpecOrderDecidesTheHash) {
  const Example ex = parse("1 |a x |b y");
  const uint32_t a = ex.features[0].index, b = ex.features[1].index;
  EXPECT_EQ(build(quadratic({"ba"}), "1 |a x |b y").back().index, interaction_hash(b, a));
  EXPECT_EQ(build(quadratic({"ab"}), "1 |a x |b y").back().index, interaction_hash(a, b));
}

TEST(FeatureBuilder, CubicAndHigherOrder) {
  const std::string line = "1 |a x:2 y |b p:3 q |c r:5 s";
  std::vector<Feature> out = build(quadratic({"abc"}), line);
  ASSERT_EQ(out.size(), 6u + 8u);
  const Example ex = parse(line);
  EXPECT_EQ(out[6].index,
            interaction_hash(interaction_hash(ex.features[0].index, ex.features[2].index), ex.features[4].index));
  EXPECT_EQ(out[6].value, 30.0f);
  EXPECT_EQ(build(quadratic({"aaa"}), "1 |a x y z").size(), 3u + 10u);  // multisets of size 3 from 3
  EXPECT_EQ(build(quadratic({"aab"}), "1 |a x y z |b p q").size(), 5u + 12u);  // 6 pairs x 2
  EXPECT_EQ(build(quadratic({"abcd"}), "1 |a x |b y y2 |c z |d w w2 w3").size(), 7u + 6u);
}

TEST(FeatureBuilder, RepeatedNamespaceWithAnotherIsSorted) {
  // "aba" is used as "aab": pairs of a with i <= j, times b.
  EXPECT_EQ(build(quadratic({"aba"}), "1 |a x y z |b p q").size(), 5u + 12u);
  FeatureSpec spec = quadratic({"aba"});
  spec.permutations = true;
  EXPECT_EQ(build(spec, "1 |a x y z |b p q").size(), 5u + 18u);
}

TEST(FeatureBuilder, NamespacesSharingAFirstCharFormOneGroup) {
  // |apple and |avocado are both 'a' (VW merges them): -q aa sees 2 features.
  std::vector<Feature> out = build(quadratic({"aa"}), "1 |apple x |avocado y |b z");
  EXPECT_EQ(out.size(), 3u + 3u);
  EXPECT_EQ(build(quadratic({"ab"}), "1 |apple x |avocado y |b z").size(), 3u + 2u);
}

TEST(FeatureBuilder, DefaultNamespaceIsSpace) {
  std::vector<Feature> out = build(quadratic({" a"}), "1 | x y |a z");
  EXPECT_EQ(out.size(), 3u + 2u);
}

TEST(FeatureBuilder, MissingNamespaceGivesNoInteraction) {
  EXPECT_EQ(build(quadratic({"ab", "ac"}), "1 |a x |c y").size(), 2u + 1u);
}

TEST(FeatureBuilder, IgnoreDropsEverywhere) {
  FeatureSpec spec = quadratic({"ab", "bc"});
  spec.ignore = std::string("a");
  std::vector<Feature> out = build(spec, "1 |a x |b y |c z");
  EXPECT_EQ(out.size(), 2u + 1u);  // b, c, b*c
  EXPECT_TRUE(FeatureBuilder(spec).ignored('a'));
  EXPECT_FALSE(FeatureBuilder(spec).ignored('b'));
}

TEST(FeatureBuilder, IgnoreLinearKeepsInteractions) {
  FeatureSpec spec = quadratic({"ab"});
  spec.ignore_linear = std::string("a");
  const Example ex = parse("1 |a x |b y");
  std::vector<Feature> out;
  FeatureBuilder(spec).build(ex, out);
  ASSERT_EQ(out.size(), 1u + 1u);
  EXPECT_EQ(out[0].index, ex.features[1].index);
  EXPECT_EQ(out[1].index, interaction_hash(ex.features[0].index, ex.features[1].index));
  EXPECT_FALSE(FeatureBuilder(spec).ignored('a'));
}

TEST(FeatureBuilder, KeepOnlyListedNamespaces) {
  FeatureSpec spec = quadratic({"ab", "ac"}, true);
  spec.keep = std::string("ab");
  std::vector<Feature> out = build(spec, "1 |a x |b y |c z | w");
  EXPECT_EQ(out.size(), 2u + 1u + 1u);  // a, b, a*b, constant
  EXPECT_TRUE(FeatureBuilder(spec).ignored('c'));
  EXPECT_TRUE(FeatureBuilder(spec).ignored(' '));
}

TEST(FeatureBuilder, WildcardMatchesEveryNamespacePresent) {
  // "::" over {a (2 features), b (3)}: aa 3 + ab 6 + bb 6.
  EXPECT_EQ(build(quadratic({"::"}), "1 |a x y |b p q r").size(), 5u + 15u);
  // ":a" over {a, b}: aa and ba.
  std::vector<Feature> out = build(quadratic({":a"}), "1 |a x y |b p");
  EXPECT_EQ(out.size(), 3u + 3u + 2u);
  const Example ex = parse("1 |a x y |b p");
  EXPECT_TRUE(has_index(out, interaction_hash(ex.features[2].index, ex.features[0].index)));  // b^p*a^x
  // Different examples, different namespaces: the expansion follows each one.
  FeatureBuilder builder(quadratic({"::"}));
  std::vector<Feature> one;
  builder.build(parse("1 |c u v"), one);
  EXPECT_EQ(one.size(), 2u + 3u);
  builder.build(parse("1 |a x y |b p q r"), one);
  EXPECT_EQ(one.size(), 5u + 15u);
}

TEST(FeatureBuilder, WildcardSkipsIgnoredNamespaces) {
  FeatureSpec spec = quadratic({"::"});
  spec.ignore = std::string("b");
  EXPECT_EQ(build(spec, "1 |a x y |b p q r").size(), 2u + 3u);
}

TEST(FeatureBuilder, Names) {
  FeatureSpec spec = quadratic({"fg", "ff"}, true);
  std::vector<Feature> out;
  std::vector<std::string> names;
  FeatureBuilder(spec).build(parse("1 |f a b:2 |g c", true), out, &names);
  // VW sorts the interaction list: ff before fg.
  EXPECT_EQ(names, (std::vector<std::string>{"f^a", "f^b", "g^c", "f^a*f^a", "f^a*f^b", "f^b*f^b", "f^a*g^c",
                                             "f^b*g^c", "Constant"}));
  EXPECT_EQ(names.size(), out.size());
  FeatureSpec cubic = quadratic({"fgf"});
  FeatureBuilder(cubic).build(parse("1 |f a b |g c", true), out, &names);
  EXPECT_EQ(names, (std::vector<std::string>{"f^a", "f^b", "g^c", "f^a*f^a*g^c", "f^a*f^b*g^c", "f^b*f^b*g^c"}));
  EXPECT_EQ(names.size(), out.size());
}

TEST(FeatureBuilder, NamesNeedTheParserNames) {
  std::vector<Feature> out;
  std::vector<std::string> names;
  EXPECT_THROW(FeatureBuilder(FeatureSpec{}).build(parse("1 |a x"), out, &names), Error);
}

TEST(FeatureBuilder, BadSpecsAreUsageErrors) {
  EXPECT_THROW(FeatureBuilder(quadratic({""})), UsageError);
  EXPECT_THROW(FeatureBuilder(quadratic({"a"})), UsageError);
  EXPECT_THROW(FeatureBuilder(quadratic({"ab", ":"})), UsageError);
  EXPECT_THROW(FeatureBuilder(quadratic({"a|"})), UsageError);
  EXPECT_NO_THROW(FeatureBuilder(quadratic({"ab", "::", "abc"})));
}

TEST(FeatureBuilder, OutputIsClearedFirst) {
  std::vector<Feature> out(5, Feature{9.0f, 9});
  FeatureBuilder(FeatureSpec{}).build(parse("1 |a x"), out);
  EXPECT_EQ(out.size(), 2u);
}

}  // namespace
}  // namespace learner
