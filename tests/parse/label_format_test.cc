// The reductions' label grammars (parse/label_format.h): multiclass,
// cost-sensitive, their mix, multilabel; simple labels are unchanged.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/parse/text_parser.h"

namespace learner {
namespace {

ParseOptions with(LabelFormat format, uint32_t classes = 5) {
  ParseOptions o;
  o.labels = format;
  o.classes = classes;
  return o;
}

Example parse(std::string_view line, const ParseOptions& options) {
  Example ex;
  EXPECT_TRUE(TextParser(options).parse(line, ex, "in.vw", 3)) << line;
  return ex;
}

// The line is an InputError naming in.vw:3 and the token.
void expect_error(std::string_view line, const ParseOptions& options, const std::string& token) {
  Example ex;
  try {
    TextParser(options).parse(line, ex, "in.vw", 3);
    ADD_FAILURE() << "no error for: " << line;
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("in.vw:3: ", 0), 0u) << what;
    EXPECT_NE(what.find("(token '" + token + "')"), std::string::npos) << what;
  }
}

TEST(LabelFormat, SimpleIsTheDefaultAndUnchanged) {
  const Example ex = parse("0.5 2 0.25 't| a", ParseOptions{});
  EXPECT_TRUE(ex.has_label);
  EXPECT_FLOAT_EQ(ex.label, 0.5f);
  EXPECT_FLOAT_EQ(ex.importance, 2.0f);
  EXPECT_FLOAT_EQ(ex.base, 0.25f);
  EXPECT_EQ(ex.tag, "t");
  EXPECT_TRUE(ex.costs.empty());
  EXPECT_TRUE(ex.label_set.empty());
  expect_error("1:0.5 |a", ParseOptions{}, "1:0.5");
}

// A one-digit label and one blank ("4 ", "-1 ") takes a short path: the same
// label (bits, sign of -0), importance, base and tag as the general loop gives
// the same label with a second blank; a digit touching the bar is still a tag,
// a sign alone still an error.
TEST(LabelFormat, OneDigitLabelsAsTheGeneralLoopReadsThem) {
  std::vector<std::string> labels;
  for (char d = '0'; d <= '9'; ++d) {
    labels.push_back(std::string(1, d));
    labels.push_back(std::string("-") + d);
  }
  for (const std::string& label : labels) {
    const Example fast = parse(label + " |a x", ParseOptions{});
    const Example general = parse(label + "  |a x", ParseOptions{});
    EXPECT_TRUE(fast.has_label) << label;
    EXPECT_EQ(std::bit_cast<uint32_t>(fast.label), std::bit_cast<uint32_t>(general.label)) << label;
    EXPECT_EQ(fast.importance, general.importance) << label;
    EXPECT_EQ(fast.base, general.base) << label;
    EXPECT_EQ(fast.tag, general.tag) << label;
    EXPECT_EQ(fast.features.size(), 1u) << label;
  }
  EXPECT_TRUE(std::signbit(parse("-0 |a x", ParseOptions{}).label));
  const Example tag = parse("4|a x", ParseOptions{});
  EXPECT_FALSE(tag.has_label);
  EXPECT_EQ(tag.tag, "4");
  expect_error("- |a x", ParseOptions{}, "-");
  expect_error("+ |a x", ParseOptions{}, "+");
  expect_error("x |a x", ParseOptions{}, "x");
  const Example two = parse("12 |a x", ParseOptions{});
  EXPECT_EQ(two.label, 12.0f);
  const Example spaced = parse(" 3 |a x", ParseOptions{});
  EXPECT_EQ(spaced.label, 3.0f);
}

TEST(LabelFormat, MulticlassTakesClassImportanceBaseAndTag) {
  const Example ex = parse("3 2.5 'row7 |a x", with(LabelFormat::kMulticlass));
  EXPECT_TRUE(ex.has_label);
  EXPECT_EQ(ex.label, 3.0f);
  EXPECT_FLOAT_EQ(ex.importance, 2.5f);
  EXPECT_EQ(ex.tag, "row7");
  EXPECT_FALSE(parse("|a x", with(LabelFormat::kMulticlass)).has_label);
  EXPECT_EQ(parse("5 t|a x", with(LabelFormat::kMulticlass)).tag, "t");
}

TEST(LabelFormat, MulticlassRejectsClassesOutside1ToK) {
  expect_error("0 |a x", with(LabelFormat::kMulticlass), "0");
  expect_error("6 |a x", with(LabelFormat::kMulticlass), "6");
  expect_error("2.5 |a x", with(LabelFormat::kMulticlass), "2.5");
  expect_error("-1 |a x", with(LabelFormat::kMulticlass), "-1");
  expect_error("1 1 0 1 |a x", with(LabelFormat::kMulticlass), "1");
  EXPECT_EQ(parse("600 |a x", with(LabelFormat::kMulticlass, 0)).label, 600.0f) << "K = 0: unchecked";
}

TEST(LabelFormat, CostSensitiveKeepsEveryClassAndCost) {
  const Example ex = parse("1:0.5 2:1 3:0 'tg |a x", with(LabelFormat::kCostSensitive));
  EXPECT_TRUE(ex.has_label);
  ASSERT_EQ(ex.costs.size(), 3u);
  EXPECT_EQ(ex.costs[0].klass, 1u);
  EXPECT_FLOAT_EQ(ex.costs[0].cost, 0.5f);
  EXPECT_EQ(ex.costs[2].klass, 3u);
  EXPECT_FLOAT_EQ(ex.costs[2].cost, 0.0f);
  EXPECT_FLOAT_EQ(ex.importance, 1.0f);
  EXPECT_EQ(ex.tag, "tg");
}

TEST(LabelFormat, CostSensitiveBareClassesAreCandidatesWithUnknownCost) {
  const Example ex = parse("1 2 4 |a x", with(LabelFormat::kCostSensitive));
  EXPECT_FALSE(ex.has_label) << "VW: all costs unknown = a test example";
  ASSERT_EQ(ex.costs.size(), 3u);
  EXPECT_EQ(ex.costs[2].klass, 4u);
  EXPECT_EQ(ex.costs[2].cost, kUnknownCost);
  EXPECT_TRUE(parse("1 2:0 |a x", with(LabelFormat::kCostSensitive)).has_label);
}

TEST(LabelFormat, CostSensitiveErrors) {
  const ParseOptions cs = with(LabelFormat::kCostSensitive);
  expect_error("1:0.5 7:1 |a", cs, "7:1");
  expect_error("1:abc |a", cs, "1:abc");
  expect_error("1:nan |a", cs, "1:nan");
  expect_error(":0.5 |a", cs, ":0.5");
  expect_error("2: |a", cs, "2:");
  expect_error("1:0 1:1 |a", cs, "1:1");
}

TEST(LabelFormat, MixedFormatPicksCostsOnlyWhenAColonIsPresent) {
  const ParseOptions mixed = with(LabelFormat::kMulticlassOrCost);
  const Example multiclass = parse("4 2 |a x", mixed);
  EXPECT_EQ(multiclass.label, 4.0f);
  EXPECT_FLOAT_EQ(multiclass.importance, 2.0f);
  EXPECT_TRUE(multiclass.costs.empty());
  const Example costs = parse("4:0 5:1 |a x", mixed);
  EXPECT_EQ(costs.costs.size(), 2u);
  EXPECT_TRUE(costs.has_label);
  const Example candidates = parse("4 5:1 |a x", mixed);  // a colon anywhere: VW's cost-sensitive grammar
  ASSERT_EQ(candidates.costs.size(), 2u);
  EXPECT_EQ(candidates.costs[0].cost, kUnknownCost);
}

TEST(LabelFormat, MultilabelSetIsSortedWithOptionalImportance) {
  const ParseOptions ml = with(LabelFormat::kMultilabel);
  const Example ex = parse("4,1,3 2 'x |a x", ml);
  EXPECT_TRUE(ex.has_label);
  EXPECT_EQ(ex.label_set, (std::vector<uint32_t>{1, 3, 4}));
  EXPECT_FLOAT_EQ(ex.importance, 2.0f);
  EXPECT_EQ(ex.tag, "x");
  EXPECT_EQ(parse("2 |a x", ml).label_set, (std::vector<uint32_t>{2}));
  EXPECT_FALSE(parse("|a x", ml).has_label);
  expect_error("1,,3 |a", ml, "1,,3");
  expect_error("1,3, |a", ml, "1,3,");
  expect_error("1,6 |a", ml, "1,6");
  expect_error("1,1 |a", ml, "1,1");
  expect_error("1,2 1 0 |a", ml, "0");
}

TEST(LabelFormat, ReusedExampleForgetsThePreviousLabels) {
  Example ex;
  const TextParser parser(with(LabelFormat::kCostSensitive));
  ASSERT_TRUE(parser.parse("1:0 2:1 |a x", ex, "in.vw", 1));
  ASSERT_TRUE(parser.parse("3:0.25 |a x", ex, "in.vw", 2));
  ASSERT_EQ(ex.costs.size(), 1u);
  EXPECT_EQ(ex.costs[0].klass, 3u);
}

}  // namespace
}  // namespace learner

