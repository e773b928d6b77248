// --json / --dsjson with --threads (issue 32): the parser threads read JSON as
// they read text, and the models, predictions, audit lines and errors are
// those of one thread, byte for byte (strict runs stop at the same malformed
// line, --lenient runs skip the same ones).
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "run_helper.h"

namespace learner::test {
namespace {

// JSON lines (a --dsjson event around each when `events`): numbers, strings, _text, arrays,
// tags, label forms; one line in 40 malformed (bad JSON or a float overflow), one in 30 blank.
std::string json_corpus(int lines, bool events, bool clean) {
  std::mt19937 rng(events ? 41 : 40);
  std::string text;
  for (int i = 0; i < lines; ++i) {
    if (rng() % 30 == 0) {
      text += "\n";
      continue;
    }
    if (!clean && rng() % 40 == 0) {
      text += rng() % 2 ? "{\"a\":{\"x\":}\n" : "{\"_label\":1,\"a\":{\"x\":1e999}}\n";
      continue;
    }
    std::string body = "\"a\":{";
    for (unsigned f = 0, m = 1 + rng() % 15; f < m; ++f) {
      if (f) body += ',';
      body += "\"" + std::to_string(rng() % 300) + "\":" + std::to_string(rng() % 1000) + "e-3";
    }
    body += "},\"b\":{\"_text\":\"w" + std::to_string(rng() % 40) + " v" + std::to_string(rng() % 9) + " x:y\"}";
    body += ",\"c\":{\"s\":\"v" + std::to_string(rng() % 5) + "\",\"t\":true},\"d\":[1,0,2.5]";
    if (rng() % 4 == 0) body += ",\"_tag\":\"t" + std::to_string(i) + "\"";
    const std::string label = "\"_label\":" + std::string(rng() % 2 ? "1" : "-1");
    if (events)
      text += "{" + label + ",\"c\":{" + body + "}" + (rng() % 10 == 0 ? ",\"_skipLearn\":true" : "") + "}\n";
    else
      text += "{" + label + "," + body + "}\n";
  }
  return text;
}

struct JsonOutputs {
  int exit_code;
  std::string out, err, predictions, model;
};

JsonOutputs run_json(const std::string& data, const std::string& options, unsigned threads) {
  const std::string p = temp_path("json_threads.p"), f = temp_path("json_threads.f");
  std::filesystem::remove(p);
  std::filesystem::remove(f);
  const RunResult r = run_learner("-d " + data + " " + options + " -p " + p + " -f " + f + " --threads " +
                                  std::to_string(threads));
  return {r.exit_code, r.out, r.err, slurp(p), slurp(f)};
}

TEST(JsonThreadsCli, ModelsPredictionsAuditAndErrorsOfOneThread) {
  struct Case {
    std::string file, options;
  };
  const std::string json = temp_path("json_threads.json"), clean = temp_path("json_threads_clean.json"),
                    events = temp_path("json_threads_events.json");
  write_file(json, json_corpus(6000, false, false));
  write_file(clean, json_corpus(6000, false, true));
  write_file(events, json_corpus(6000, true, true));
  const std::vector<Case> cases = {
      {clean, "--json --quiet"},
      {clean, "--json --chain_hash --loss_function logistic --quiet"},
      {clean, "--json --passes 3 --pass_memory 0 --holdout_off --quiet"},  // every pass re-read on the threads
      {json, "--json --quiet"},                                             // stops at the first malformed line
      {json, "--json --lenient --quiet"},
      {events, "--dsjson --quiet"},
      {clean, "--json --audit -b 12 --quiet"},
  };
  int clean_runs = 0;
  for (const Case& c : cases) {
    const JsonOutputs one = run_json(c.file, c.options, 1);
    if (one.exit_code == 0) ++clean_runs;
    for (unsigned threads : {2u, 5u}) {
      const JsonOutputs many = run_json(c.file, c.options, threads);
      const std::string what = c.file + " " + c.options + " --threads " + std::to_string(threads);
      EXPECT_EQ(many.exit_code, one.exit_code) << what << "\n" << many.err;
      EXPECT_EQ(many.err, one.err) << what;
      EXPECT_EQ(many.out, one.out) << what;
      EXPECT_EQ(many.predictions, one.predictions) << what;
      EXPECT_EQ(many.model, one.model) << what;
    }
  }
  EXPECT_EQ(clean_runs, 6);  // all but the strict run over malformed lines
}

}  // namespace
}  // namespace learner::test
