// --json, --dsjson, --csv end to end: the same examples in VW text, JSON and
// CSV give the same average loss and predictions; bad input stops the run
// with file:line and the field; the flags' usage errors.
#include <gtest/gtest.h>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

struct Data {
  std::string text, json, dsjson, csv;
};

// 300 deterministic examples written four ways.
Data make_data() {
  Data d;
  d.csv = "_label,a|x,a|y,b|w,_tag\n";
  unsigned s = 12345;
  auto next = [&] { return s = s * 1103515245u + 12345u, (s >> 16) & 0x7fff; };
  for (int i = 0; i < 300; ++i) {
    const int label = next() % 2 ? 1 : -1;
    // Built with append: GCC 12's -Wrestrict/-Wstringop-overflow misfire on "w" + std::string&&.
    const std::string x = std::to_string((next() % 100) / 50.0 + 0.01), y = std::to_string(int(next() % 5) + label);
    std::string w = "w", tag = "t";
    w.append(std::to_string(next() % 8 + (label > 0 ? 8 : 0)));
    tag.append(std::to_string(i));
    const std::string l = std::to_string(label);
    d.text += l + " '" + tag + " |a x:" + x + " y:" + y + " |b w:" + w + "\n";
    const std::string body = "\"a\":{\"x\":" + x + ",\"y\":" + y + "},\"b\":{\"w\":\"" + w + "\"}";
    d.json += "{\"_label\":" + l + ",\"_tag\":\"" + tag + "\"," + body + "}\n";
    d.dsjson += "{\"_label\":" + l + ",\"EventId\":\"" + tag + "\",\"c\":{" + body + "}}\n";
    d.csv += l + "," + x + "," + y + "," + w + ",'" + tag + "\n";
  }
  return d;
}

std::string average_loss(const std::string& err) {
  const auto at = err.find("average loss = ");
  return at == std::string::npos ? "" : err.substr(at, err.find('\n', at) - at);
}

// A readable model's index:weight lines (after its options line, which
// differs: --chain_hash is stored).
std::string input_formats_weights_of(const std::string& readable) {
  const auto checksum = readable.find("Checksum:");  // after VW's header (its options name the format)
  return checksum == std::string::npos ? "" : readable.substr(readable.find('\n', checksum));
}

TEST(InputFormats, SameLossAndPredictionsAsText) {
  const Data d = make_data();
  const std::string text = temp_path("f.txt"), json = temp_path("f.json"), ds = temp_path("f.dsjson"),
                    csv = temp_path("f.csv");
  write_file(text, d.text);
  write_file(json, d.json);
  write_file(ds, d.dsjson);
  write_file(csv, d.csv);
  const std::string common = " --loss_function logistic -q ab -p /dev/stdout";
  const RunResult t = run_learner("-d " + text + common);
  ASSERT_EQ(t.exit_code, 0) << t.err;
  ASSERT_NE(average_loss(t.err), "");
  for (const std::string& args : {"--json --chain_hash -d " + json, "--dsjson --chain_hash -d " + ds, "--csv -d " + csv}) {
    const RunResult r = run_learner(args + common);
    ASSERT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    EXPECT_EQ(average_loss(r.err), average_loss(t.err)) << args;
    if (args.rfind("--dsjson", 0) != 0) {
      EXPECT_EQ(r.out, t.out) << args;  // predictions and tags
    } else {
      EXPECT_EQ(first_column(r.out), first_column(t.out));  // dsjson has no tag
    }
  }
  // Without --chain_hash a JSON string value is the feature "w"+value: the
  // same loss (no collisions either way) but other weight indices.
  const std::string text_model = temp_path("t.readable"), chain_model = temp_path("c.readable"),
                    plain_model = temp_path("p.readable");
  ASSERT_EQ(run_learner("-d " + text + common + " --readable_model " + text_model).exit_code, 0);
  ASSERT_EQ(run_learner("--json --chain_hash -d " + json + common + " --readable_model " + chain_model).exit_code, 0);
  ASSERT_EQ(run_learner("--json -d " + json + common + " --readable_model " + plain_model).exit_code, 0);
  EXPECT_EQ(input_formats_weights_of(slurp(chain_model)), input_formats_weights_of(slurp(text_model)));
  EXPECT_NE(input_formats_weights_of(slurp(plain_model)), input_formats_weights_of(slurp(text_model)));
}