namespace learner {
namespace {

// One line of a multi-line example (--csoaa_ldf, --wap_ldf): `shared`, or
// exactly one action `class[:cost]` with an optional tag.
TEST(LabelFormat, LabelDependentLinesAreSharedOrOneAction) {
  const ParseOptions ldf = with(LabelFormat::kLabelDependent, 0);
  const Example shared = parse("shared 'u7 |s a b", ldf);
  EXPECT_TRUE(shared.shared);
  EXPECT_FALSE(shared.has_label);
  EXPECT_TRUE(shared.costs.empty());
  EXPECT_EQ(shared.tag, "u7");
  const Example action = parse("12:0.25 'a1 |a x", ldf);
  EXPECT_FALSE(action.shared);
  EXPECT_TRUE(action.has_label);
  ASSERT_EQ(action.costs.size(), 1u);
  EXPECT_EQ(action.costs[0].klass, 12u);
  EXPECT_FLOAT_EQ(action.costs[0].cost, 0.25f);
  EXPECT_EQ(action.tag, "a1");
  const Example test_line = parse("3 |a x", ldf);  // a bare id: unknown cost, unlabeled
  EXPECT_FALSE(test_line.has_label);
  ASSERT_EQ(test_line.costs.size(), 1u);
  EXPECT_EQ(test_line.costs[0].cost, kUnknownCost);
  EXPECT_EQ(parse("-0.5 |a x", with(LabelFormat::kSimple)).label, -0.5f);  // other grammars unchanged
}

TEST(LabelFormat, LabelDependentRejectsMalformedLinesAtFileLine) {
  const ParseOptions ldf = with(LabelFormat::kLabelDependent, 0);
  expect_error("shared:1 |s a", ldf, "shared:1");
  expect_error("1:1 2:0 |a x", ldf, "2:0");
  expect_error("shared 1:0 |a x", ldf, "1:0");
  expect_error("1:abc |a x", ldf, "1:abc");
  expect_error("0:1 |a x", ldf, "0:1");
  expect_error("x:1 |a x", ldf, "x:1");
  Example ex;
  try {
    TextParser(ldf).parse("|a x", ex, "in.vw", 3);
    ADD_FAILURE() << "a line without a label was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("in.vw:3: an ldf line needs a label", 0), 0u) << e.what();
  }
}

}  // namespace
}  // namespace learner
