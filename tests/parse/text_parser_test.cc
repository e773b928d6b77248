#include "learner/parse/text_parser.h"

#include <gtest/gtest.h>

#include "learner/error.h"
#include "learner/parse/hash.h"
#include "learner/parse/line_bytes.h"

namespace learner {
namespace {

constexpr uint32_t kTextMask18 = 0x3FFFF;

Example text_parse(std::string_view line, ParseOptions options = {}) {
  Example ex;
  TextParser parser(options);
  EXPECT_TRUE(parser.parse(line, ex, "in.vw", 7)) << line;
  return ex;
}

// Parses a bad line; checks the error names file:line, the reason and the token.
void expect_error(std::string_view line, const std::string& token, const std::string& reason_part = {}) {
  Example ex;
  TextParser parser({});
  try {
    parser.parse(line, ex, "bad.vw", 42);
    ADD_FAILURE() << "no error for: " << line;
  } catch (const InputError& e) {
    std::string what = e.what();
    EXPECT_EQ(what.rfind("bad.vw:42: ", 0), 0u) << what;
    EXPECT_NE(what.find("(token '" + token + "')"), std::string::npos) << what;
    if (!reason_part.empty()) {
      EXPECT_NE(e.reason().find(reason_part), std::string::npos) << what;
    }
  }
}

TEST(TextParser, VwPinnedIndicesDefaultNamespace) {
  Example ex = text_parse("1 | a b c");
  ASSERT_EQ(ex.features.size(), 3u);
  EXPECT_EQ(ex.features[0].index & kTextMask18, 92594u);
  EXPECT_EQ(ex.features[1].index & kTextMask18, 163331u);
  EXPECT_EQ(ex.features[2].index & kTextMask18, 185951u);
  ASSERT_EQ(ex.namespaces.size(), 1u);
  EXPECT_EQ(ex.namespaces[0].name, "");
  EXPECT_EQ(ex.namespaces[0].first, ' ');
  EXPECT_EQ(ex.namespaces[0].hash, 0u);
  EXPECT_EQ(ex.line, 7u);
}

TEST(TextParser, VwPinnedIndicesNamedNamespace) {
  Example ex = text_parse("0 |f a b");
  ASSERT_EQ(ex.features.size(), 2u);
  EXPECT_EQ(ex.features[0].index & kTextMask18, 14355u);
  EXPECT_EQ(ex.features[1].index & kTextMask18, 146788u);
  EXPECT_EQ(ex.namespaces[0].name, "f");
  EXPECT_EQ(ex.namespaces[0].first, 'f');
  EXPECT_EQ(ex.namespaces[0].hash, murmur3_32("f", 0));
}

TEST(TextParser, VwGoldenLineWithTagTouchingTheBar) {
  Example ex = text_parse("0.521144 1 PFF/20091028|T PFF |f t1:-0.0236849 t5:-0.10215 r2:0.727735");
  EXPECT_TRUE(ex.has_label);
  EXPECT_FLOAT_EQ(ex.label, 0.521144f);
  EXPECT_EQ(ex.importance, 1.0f);
  EXPECT_EQ(ex.base, 0.0f);
  EXPECT_EQ(ex.tag, "PFF/20091028");
  ASSERT_EQ(ex.namespaces.size(), 2u);
  EXPECT_EQ(ex.namespaces[0].name, "T");
  EXPECT_EQ(ex.namespaces[0].end - ex.namespaces[0].begin, 1u);
  EXPECT_EQ(ex.features[0].index, hash_feature("PFF", murmur3_32("T", 0), false));
  EXPECT_EQ(ex.namespaces[1].name, "f");
  EXPECT_EQ(ex.namespaces[1].begin, 1u);
  EXPECT_EQ(ex.namespaces[1].end, 4u);
  EXPECT_FLOAT_EQ(ex.features[1].value, -0.0236849f);
  EXPECT_EQ(ex.features[1].index, murmur3_32("t1", murmur3_32("f", 0)));
  EXPECT_FLOAT_EQ(ex.features[3].value, 0.727735f);
}

TEST(TextParser, LabelImportanceBaseAndQuotedTag) {
  Example ex = text_parse("-1 2.5 0.25 'ex42 |a x");
  EXPECT_EQ(ex.label, -1.0f);
  EXPECT_EQ(ex.importance, 2.5f);
  EXPECT_EQ(ex.base, 0.25f);
  EXPECT_EQ(ex.tag, "ex42");
  Example quoted_touching = text_parse("1 'q|a x");
  EXPECT_EQ(quoted_touching.tag, "q");
  EXPECT_EQ(quoted_touching.label, 1.0f);
}

TEST(TextParser, NoLabel) {
  Example ex = text_parse("|a x");
  EXPECT_FALSE(ex.has_label);
  EXPECT_EQ(ex.importance, 1.0f);
  EXPECT_TRUE(ex.tag.empty());
  Example tag_only = text_parse("'t |a x");
  EXPECT_FALSE(tag_only.has_label);
  EXPECT_EQ(tag_only.tag, "t");
  // VW: a lone token touching the bar is a tag, not a label.
  Example touching = text_parse("1|a x");
  EXPECT_FALSE(touching.has_label);
  EXPECT_EQ(touching.tag, "1");
}

TEST(TextParser, ImportanceZeroIsAllowed) { EXPECT_EQ(text_parse("1 0 |a x").importance, 0.0f); }

TEST(TextParser, BlankLinesGiveNoExample) {
  Example ex;
  TextParser parser({});
  for (std::string_view line : {"", "   ", "\t \t", "\r", "\xEF\xBB\xBF", "  \r"}) {
    EXPECT_FALSE(parser.parse(line, ex, "f", 1)) << '"' << line << '"';
  }
}

TEST(TextParser, StripsBomAndCarriageReturn) {
  Example ex = text_parse("\xEF\xBB\xBF" "1 |f a b\r");
  EXPECT_EQ(ex.label, 1.0f);
  ASSERT_EQ(ex.features.size(), 2u);
  EXPECT_EQ(ex.features[1].index & kTextMask18, 146788u);  // "b", not "b\r"
}

TEST(TextParser, NamespaceWeightMultipliesValues) {
  Example ex = text_parse("1 |f:2 a b:1.5 |g c");
  ASSERT_EQ(ex.features.size(), 3u);
  EXPECT_EQ(ex.features[0].value, 2.0f);
  EXPECT_EQ(ex.features[1].value, 3.0f);
  EXPECT_EQ(ex.features[2].value, 1.0f);
  EXPECT_EQ(ex.namespaces[0].name, "f");
  EXPECT_EQ(ex.features[0].index & kTextMask18, 14355u);  // the weight is not part of the name
}

TEST(TextParser, ZeroValuesAreDropped) {
  Example ex = text_parse("1 |f a:0 b |g:0 c d");
  ASSERT_EQ(ex.features.size(), 1u);
  EXPECT_EQ(ex.features[0].index & kTextMask18, 146788u);
  ASSERT_EQ(ex.namespaces.size(), 2u);
  EXPECT_EQ(ex.namespaces[1].begin, ex.namespaces[1].end);
}

TEST(TextParser, AnonymousFeaturesCountWithinEachNamespace) {
  Example ex = text_parse("1 |f :2 x :3 :0 :4 |g :5");
  const uint32_t f = murmur3_32("f", 0);
  ASSERT_EQ(ex.features.size(), 5u);
  EXPECT_EQ(ex.features[0].index, f + 0);
  EXPECT_EQ(ex.features[0].value, 2.0f);
  EXPECT_EQ(ex.features[2].index, f + 1);
  EXPECT_EQ(ex.features[3].index, f + 3);  // the dropped ':0' still took f + 2 (VW)
  EXPECT_EQ(ex.features[3].value, 4.0f);
  EXPECT_EQ(ex.features[4].index, murmur3_32("g", 0) + 0);
}

TEST(TextParser, StringValuesAreChainHashed) {
  Example ex = text_parse("1 |f color:red size:XL");
  const uint32_t f = murmur3_32("f", 0);
  ASSERT_EQ(ex.features.size(), 2u);
  EXPECT_EQ(ex.features[0].index, murmur3_32("red", murmur3_32("color", f)));
  EXPECT_EQ(ex.features[0].value, 1.0f);
  EXPECT_EQ(ex.features[1].index, murmur3_32("XL", murmur3_32("size", f)));
}

TEST(TextParser, StringValuesIgnoreTheNamespaceWeight) {
  // VW (parse_example_text.cc): a string value's feature has value 1, the
  // namespace weight scales numeric values only.
  Example ex = text_parse("1 |f:0.5 color:red x x:3");
  ASSERT_EQ(ex.features.size(), 3u);
  EXPECT_EQ(ex.features[0].value, 1.0f);
  EXPECT_EQ(ex.features[1].value, 0.5f);
  EXPECT_EQ(ex.features[2].value, 1.5f);
}

TEST(TextParser, AnonymousStringValueAndDashValue) {
  Example ex = text_parse("1 |f :red x:-");
  const uint32_t f = murmur3_32("f", 0);
  ASSERT_EQ(ex.features.size(), 2u);
  EXPECT_EQ(ex.features[0].index, murmur3_32("red", f));  // hash_feature("", f) is f under --hash strings
  EXPECT_EQ(ex.features[1].index, murmur3_32("-", murmur3_32("x", f)));
}

TEST(TextParser, NumericNamesAreNotHashed) {
  Example ex = text_parse("1 | 1 17:2 |f 3");
  ASSERT_EQ(ex.features.size(), 3u);
  EXPECT_EQ(ex.features[0].index, 1u);
  EXPECT_EQ(ex.features[1].index, 17u);
  EXPECT_EQ(ex.features[1].value, 2.0f);
  EXPECT_EQ(ex.features[2].index, murmur3_32("f", 0) + 3);
}

TEST(TextParser, HashAllAndSeed) {
  ParseOptions all;
  all.hash_all = true;
  Example ex = text_parse("1 | 1 |f 3", all);
  EXPECT_EQ(ex.features[0].index, murmur3_32("1", 0));
  EXPECT_EQ(ex.features[1].index, murmur3_32("3", murmur3_32("f", 0)));
  ParseOptions seeded;
  seeded.hash_seed = 1;
  Example s = text_parse("1 | a |f b", seeded);
  EXPECT_EQ(s.namespaces[0].hash, 0x514E28B7u);
  EXPECT_EQ(s.features[0].index, murmur3_32("a", 0x514E28B7u));
  EXPECT_EQ(s.namespaces[1].hash, murmur3_32("f", 1));
}

TEST(TextParser, TabsSeparateLikeSpacesAndUtf8IsFine) {
  Example ex = text_parse("1\t2\t|caf\xc3\xa9\tna\xc3\xafve:2\t\tb");
  EXPECT_EQ(ex.importance, 2.0f);
  EXPECT_EQ(ex.namespaces[0].name, "caf\xc3\xa9");
  ASSERT_EQ(ex.features.size(), 2u);
  EXPECT_EQ(ex.features[0].index, murmur3_32("na\xc3\xafve", murmur3_32("caf\xc3\xa9", 0)));
}

TEST(TextParser, EmptyNamespacesAndManyBars) {
  Example ex = text_parse("1 || |a x|b y");
  ASSERT_EQ(ex.namespaces.size(), 4u);
  EXPECT_EQ(ex.features.size(), 2u);
  EXPECT_EQ(ex.namespaces[2].name, "a");
  EXPECT_EQ(ex.namespaces[3].name, "b");
  EXPECT_EQ(ex.namespaces[3].begin, 1u);
}

TEST(TextParser, LongTokensAreFine) {
  std::string name(100000, 'q');
  Example ex = text_parse("1 |a " + name);
  ASSERT_EQ(ex.features.size(), 1u);
  EXPECT_EQ(ex.features[0].index, murmur3_32(name, murmur3_32("a", 0)));
}

TEST(TextParser, KeepNames) {
  ParseOptions keep;
  keep.keep_names = true;
  Example ex = text_parse("1 | a |f b:2 c:red :3", keep);
  EXPECT_EQ(ex.names, (std::vector<std::string>{"a", "f^b", "f^c^red", "f^"}));
  Example no_names = text_parse("1 | a");
  EXPECT_TRUE(no_names.names.empty());
}

TEST(TextParser, ExampleIsClearedBetweenLines) {
  TextParser parser({});
  Example ex;
  ASSERT_TRUE(parser.parse("1 2 3 'tag |a x y z", ex, "f", 1));
  ASSERT_TRUE(parser.parse("|b w", ex, "f", 2));
  EXPECT_FALSE(ex.has_label);
  EXPECT_EQ(ex.importance, 1.0f);
  EXPECT_EQ(ex.base, 0.0f);
  EXPECT_TRUE(ex.tag.empty());
  EXPECT_EQ(ex.features.size(), 1u);
  EXPECT_EQ(ex.namespaces.size(), 1u);
  EXPECT_EQ(ex.line, 2u);
}

TEST(TextParserErrors, BadLabelImportanceBase) {
  expect_error("abc |a x", "abc", "label");
  expect_error("1x |a x", "1x", "label");
  expect_error("1 w |a x", "w", "importance");
  expect_error("1 1 b |a x", "b", "base");
  expect_error("1 2 3 4 |a x", "4", "too many");
  expect_error("1 2 3 4 5 'tag |a x", "4", "too many");
}

TEST(TextParserErrors, NonFiniteNumbers) {
  expect_error("nan |a x", "nan", "finite");
  expect_error("inf |a x", "inf", "finite");
  expect_error("1 NaN |a x", "NaN", "finite");
  expect_error("1 1 -inf |a x", "-inf", "finite");
  expect_error("1 |a x:nan", "x:nan", "finite");
  expect_error("1 |a x:inf", "x:inf", "finite");
  expect_error("1 |a:nan x", "a:nan", "finite");
}

// Issue 17, defect 11: too large for a float is an overflow, not "not finite";
// so is a value that overflows once the namespace weight multiplies it.
TEST(TextParserErrors, OverflowingNumbers) {
  expect_error("1e999 |a x", "1e999", "overflows a float");
  expect_error("1 1e39 |a x", "1e39", "overflows a float");
  expect_error("1 |a x:1e39", "x:1e39", "overflows a float");
  expect_error("1 |a:1e39 x", "a:1e39", "overflows a float");
  expect_error("1 |a:1e30 x:1e30", "x:1e30", "times the namespace weight overflows");
}

TEST(TextParserErrors, NegativeImportance) { expect_error("1 -0.5 |a x", "-0.5", "negative"); }

TEST(TextParserErrors, MissingBar) {
  expect_error("1 a b c", "1 a b c", "'|'");
  expect_error("just text", "just text", "'|'");
}

TEST(TextParserErrors, BadFeatureValues) {
  expect_error("1 |a x:", "x:", "value");
  expect_error("1 |a :", ":", "empty feature");
  expect_error("1 |a y x:1.5z", "x:1.5z", "malformed");
  expect_error("1 |a x:0x10", "x:0x10", "malformed");
  expect_error("1 |a x:1:2", "x:1:2", "malformed");
}

TEST(TextParserErrors, BadNamespaceHeader) {
  expect_error("1 |a:w x", "a:w", "namespace weight");
  expect_error("1 |a: x", "a:", "namespace weight");
  expect_error("1 |:2 x", ":2", "namespace");
}

TEST(TextParserErrors, ControlAndBinaryBytes) {
  expect_error(std::string_view("1 |a x\0y", 8), "\\x00", "NUL byte at column 7: binary data, not text");
  // Issue 28, defect 10: a NUL byte is binary data, which --lenient does not skip (its own type).
  Example ex;
  EXPECT_THROW(TextParser(ParseOptions{}).parse(std::string_view("1 |a\x01 x\0y", 10), ex, "f", 1), BinaryData);
  expect_error("1 |a x\x01", "\\x01", "control byte");
  expect_error("1 |a x\x7f", "\\x7f", "control byte");
  expect_error("1 |a x\ry", "\\x0d", "control byte");  // CR only allowed at the end
  expect_error("\x1b[0m1 |a x", "\\x1b", "control byte");
}

TEST(TextParserErrors, LongTokensAreCutInTheMessage) {
  std::string bad(500, '7');
  bad += "x";
  Example ex;
  TextParser parser({});
  try {
    parser.parse(bad + " |a x", ex, "f", 3);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_LT(std::string(e.what()).size(), 250u);
    EXPECT_NE(std::string(e.what()).find("7777...'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace learner

namespace learner {
namespace {

// A simple label outside the loss's domain (set from --loss_function) is an
// input error naming file:line, the label and the loss; inside, and unlabeled
// lines, parse as usual.
TEST(TextParser, LabelOutsideTheLossDomainIsAnError) {
  ParseOptions options;
  options.label_domain.min = -1.0;
  options.label_domain.max = 1.0;
  options.label_domain.loss = "logistic";
  TextParser parser(options);
  Example ex;
  for (const char* ok : {"1 |a x", "-1 |a x", "0.25 |a x", "|a x"}) EXPECT_TRUE(parser.parse(ok, ex, "in.vw", 1)) << ok;
  for (const char* bad : {"5 |a x", "-1.5 2 |a x"}) {
    try {
      parser.parse(bad, ex, "in.vw", 3);
      ADD_FAILURE() << "no error for: " << bad;
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.rfind("in.vw:3: label ", 0), 0u) << what;
      EXPECT_NE(what.find("logistic"), std::string::npos) << what;
    }
  }
  // The reductions' grammars are not checked against it.
  options.labels = LabelFormat::kMulticlass;
  EXPECT_TRUE(TextParser(options).parse("5 |a x", ex, "in.vw", 1));
}

// Issue 28 item 8: a mistake-driven learner or --binary needs labels -1
// and 1 (LabelDomain::signs): any other label is an input error naming
// file:line, the label and who needs them; unlabeled lines parse.
TEST(TextParser, SignLabelsAreMinusOneOrOne) {
  ParseOptions options;
  options.label_domain.signs = "--perceptron";
  TextParser parser(options);
  Example ex;
  for (const char* ok : {"1 |a x", "-1 |a x", "1 2 |a x", "-1 0.5 'tag|a x", "|a x", "+1 |a x"})
    EXPECT_TRUE(parser.parse(ok, ex, "in.vw", 1)) << ok;
  for (const char* bad : {"0 |a x", "0.5 |a x", "7 |a x", "-2 |a x", "1.0001 |a x"}) {
    try {
      parser.parse(bad, ex, "in.vw", 4);
      ADD_FAILURE() << "no error for: " << bad;
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.rfind("in.vw:4: label ", 0), 0u) << what;
      EXPECT_NE(what.find("is not -1 or 1, the labels --perceptron needs"), std::string::npos) << what;
    }
  }
}

}  // namespace
}  // namespace learner
