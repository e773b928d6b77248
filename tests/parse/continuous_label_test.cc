// VW's continuous-action label (label_format.h, kContinuousAction; --cbzo):
// fields, what counts as labeled, numbers read as VW 9.11's parse_float
// reads them, refusals at file:line.
#include <gtest/gtest.h>

#include <cstdlib>

#include "learner/error.h"
#include "learner/parse/text_parser.h"

namespace learner {
namespace {

ParseOptions continuous() {
  ParseOptions o;
  o.labels = LabelFormat::kContinuousAction;
  return o;
}

Example parse(std::string_view line) {
  Example ex;
  EXPECT_TRUE(TextParser(continuous()).parse(line, ex, "in.vw", 3)) << line;
  return ex;
}

TEST(ContinuousLabel, Fields) {
  Example ex = parse("ca 0.25:1.5:0.5 'tag| a");
  EXPECT_TRUE(ex.has_label);
  EXPECT_EQ(ex.label, 0.25f);
  ASSERT_EQ(ex.costs.size(), 1u);
  EXPECT_EQ(ex.costs[0].cost, 1.5f);
  EXPECT_EQ(ex.costs[0].probability, 0.5f);
  EXPECT_EQ(ex.tag, "tag");
  // No cost, or a pdf value of 0: VW's test label.
  EXPECT_FALSE(parse("ca 0.25 | a").has_label);
  ASSERT_EQ(parse("ca 0.25 | a").costs.size(), 1u);
  EXPECT_EQ(parse("ca 0.25 | a").costs[0].cost, kUnknownCost);
  EXPECT_FALSE(parse("ca 0.25:1 | a").has_label);
  EXPECT_FALSE(parse("ca 0.25:1:0 | a").has_label);
  EXPECT_FALSE(parse("ca | a").has_label);
  EXPECT_FALSE(parse(" | a").has_label);
  // --cats fields are accepted and not kept.
  ex = parse("ca 1e2:-3:2 pdf 0:1:0.5 1:2:0.5 chosen_action 1.5 | a");
  EXPECT_TRUE(ex.has_label);
  EXPECT_EQ(ex.label, 100.0f);
  EXPECT_EQ(ex.costs[0].cost, -3.0f);
}

// VW's parse_float sums the digits in float and scales by a float power of
// ten built by repeated division: "0.1601" is 0.160099983, not strtof's
// 0.160099998. --cbzo's update divides by action - centroid, so a run only
// matches VW's (CbzoCli.ConstantPolicyMatchesVwByteForByte) with VW's floats.
TEST(ContinuousLabel, NumbersAreVwsFloats) {
  const struct {
    const char* text;
    float vw;
  } cases[] = {{"0.1601", 0.160099983f}, {"0.59435", 0.594349921f}, {"-0.7416", -0.741599917f},
               {"0.20025", 0.20024997f}, {"23.425", 23.4249992f},   {"4194304", 4194304.0f}};
  for (const auto& c : cases) {
    const Example ex = parse(std::string("ca ") + c.text + ":" + c.text + ":" + "1 | a");
    EXPECT_EQ(ex.label, c.vw) << c.text;
    EXPECT_EQ(ex.costs[0].cost, c.vw) << c.text;
  }
  EXPECT_NE(0.160099983f, std::strtof("0.1601", nullptr));  // the case is a real difference
  // Outside VW's easy case (a '+', "1.", hexadecimal): read as strtof reads it, as VW falls back.
  EXPECT_EQ(parse("ca +0.5:1:1 | a").label, 0.5f);
}

TEST(ContinuousLabel, RefusedAtFileAndLine) {
  for (const char* line : {"cb 1:1:1 | a", "ca x:1:1 | a", "ca 1:1:1:1 | a", "ca 1:1:-0.5 | a", "ca 1:inf:1 | a",
                           "ca 1:1:1 2:2:2 | a", "ca 1:1:1 pdf 2:1:1 | a", "ca 1:1:1 chosen_action | a", "ca 1::1 | a"}) {
    Example ex;
    try {
      TextParser(continuous()).parse(line, ex, "in.vw", 3);
      ADD_FAILURE() << "no error for: " << line;
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("in.vw:3: ", 0), 0u) << e.what();
    }
  }
}

}  // namespace
}  // namespace learner