// --affix, --spelling and --dictionary read a JSON key or CSV column name as
// they read the text format's name before ':' (VW applies them to text input
// only; learner used to stop with an internal error on --json --affix).
TEST(InputFormats, TextFeaturesReadJsonKeysAndCsvNames) {
  const std::string text = temp_path("tf.txt"), json = temp_path("tf.json"), csv = temp_path("tf.csv"),
                    dict = temp_path("tf.dict");
  write_file(text, "1 |a x:0.5 y:2 |b w:w3\n-1 |a x:1.5 y:1 |b w:w9\n");
  write_file(json, "{\"_label\":1,\"a\":{\"x\":0.5,\"y\":2},\"b\":{\"w\":\"w3\"}}\n"
                   "{\"_label\":-1,\"a\":{\"x\":1.5,\"y\":1},\"b\":{\"w\":\"w9\"}}\n");
  write_file(csv, "_label,a|x,a|y,b|w\n1,0.5,2,w3\n-1,1.5,1,w9\n");
  write_file(dict, "x big:2\n");
  const std::string flags = " --affix +2a,-1b --spelling a --dictionary a:" + dict + " --audit --quiet";
  const RunResult t = run_learner("-d " + text + flags);
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_NE(t.out.find("\taffix^a+2=x:228656:0.5:0@0"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("\tspelling^a_a:128920:2:0@0"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("\tdictionary^a_x="), std::string::npos) << t.out;
  const RunResult j = run_learner("--json --chain_hash -d " + json + flags);
  ASSERT_EQ(j.exit_code, 0) << j.err;
  EXPECT_EQ(j.out, t.out);
  const RunResult c = run_learner("--csv -d " + csv + flags);
  ASSERT_EQ(c.exit_code, 0) << c.err;
  EXPECT_EQ(c.out, t.out);
  // A JSON array's elements have no name, as the text format's ':0.5':
  // no affix, the empty spelling.
  const std::string arr = temp_path("tf_arr.json");
  write_file(arr, "{\"_label\":1,\"c\":[0.5,2]}\n");
  const RunResult a = run_learner("--json -d " + arr + " --affix +2c --spelling c --audit --quiet");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out.find("affix^"), std::string::npos) << a.out;
  EXPECT_NE(a.out.find("\tspelling^c_:185951:0.5:0@0\tspelling^c_:185951:2:0@0\t"), std::string::npos) << a.out;
}

TEST(InputFormats, MulticlassAndCostSensitiveLabels) {
  std::string text, json, csv = "_label,x,y\n";
  for (int i = 0; i < 120; ++i) {
    const int k = i % 3 + 1;
    const std::string x = std::to_string(k + (i % 7) * 0.1), y = std::to_string((i * 37) % 11);
    text += std::to_string(k) + " | x:" + x + " y:" + y + "\n";
    json += "{\"_label\":" + std::to_string(k) + ",\"x\":" + x + ",\"y\":" + y + "}\n";
    csv += std::to_string(k) + "," + x + "," + y + "\n";
  }
  const std::string t = temp_path("m.txt"), j = temp_path("m.json"), c = temp_path("m.csv");
  write_file(t, text);
  write_file(j, json);
  write_file(c, csv);
  const RunResult base = run_learner("--oaa 3 -d " + t + " -p /dev/stdout");
  ASSERT_EQ(base.exit_code, 0) << base.err;
  for (const std::string& args : {"--json -d " + j, "--csv -d " + c}) {
    const RunResult r = run_learner("--oaa 3 " + args + " -p /dev/stdout");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, base.out) << args;
    EXPECT_EQ(average_loss(r.err), average_loss(base.err)) << args;
  }
  // Cost-sensitive labels travel as strings.
  write_file(t, "1:0 2:1 | a\n2:0 1:1 | b\n");
  write_file(j, "{\"_label\":\"1:0 2:1\",\"_text\":\"a\"}\n{\"_label\":\"2:0 1:1\",\"_text\":\"b\"}\n");
  const RunResult cs_text = run_learner("--csoaa 2 -d " + t + " -p /dev/stdout");
  const RunResult cs_json = run_learner("--csoaa 2 --json -d " + j + " -p /dev/stdout");
  ASSERT_EQ(cs_json.exit_code, 0) << cs_json.err;
  EXPECT_EQ(cs_json.out, cs_text.out);
  EXPECT_EQ(average_loss(cs_json.err), average_loss(cs_text.err));
}

