// --json and --dsjson: the same hashes as the VW text equivalent, golden
// indices, and every malformed-input class.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/parse/hash.h"
#include "same_features.h"

namespace learner {
namespace {

using test::expect_same;
using test::parse_with;

ParseOptions json(bool chain = false) {
  ParseOptions o;
  o.format = InputFormat::kJson;
  o.chain_hash = chain;
  return o;
}

ParseOptions dsjson() {
  ParseOptions o;
  o.format = InputFormat::kDsJson;
  return o;
}

TEST(JsonReader, SameHashesAsTheTextLine) {
  expect_same(json(), R"({"_label":1,"a":{"x":1,"y":0.5},"f":2})", "1 |a x y:0.5 | f:2");
  expect_same(json(), R"({"a":{"913":0.5, "17": 1e-3}})", "|a 913:0.5 17:0.001");
  expect_same(json(), R"({"_text":"hello wor:ld  a|b"})", "| hello wor_ld a_b");
  expect_same(json(), R"({"a":{"_text":"x y"}, "b": true, "c": false, "n": null})", "|a x y | b");
  expect_same(json(), R"({"arr":[1,0,3,null,2.5]})", "|arr :1 :0 :3 :2.5");
  expect_same(json(), R"({"arr":[{"x":1}, 2]})", "|arr x :2");
  expect_same(json(), R"({"a":{"b":{"x":1},"y":2}})", "|a y:2 |b x:1");
  expect_same(json(), R"({"_label":"1 2 0.5","_tag":"t","a":{"x":1}})", "1 2 0.5 't|a x");
  expect_same(json(), R"({"_label":{"Label":-1,"weight":3,"Initial":0.5}})", "-1 3 0.5 |");
  expect_same(json(), R"({"_label_Label":-1,"_label_Weight":3})", "-1 3 |");
  expect_same(json(), R"({"_unknown":{"x":[1,"y"]},"z":1})", "| z");  // other "_" keys are ignored
}

TEST(JsonReader, StringValuesConcatenateOrChainHash) {
  // VW: "k":"v" is the feature "kv" (with ' ', tab, '|', ':' in v made '_');
  // --chain_hash: hash(v, hash(k, ns)), the text format's k:v.
  expect_same(json(), R"({"a":{"k":"v w:x"}})", "|a kv_w_x");
  expect_same(json(true), R"({"a":{"k":"red"}})", "|a k:red");
  expect_same(json(true), R"({"k":"v w"})", "| k:v_w");
}

TEST(JsonReader, GoldenIndices) {
  // Independent of the text parser: murmur3 of the names as VW computes them.
  const Example ex = parse_with(json(), R"({"a":{"x":1},"f":2,"arr":[5]})");
  const uint32_t a = hash_namespace("a", 0, false);
  ASSERT_EQ(ex.features.size(), 3u);
  EXPECT_EQ(a, 1009084850u);  // murmur3_32("a", 0) = 0x3c2569b2, the published test value
  EXPECT_EQ(ex.features[0].index, murmur3_32("x", a));
  EXPECT_EQ(ex.features[1].index, murmur3_32("f", 0));  // top level: hash of " " is 0
  EXPECT_EQ(ex.features[2].index, hash_namespace("arr", 0, false));
  EXPECT_EQ(ex.features[2].value, 5.0f);
  EXPECT_EQ(ex.namespaces.size(), 3u);
}

TEST(JsonReader, TopLevelNamespaceHashesAsVwsSpace) {
  // VW hashes the top level as the namespace " ": under --hash strings that is
  // the seed itself (blanks trimmed, nothing left), under --hash all murmur3(" ", seed).
  ParseOptions seeded = json();
  seeded.hash_seed = 7;
  EXPECT_EQ(parse_with(seeded, R"({"f":1})").features[0].index, murmur3_32("f", 7));
  ParseOptions all = json();
  all.hash_all = true;
  EXPECT_EQ(parse_with(all, R"({"f":1})").features[0].index, murmur3_32("f", murmur3_32(" ", 0)));
  // Named namespaces hash as in the text format, whatever the seed.
  seeded.format = InputFormat::kJson;
  test::expect_same(seeded, R"({"a":{"x":1,"12":2}})", "|a x 12:2");
}

TEST(JsonReader, LabelGrammars) {
  ParseOptions multi = json();
  multi.labels = LabelFormat::kMulticlass;
  multi.classes = 3;
  expect_same(multi, R"({"_label":2,"x":1})", "2 | x");
  expect_same(multi, R"({"_label":"3 2"})", "3 2 |");
  ParseOptions cs = json();
  cs.labels = LabelFormat::kCostSensitive;
  expect_same(cs, R"({"_label":"1:0.5 2:1","x":1})", "1:0.5 2:1 | x");
}

TEST(JsonReader, NumericLabelsReadAsTheirNineDigitText) {
  // A numeric "_label" is the float's "%.9g" text in the text grammar (label_from_number formats
  // it without printf): every value below, large ones and subnormals included,
  // reads as that text line does.
  std::vector<double> values = {0.0, -0.0, 1.0, -1.0, 0.1, 2.5, 1e-45, 1.4e-45, 1.17549435e-38, 3.4e38,
                                -3.4e38, 123456789.0, 16777217.0, 0.3333333333333333, 1e-7, 5e37};
  // Integers below 10^9 take label_from_number's integer path; 1e9 and beyond the general one.
  for (int i = -300; i <= 300; ++i) values.push_back(i);
  for (const double v : {999999936.0, -999999936.0, 1e9, -1e9, 16777216.0, 999999999.0, 4294967296.0, 1e15})
    values.push_back(v);
  uint64_t x = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 2000; ++i) {  // random doubles over the float's exponent range
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const double mantissa = static_cast<double>(x >> 11) / 9007199254740992.0;
    values.push_back((i % 2 ? -1 : 1) * mantissa * std::ldexp(1.0, static_cast<int>(x % 250) - 125));
  }
  for (const double v : values) {
    char json_line[96], text_line[64];
    std::snprintf(json_line, sizeof json_line, R"({"_label":%.17g,"x":1})", v);
    std::snprintf(text_line, sizeof text_line, "%.9g | x", static_cast<double>(static_cast<float>(v)));
    expect_same(json(), json_line, text_line);
  }
  ParseOptions multi = json();
  multi.labels = LabelFormat::kMulticlass;
  multi.classes = 1000000;
  for (const char* k : {"1", "7", "999999", "1000000"})
    expect_same(multi, std::string(R"({"_label":)") + k + R"(,"x":1})", std::string(k) + " | x");
}

TEST(JsonReader, DecisionServiceSimpleLabel) {
  expect_same(dsjson(), R"({"_label":1,"EventId":"e1","Timestamp":"t","c":{"a":{"x":1},"y":2},"pdrop":0.1})",
              "1 |a x | y:2");
  expect_same(dsjson(), R"({"c":{"x":1},"_label_Label":0.5})", "0.5 | x");
  Example ex;
  EXPECT_FALSE(make_parser(dsjson())->parse(R"({"_skipLearn":true,"c":{"x":1}})", ex, "f", 1));
}

TEST(JsonReader, BlankLinesBomAndMultiplePasses) {
  auto parser = make_parser(json());
  Example ex;
  EXPECT_FALSE(parser->parse("   \t", ex, "f", 1));
  EXPECT_TRUE(parser->parse("\xEF\xBB\xBF{\"x\":1}\r", ex, "f", 2));
  EXPECT_EQ(ex.features.size(), 1u);
  EXPECT_EQ(ex.line, 2u);
}

TEST(JsonReader, KeepsFeatureNames) {
  ParseOptions o = json();
  o.keep_names = true;
  const Example ex = parse_with(o, R"({"a":{"x":1,"k":"v"},"arr":[0,2],"_text":"w"})");
  // The top level's features are named without a namespace, as VW's --audit / --invert_hash and the
  // text format name `| w`.
  EXPECT_EQ(ex.names, (std::vector<std::string>{"a^x", "a^kv", "arr^[1]", "w"}));
  // The names of words and string values with bytes made '_' (copied) and without (read in place).
  o.chain_hash = true;
  const Example chained = parse_with(o, R"({"a":{"k":"v w","j":"u"},"_text":"p:q r|s t"})");
  EXPECT_EQ(chained.names, (std::vector<std::string>{"a^k^v_w", "a^j^u", "p_q", "r_s", "t"}));
}

// Message of the InputError `line` raises (line number 7), "" if none.
std::string error_of(const ParseOptions& options, const std::string& line) {
  Example ex;
  try {
    make_parser(options)->parse(line, ex, "data.json", 7);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

void expect_error(const ParseOptions& options, const std::string& line, const std::string& part) {
  const std::string what = error_of(options, line);
  EXPECT_NE(what.find("data.json:7: "), std::string::npos) << line << " -> " << what;
  EXPECT_NE(what.find(part), std::string::npos) << line << " -> " << what;
}

TEST(JsonReader, MalformedInput) {
  expect_error(json(), R"({"a":1)", "invalid JSON");
  expect_error(json(), R"({"a":"xyz})", "invalid JSON");                 // unterminated string
  expect_error(json(), R"({"a":1} {"b":2})", "invalid JSON");            // two documents
  expect_error(json(), R"({"a":tru})", "invalid JSON");
  expect_error(json(), R"([1,2])", "object");
  expect_error(json(), R"("x")", "object");
  expect_error(json(), R"({"_label":true})", "_label: _label must be a number, a string or an object");
  expect_error(json(), R"({"_label":[1]})", "_label must be");
  expect_error(json(), R"({"_label":"abc"})", "_label: malformed label");
  expect_error(json(), R"({"_label":{"Label":"NaN"}})", "_label.Label: a label property must be a number");
  expect_error(json(), R"({"_label":{"Foo":1}})", "unsupported label property");
  expect_error(json(), R"({"_label":"1 't"})", "tag");
  expect_error(json(), R"({"_labelx":1})", "_labelx: unsupported key");
  expect_error(json(), R"({"_tag":5})", "_tag: _tag must be a string");
  expect_error(json(), R"({"a":{"_text":["x"]}})", "a._text: _text must be a string");
  expect_error(json(), R"({"c":{"d":{"e":"x","f":[1,true]}}})", "c.d.f[1]: an array holds numbers");
  expect_error(json(), R"({"f":[1,"x"]})", "f[1]");
  expect_error(json(), R"({"f":[[1]]})", "f[0]: an array holds numbers, objects or nulls (VW), not an array");
  expect_error(json(), R"({"a":{"x":1e39}})", "a.x: feature value overflows a float");
  expect_error(json(), R"({"a":1e400})", "invalid JSON");
  expect_error(json(), R"({"_label":1e39})", "_label: label overflows");
  expect_error(json(), R"({"_multi":[{"x":1}]})", "_multi: contextual-bandit");
  expect_error(json(), R"({"_label_Cost":1})", "_label_Cost: a contextual-bandit label property");
  expect_error(json(), R"({"_label":{"Action":1,"Cost":1,"Probability":0.5}})", "contextual-bandit");
  ParseOptions multi = json();
  multi.labels = LabelFormat::kMulticlass;
  multi.classes = 3;
  expect_error(multi, R"({"_label":5})", "_label: class out of range 1..3");
  expect_error(multi, R"({"_label":1.5})", "a class must be an integer");
  ParseOptions cs = json();
  cs.labels = LabelFormat::kCostSensitive;
  expect_error(cs, R"({"_label":1})", "give this label as a string");
  ParseOptions logistic = json();
  logistic.label_domain.min = -1;
  logistic.label_domain.max = 1;
  logistic.label_domain.loss = "logistic";
  expect_error(logistic, R"({"_label":2})", "outside [-1, 1]");
}

// Issue 28, defect 15: VW keeps the last of several labels silently; learner
// reads one label per example (a "_label" or "_label_<property>" keys, each once).
TEST(JsonReader, ALabelGivenTwiceIsAnError) {
  for (const char* line : {R"({"_label":1,"x":1,"_label":-1})", R"({"_label":{"Label":1,"Label":2}})",
                           R"({"_label_Weight":2,"_label_Weight":3})", R"({"_label":"1 2 0.5","_label_Weight":3})",
                           R"({"_label_Label":1,"_label":1})", R"({"_label":null,"_label":1})",
                           R"({"a":{"_label":1},"_label":2})"})
    expect_error(json(), line, "the label is given twice");
  expect_error(dsjson(), R"({"_label":1,"c":{"_label":-1,"x":1}})", "c._label: the label is given twice");
  expect_same(json(), R"({"_label_Label":1,"_label_Weight":2,"_label_Initial":0.5,"x":1})", "1 2 0.5 | x");
  expect_same(json(), R"({"_label":{"Label":1,"Weight":2},"x":1})", "1 2 | x");
}

// Issue 28, defect 15: a number the JSON parser cannot read is named with its
// column and why, not with the parser's internal message alone.
TEST(JsonReader, ANumberItCannotReadIsNamed) {
  const std::string what = error_of(json(), R"({"a":{"x":"1e999"},"big":123456789012345678901234567890})");
  EXPECT_NE(what.find("data.json:7: invalid JSON: column 26: the number is an integer beyond 64 bits"),
            std::string::npos) << what;
  EXPECT_NE(what.find("token '123456789012345678901234567890'"), std::string::npos) << what;
  EXPECT_NE(what.find("1.5e29"), std::string::npos) << what;
  expect_error(json(), R"({"_label":-99999999999999999999999})", "column 11: the number is an integer beyond 64 bits");
  expect_error(json(), R"({"a":1e400})", "column 6: the number is malformed or beyond a double's range");
  expect_same(json(), R"({"a":1.23456789012345678901234567890e29,"b":12345678901234567890})",
              "| a:1.23456789e29 b:12345678901234567890");
}

// Issue 28, defect 10: binary data is refused by the same check as the text
// reader's (learner/parse/line_bytes.h), with the column.
TEST(JsonReader, ControlBytesAreBinaryData) {
  expect_error(json(), std::string("{\"a\":1}\x01\x00", 9), "NUL byte at column 9: binary data");
  expect_error(json(), "{\"a\":1}\x01", "control byte at column 8 (binary data?)");
  expect_error(dsjson(), "{\"c\":{\"a\":\x7f" "1}}", "control byte at column 11");
}

TEST(JsonReader, DecisionServiceRejectsBanditContent) {
  for (const char* line : {R"({"a":[1,2],"c":{"x":1}})", R"({"c":{"x":1},"p":[0.5]})", R"({"_labelIndex":0,"c":{}})",
                           R"({"o":[{"v":1}],"c":{}})", R"({"_outcomes":[],"c":{}})"})
    expect_error(dsjson(), line, "contextual-bandit");
  expect_error(dsjson(), R"({"_label_cost":1,"c":{}})", "_label_cost: a contextual-bandit label property");
  expect_error(dsjson(), R"({"c":5})", "c: the context \"c\" must be an object");
  expect_error(dsjson(), R"({"c":{"_multi":[]}})", "c._multi: contextual-bandit");
}

}  // namespace
}  // namespace learner
