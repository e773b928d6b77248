// vw_line_to_json (the vw2json tool): its JSON, read with --json --chain_hash,
// is the text line's example; golden output; what it refuses.
#include "learner/formats/vw_to_json.h"

#include <gtest/gtest.h>

#include "learner/error.h"
#include "same_features.h"

namespace learner {
namespace {

std::string convert(const std::string& line) {
  std::string out;
  vw_line_to_json(line, out);
  return out;
}

TEST(VwToJson, GoldenOutput) {
  // Numbers that are JSON numbers are copied; others ("1.", a weighted value) printed as the float.
  EXPECT_EQ(convert("-1 'id7|a 913:0.532 17:1. |b tq3 k8 |c:2 c0:-1.07"),
            R"({"_tag":"id7","_label":-1,"a":{"913":0.532,"17":1},"b":{"_text":"tq3 k8"},"c":{"c0":-2.1400001}})"
            "\n");
  EXPECT_EQ(convert("   "), "");
}

TEST(VwToJson, ReadBackEqualsTheTextLine) {
  ParseOptions json;
  json.format = InputFormat::kJson;
  json.chain_hash = true;
  for (const std::string line :
       {"1 |a x y:0.5 | f:2", "-1 2 0.5 'tag|a:2 x y:0.25 z:red |b :1 :0 :3", "|a x:-3 | :2 y", "0 | 12 34:5",
        "1 't| w1 w2 |ns:0.5 v v:3 c:blue :7", "1 2 |x a", "+1 |x y:.5 z:1e-3"}) {
    std::string out = convert(line);
    ASSERT_FALSE(out.empty()) << line;
    out.pop_back();  // the newline
    test::expect_same(json, out, line);
  }
}

TEST(VwToJson, RefusesWhatJsonCannotSay) {
  for (const char* line : {"1 |_a x", "1 | _x:1", "1 |a x:b:c", "1 x y", "1 |a :red"}) {
    std::string out;
    EXPECT_THROW(vw_line_to_json(line, out), Error) << line;
  }
}

// Issue 28, defect 10: vw2json writes valid JSON that --json reads back, or
// refuses the line with file:line: control bytes (the text reader refuses
// them too) and invalid UTF-8 (JSON is UTF-8) are not passed on.
TEST(VwToJson, RefusesControlBytesAndInvalidUtf8WithFileAndLine) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"1 |a x\x01y", "control byte at column 7 (binary data?)"},
      {"1 |a x\x7f", "control byte at column 7"},
      {"1 |a x\xff", "invalid UTF-8 at column 7"},
      {"1 |a caf\xc3", "invalid UTF-8 at column 9"},           // truncated sequence
      {"1 |a \xc0\xaf", "invalid UTF-8 at column 6"},          // overlong '/'
      {"1 |a \xed\xa0\x80", "invalid UTF-8 at column 6"},      // a surrogate
      {"1 |a \xf4\x90\x80\x80", "invalid UTF-8 at column 6"},  // past U+10FFFF
      {"1 't\xe9 |a x", "invalid UTF-8 at column 5"}};
  for (const auto& [line, reason] : cases) {
    std::string out;
    try {
      vw_line_to_json(line, out, "data.vw", 12);
      ADD_FAILURE() << "converted: " << out;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("data.vw:12: " + reason), std::string::npos) << e.what();
    }
  }
  ParseOptions json;
  json.format = InputFormat::kJson;
  json.chain_hash = true;
  for (const std::string line : {"1 |caf\xc3\xa9 cr\xc3\xa8me br\xc3\xbbl\xc3\xa9" "e:2 w:\xe2\x82\xac",
                                 "1 |a \xf0\x9f\x98\x80 \xef\xbf\xbd", "\xEF\xBB\xBF" "1 |a x\r"}) {
    std::string out = convert(line);
    out.pop_back();
    test::expect_same(json, out, line);
  }
}

}  // namespace
}  // namespace learner
