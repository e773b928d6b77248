// --json / --dsjson contextual-bandit events (formats/json_bandit.h): one
// line gives the shared example, the action examples and the group's end,
// each equal to the VW text line it stands for; VW's golden indices; the
// events VW skips; and every malformed-event class, at file:line.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/parse/hash.h"
#include "same_features.h"

namespace learner {
namespace {

using test::feature_set;

ParseOptions bandit(InputFormat format) {
  ParseOptions o;
  o.format = format;
  o.labels = LabelFormat::kContextualBanditAdf;
  return o;
}

struct Read {
  std::vector<Example> examples;  // the examples the line gave, in order
  bool ended = false;             // the last call returned false (the group's end)
};

Read read_line(const ParseOptions& options, const std::string& line, uint64_t line_no = 1) {
  const std::unique_ptr<ExampleParser> parser = make_parser(options);
  Read r;
  Example ex;
  if (!parser->parse(line, ex, "f", line_no)) return r;
  r.examples.push_back(ex);
  while (parser->pending()) {
    if (!parser->parse_pending(ex)) {
      r.ended = true;
      EXPECT_FALSE(parser->pending());
      break;
    }
    r.examples.push_back(ex);
  }
  return r;
}

// The line read as `format` gives the text lines `text`, one example each, then the group's end.
void expect_group(InputFormat format, const std::string& line, const std::vector<std::string>& text) {
  const Read r = read_line(bandit(format), line);
  ASSERT_TRUE(r.ended) << line;
  ASSERT_EQ(r.examples.size(), text.size()) << line;
  const std::unique_ptr<ExampleParser> vw = make_parser(bandit(InputFormat::kText));
  for (std::size_t i = 0; i < text.size(); ++i) {
    Example b;
    ASSERT_TRUE(vw->parse(text[i], b, "f", 1)) << text[i];
    const Example& a = r.examples[i];
    EXPECT_EQ(feature_set(a), feature_set(b)) << line << " line " << i << " vs " << text[i];
    EXPECT_EQ(a.shared, b.shared) << text[i];
    EXPECT_EQ(a.has_label, b.has_label) << text[i];
    EXPECT_EQ(a.tag, b.tag) << text[i];
    ASSERT_EQ(a.costs.size(), b.costs.size()) << text[i];
    for (std::size_t c = 0; c < a.costs.size(); ++c) {
      EXPECT_EQ(a.costs[c].klass, b.costs[c].klass) << text[i];
      EXPECT_EQ(a.costs[c].cost, b.costs[c].cost) << text[i];
      EXPECT_EQ(a.costs[c].probability, b.costs[c].probability) << text[i];
    }
    EXPECT_EQ(a.line, 1u);
  }
}

TEST(JsonBandit, DsJsonEventIsTheTextGroup) {
  expect_group(InputFormat::kDsJson,
               R"({"_label_cost":-1,"_label_probability":0.25,"_label_Action":3,"_labelIndex":1,"EventId":"e1",)"
               R"("a":[3,1],"c":{"u":{"id":"anna","t":0.5},"_tag":"t1","_multi":[{"i":{"x":1},"_tag":"a0"},)"
               R"({"i":{"y":2}}]},"p":[0.75,0.25],"VWState":{"m":"N/A"}})",
               {"shared 't1|u idanna t:0.5", "'a0 |i x", "3:-1:0.25 |i y:2"});
  // Label keys after "c", in any case, and a shared context with no features.
  expect_group(InputFormat::kDsJson,
               R"({"a":[1,2],"c":{"_multi":[{"x":1},{"y":1}]},"_labelIndex":0,"_label_Probability":0.5,)"
               R"("_label_Cost":2})",
               {"shared |", "0:2:0.5 | x", "| y"});
}

TEST(JsonBandit, JsonExampleIsTheTextGroup) {
  // VW's train-sets/cb_test.json: the top level is the shared context, with the label keys.
  expect_group(InputFormat::kJson,
               R"({"s_":"1","s_":"2","_labelIndex":0,"_label_Action":0,"_label_Cost":1,"_label_Probability":0.5,)"
               R"("_multi":[{"a_":"1","b_":"1","c_":"1"}, {"a_":"2","b_":"2","c_":"2"},{"a_":"3","b_":"3","c_":"3"}]})",
               {"shared | s_1 s_2", "0:1:0.5 | a_1 b_1 c_1", "| a_2 b_2 c_2", "| a_3 b_3 c_3"});
  // A decision-service event read with --json (VW's train-sets/cb_simple.json): "_multi" nested in
  // the namespace "c" still lists the actions, "a" and "p" are anonymous features of the shared example.
  expect_group(InputFormat::kJson,
               R"({"_label_cost":-1.0,"_label_probability":0.5,"_label_Action":2,"_labelIndex":1,"a":[2,1],)"
               R"("c":{"shared":{"f":"1"},"_multi":[{"action":{"f":"1"}},{"action":{"f":"2"}}]},"p":[0.5,0.5]})",
               {"shared |a :2 :1 |shared f1 |p :0.5 :0.5", "|action f1", "2:-1:0.5 |action f2"});
  // No label: every action line unlabelled (an index alone is no label, as in VW).
  expect_group(InputFormat::kJson, R"({"_labelIndex":1,"_multi":[{"a":{"x":1}},{"a":{"z":1}}]})",
               {"shared |", "|a x", "|a z"});
}

TEST(JsonBandit, GoldenIndicesOfVw) {
  // vw --cb_explore_adf --json -d train-sets/cb_test.json --audit prints a_1:143848, s_1:250554,
  // s_2:73431 (-b 18).
  const Read r = read_line(bandit(InputFormat::kJson),
                           R"({"s_":"1","s_":"2","_multi":[{"a_":"1","b_":"1"}]})");
  ASSERT_EQ(r.examples.size(), 2u);
  const uint32_t mask = (1u << 18) - 1;
  ASSERT_EQ(r.examples[0].features.size(), 2u);
  EXPECT_EQ(r.examples[0].features[0].index & mask, 250554u);
  EXPECT_EQ(r.examples[0].features[1].index & mask, 73431u);
  ASSERT_EQ(r.examples[1].features.size(), 2u);
  EXPECT_EQ(r.examples[1].features[0].index & mask, 143848u);
  EXPECT_EQ(r.examples[1].features[1].index & mask, 231140u);
}

TEST(JsonBandit, FeatureNamesAreVws) {
  // vw --dsjson -d train-sets/dsjson_cb_default_ns.json --invert_hash: "nameBob", "action^f1" (the
  // top level unprefixed).
  ParseOptions o = bandit(InputFormat::kDsJson);
  o.keep_names = true;
  const Read r = read_line(o, R"({"a":[1],"c":{"name":"Bob","u":{"x":1},"_multi":[{"action":{"f":"1"},"g":2}]}})");
  ASSERT_EQ(r.examples.size(), 2u);
  EXPECT_EQ(r.examples[0].names, (std::vector<std::string>{"nameBob", "u^x"}));
  EXPECT_EQ(r.examples[1].names, (std::vector<std::string>{"action^f1", "g"}));
}

TEST(JsonBandit, PdropScalesTheImportance) {
  const Read r = read_line(bandit(InputFormat::kDsJson),
                           R"({"pdrop":0.75,"a":[1],"c":{"_multi":[{"x":1}]},"_labelIndex":0,"_label_cost":1,)"
                           R"("_label_probability":1})");
  ASSERT_EQ(r.examples.size(), 2u);
  EXPECT_FLOAT_EQ(r.examples[0].importance, 4.0f);
  EXPECT_FLOAT_EQ(r.examples[1].importance, 4.0f);
}

TEST(JsonBandit, SkippedEventsHoldNoExample) {
  const ParseOptions o = bandit(InputFormat::kDsJson);
  // VW skips: _skipLearn, an event without logged actions "a" (observation lines), a line not
  // starting with '{' (checkpoint lines), blank lines.
  for (const char* line : {R"({"_skipLearn":true,"a":[1],"c":{"_multi":[{"x":1}]}})",
                           R"({"RewardValue":1.0,"EventId":"e","Observations":[{"v":1.0}]})",
                           R"({"a":[],"c":{"_multi":[{"x":1}]}})", "[CHECKPOINT INFO LINE]", "   "}) {
    const Read r = read_line(o, line);
    EXPECT_TRUE(r.examples.empty()) << line;
    EXPECT_FALSE(r.ended) << line;
  }
}

TEST(JsonBandit, MalformedEventsFailAtFileLine) {
  struct Case {
    InputFormat format;
    const char* line;
    const char* message;
  };
  const InputFormat ds = InputFormat::kDsJson, js = InputFormat::kJson;
  const Case cases[] = {
      {ds, R"({"a":[1],"c":{"_multi":[{"x":1}]})", "invalid JSON"},
      {ds, R"({"a":[1],"c":{"x":1}})", "needs \"_multi\""},
      {js, R"({"x":1})", "needs \"_multi\""},
      {ds, R"({"a":[1],"c":{"_multi":{"x":1}}})", "c._multi: _multi must be an array"},
      {ds, R"({"a":[1],"c":{"_multi":[]}})", "_multi has no action"},
      {ds, R"({"a":[1],"c":{"_multi":[1]}})", "c._multi[0]: an action of _multi must be an object"},
      {ds, R"({"a":[1],"c":{"_multi":[{"_multi":[{"x":1}]}]}})", "nested _multi"},
      {ds, R"({"a":[1],"_labelIndex":-1,"c":{"_multi":[{"x":1}]}})", "_labelIndex: _labelIndex must be a non-negative"},
      {ds, R"({"a":[1],"_labelIndex":"0","c":{"_multi":[{"x":1}]}})", "_labelIndex must be a non-negative"},
      {ds, R"({"a":[1],"_labelIndex":2,"_label_cost":1,"_label_probability":0.5,"c":{"_multi":[{"x":1}]}})",
       "_labelIndex 2 is beyond the last action (1 in _multi"},
      {ds, R"({"a":[1],"_labelIndex":0,"_label_cost":1,"c":{"_multi":[{"x":1}]}})",
       "_label_cost without _label_probability"},
      {ds, R"({"a":[1],"_labelIndex":0,"_label_probability":0.5,"c":{"_multi":[{"x":1}]}})",
       "_label_probability without _label_cost"},
      {ds, R"({"a":[1],"_label_cost":1,"_label_probability":0.5,"c":{"_multi":[{"x":1}]}})",
       "without _labelIndex"},
      {ds, R"({"a":[1],"_labelIndex":0,"_label_cost":1,"_label_probability":1.5,"c":{"_multi":[{"x":1}]}})",
       "_label_probability: a probability must be in [0, 1]"},
      {ds, R"({"a":[1],"_labelIndex":0,"_label_cost":"1","_label_probability":1,"c":{"_multi":[{"x":1}]}})",
       "_label_cost: _label_cost must be a number"},
      {ds, R"({"a":[1],"_labelIndex":0,"_label_cost":1e39,"_label_probability":1,"c":{"_multi":[{"x":1}]}})",
       "_label_cost is not a finite float"},
      {ds, R"({"a":[1],"_label_cost":1,"_label_cost":2,"c":{"_multi":[{"x":1}]}})", "given twice"},
      {ds, R"({"a":[1],"_label_Weight":1,"c":{"_multi":[{"x":1}]}})", "unsupported label property"},
      {ds, R"({"a":[1],"_label":"0:1:0.5","c":{"_multi":[{"x":1}]}})", "a text or simple _label"},
      {js, R"({"_multi":[{"x":1,"_labelIndex":0}]})", "_multi[0]._labelIndex: _labelIndex inside an action"},
      {ds, R"({"a":[1],"c":{"_multi":[{"_label_cost":1}]}})", "c._multi[0]._label_cost: _label_cost inside an action"},
      {ds, R"({"a":[1],"pdrop":1,"c":{"_multi":[{"x":1}]}})", "pdrop: pdrop (the probability that the event"},
      {ds, R"({"a":[1],"pdrop":-0.5,"c":{"_multi":[{"x":1}]}})", "must be in [0, 1)"},
      {ds, R"({"a":3,"c":{"_multi":[{"x":1}]}})", "\"a\" must be an array of action ids"},
      {ds, R"({"a":[1,-2],"c":{"_multi":[{"x":1}]}})", "a[1]: an action id must be a non-negative integer"},
      {ds, R"({"a":[1],"p":[0.5,2],"c":{"_multi":[{"x":1}]}})", "p[1]: a probability must be in [0, 1]"},
      {ds, R"({"a":[1],"p":0.5,"c":{"_multi":[{"x":1}]}})", "\"p\" must be an array"},
      {ds, R"({"a":[1],"_outcomes":[],"c":{"_multi":[{"x":1}]}})", "CCB / slates content"},
      {ds, R"({"a":[1]})", "needs its context \"c\""},
      {ds, R"({"a":[1],"c":[1]})", "c: the context \"c\" must be an object"},
      {ds, R"({"a":[1],"c":{"_slots":[],"_multi":[{"x":1}]}})", "CCB, slates or graph-feedback content"},
      {ds, R"({"a":[1],"c":{"_multi":[{"x":"a","y":[true]}]}})", "c._multi[0].y[0]: an array holds numbers"},
      {js, R"({"u":{"_multi":[{"x":1}]},"_multi":[{"y":1}]})", "_multi: a second _multi"},
      {js, R"({"_multi":[{"y":1}],"u":{"_multi":[{"x":1}]}})", "u: a second _multi"},
      {js, R"({"_multi":[{"i":{"_multi":[{"x":1}]}}]})", "_multi[0].i._multi: _multi inside an action"},
      {ds, R"({"a":[1],"c":{"_multi":[{"i":{"_label_cost":1}}]}})", "c._multi[0].i._label_cost: _label_cost inside"},
      {ds, "[1,2]", "skip"},  // not an event: skipped (checked below)
  };
  for (const Case& c : cases) {
    const std::unique_ptr<ExampleParser> parser = make_parser(bandit(c.format));
    Example ex;
    if (std::string(c.message) == "skip") {
      EXPECT_FALSE(parser->parse(c.line, ex, "log.json", 7)) << c.line;
      continue;
    }
    try {
      parser->parse(c.line, ex, "log.json", 7);
      ADD_FAILURE() << "accepted: " << c.line;
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.rfind("log.json:7: ", 0), 0u) << what;
      EXPECT_NE(what.find(c.message), std::string::npos) << c.line << "\n  gave: " << what;
      EXPECT_FALSE(parser->pending()) << c.line;
    }
  }
}

TEST(JsonBandit, ParserIsReusedAcrossEventsOfDifferentSizes) {
  const std::unique_ptr<ExampleParser> parser = make_parser(bandit(InputFormat::kDsJson));
  const char* lines[] = {
      R"({"a":[1,2,3],"c":{"u":{"a":1},"_multi":[{"x":1},{"y":1},{"z":1}]},"_labelIndex":2,"_label_cost":1,"_label_probability":0.5})",
      R"({"a":[1],"c":{"_multi":[{"w":1}]}})",
      R"({"a":[1,2],"c":{"v":{"b":1},"_multi":[{"x":1},{"y":1}]},"_labelIndex":0,"_label_cost":0,"_label_probability":1})",
  };
  const std::size_t sizes[] = {4, 2, 3};
  for (int i = 0; i < 3; ++i) {
    Example ex;
    ASSERT_TRUE(parser->parse(lines[i], ex, "f", static_cast<uint64_t>(i + 1)));
    EXPECT_TRUE(ex.shared);
    std::size_t n = 1, labelled = 0;
    while (parser->pending()) {
      if (!parser->parse_pending(ex)) break;
      ++n;
      EXPECT_EQ(ex.line, static_cast<uint64_t>(i + 1));
      EXPECT_FALSE(ex.shared);
      labelled += ex.has_label ? 1 : 0;
    }
    EXPECT_EQ(n, sizes[i]) << lines[i];
    EXPECT_EQ(labelled, i == 1 ? 0u : 1u) << lines[i];
  }
}

}  // namespace
}  // namespace learner