TEST(InputFormats, CacheRemembersTheFormat) {
  const Data d = make_data();
  const std::string json = temp_path("c.json"), cache = temp_path("c.cache");
  write_file(json, d.json);
  const RunResult first = run_learner("--json --chain_hash -d " + json + " --cache_file " + cache + " --passes 2");
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const RunResult again = run_learner("--json --chain_hash -d " + json + " --cache_file " + cache + " --passes 2");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(average_loss(again.err), average_loss(first.err));
  EXPECT_EQ(again.err.find("rebuilding cache"), std::string::npos) << again.err;
  const RunResult other = run_learner("--json -d " + json + " --cache_file " + cache);
  ASSERT_EQ(other.exit_code, 0) << other.err;
  EXPECT_NE(other.err.find("rebuilding cache"), std::string::npos) << other.err;  // --chain_hash changed
}

TEST(InputFormats, BadInputNamesFileLineAndField) {
  const std::string json = temp_path("bad.json"), csv = temp_path("bad.csv"), ds = temp_path("bad.dsjson");
  write_file(json, "{\"_label\":1,\"a\":{\"x\":1}}\n{\"_label\":1,\"a\":{\"x\":[1,\"s\"]}}\n");
  RunResult r = run_learner("--json -d " + json);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(json + ":2: a.x[1]: an array holds numbers"), std::string::npos) << r.err;
  write_file(json, "{\"_label\":1,\"a\":{\"x\":1}\n");
  r = run_learner("--json -d " + json);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(json + ":1: invalid JSON"), std::string::npos) << r.err;
  write_file(csv, "_label,a|x\n1,2\n1,2x\n");
  r = run_learner("--csv -d " + csv);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(csv + ":3: CSV column 2 'a|x': malformed number"), std::string::npos) << r.err;
  write_file(ds, "{\"_label_cost\":1,\"a\":[1],\"c\":{\"x\":1}}\n");
  r = run_learner("--dsjson -d " + ds);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("contextual-bandit"), std::string::npos) << r.err;
  // --lenient skips the bad line as for text.
  write_file(json, "{\"_label\":1,\"x\":1}\n{\"_label\":true}\n{\"_label\":-1,\"x\":1}\n");
  r = run_learner("--json --lenient -d " + json);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("number of examples = 2"), std::string::npos) << r.err;
}

// Issue 28, defect 15: a second JSON label, a number the JSON parser cannot
// read and a quote inside an unquoted CSV cell, as a user meets them.
TEST(InputFormats, LabelsTwiceBigIntegersAndStrayQuotes) {
  const std::string json = temp_path("strict.json"), csv = temp_path("strict.csv");
  write_file(json, "{\"_label\":1,\"x\":1}\n{\"_label\":1,\"x\":1,\"_label\":-1}\n");
  RunResult r = run_learner("--quiet --json -d " + json);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find(json + ":2: _label: the label is given twice"), std::string::npos) << r.err;
  write_file(json, "{\"_label\":1,\"a\":123456789012345678901234567890}\n");
  r = run_learner("--quiet --json -d " + json);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find(json + ":1: invalid JSON: column 17: the number is an integer beyond 64 bits"),
            std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(token '123456789012345678901234567890')"), std::string::npos) << r.err;
  write_file(csv, "_label,a\n1,b\"c\n");
  r = run_learner("--quiet --csv -d " + csv);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find(csv + ":2: a quote inside an unquoted CSV cell (column 2)"), std::string::npos) << r.err;
  for (const char* separator : {"1", ".", "-", "+", "_", "x"}) {
    r = run_learner("--quiet --csv --csv_separator " + std::string(separator) + " -d " + csv);
    EXPECT_EQ(r.exit_code, 2) << separator << ": " << r.err;
  }
}

TEST(InputFormats, UsageErrors) {
  for (const char* args : {"--json --csv", "--json --dsjson", "--csv_header a,b", "--csv_separator ';'",
                           "--csv --csv_separator ab", "--csv --csv_separator '|'", "--csv --csv_no_file_header",
                           "--csv --csv_header x --csv_ns_value a"}) {
    const RunResult r = run_learner(std::string(args) + " --quiet", "");
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
  }
  const RunResult help = run_learner("--help");
  for (const char* flag : {"--json", "--dsjson", "--chain_hash", "--csv_separator", "--csv_header", "--csv_ns_value",
                           "--csv_no_file_header"})
    EXPECT_NE(help.out.find(flag), std::string::npos) << flag;
}

}  // namespace
}  // namespace learner::test
