// End-to-end runs of --cb K: VW 9.11's outputs on its test suite's
// cb_multi_cost.dat (case 337, --cb_force_legacy), malformed labels at
// file:line, the cache and a model round trip for every --cb_type.
#include <gtest/gtest.h>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

// VW's test/train-sets/cb_multi_cost.dat.
const char* const kMultiCost =
    "1:1:1.0 2:2 3:3 4:4 | a b c\n1:1 2:2:1.0 3:3 4:4 | a b c\n1:1 2:2 3:3:1.0 4:4 | a b c\n"
    "1:1 2:2 3:3 4:4:1.0 | a b c\n1:1 2:2:0.7 3:3 4:4 | d e f\n";

// A small log over 3 actions, some lines with a restricted action set, one unlabeled.
const char* const kLog =
    "1:1:0.5 |a x y\n2:0:0.25 |a x z\n3:1:0.5 1 2 |a y z\n|a x\n2:0:0.5 |a y\n1:0:0.333 |a z\n"
    "3:0:0.25 |a x y z\n2:1:0.5 |a x\n";

std::string data_file(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  write_file(path, text);
  return path;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// VW's case 337 prints average loss 2.031602 and these rows; learner's exact
// (non-approximated) adaptive update differs in the 6th digit.
TEST(Cb, MatchesVwCase337) {
  const std::string data = data_file("cb_multi_cost.dat", kMultiCost), pred = temp_path("cb.predict"),
                    raw = temp_path("cb.raw");
  const RunResult r = run_learner("-d " + data + " --cb 4 --cb_force_legacy -p " + pred + " -r " + raw);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.err, "average loss = 2.0316")) << r.err;
  EXPECT_TRUE(has(r.err, "1.000000 1.000000            1            1.0          1:1:1              1        4"))
      << r.err;
  EXPECT_TRUE(has(r.err, "2.500000 3.500000            4            4.0          4:4:1              4        4"))
      << r.err;
  EXPECT_EQ(slurp(pred), "1\n2\n3\n4\n1\n");
  // VW's -r: one action:score per label entry.
  EXPECT_TRUE(has(slurp(raw), "1:0 2:0 3:0 4:0\n1:0.632")) << slurp(raw);
}

TEST(Cb, MalformedLabelsNameFileAndLine) {
  struct Case {
    const char* line;
    const char* why;
  };
  const Case cases[] = {
      {"1:1:1.5 | a", "probability must be in [0, 1]"},
      {"4:1:0.5 | a", "class out of range 1..3"},
      {"1:x:0.5 | a", "malformed cost"},
      {"1:1:0.5:2 | a", "malformed cb label"},
      {"shared | a", "multi-line example"},
      {"1:1:0.5 1:0:0.5 | a", "action listed twice"},
      {"1:1:nan | a", "probability is not a finite number"},
  };
  for (const Case& c : cases) {
    const std::string data = data_file("bad.vw", std::string("1:0:0.5 | a\n") + c.line + "\n");
    const RunResult r = run_learner("-d " + data + " --cb 3 --strict_parse");
    EXPECT_NE(r.exit_code, 0) << c.line;
    EXPECT_TRUE(has(r.err, "bad.vw:2")) << c.line << "\n" << r.err;
    EXPECT_TRUE(has(r.err, c.why)) << c.line << "\n" << r.err;
  }
}

// -f then -t -i rebuilds the reduction with its stored --cb_type (dr asks
// for 2K sub-models, ips and dm for K): the predictions equal those of a
// second read of the same model, and another --cb_type is refused.
TEST(Cb, ModelRoundTripForEveryCbType) {
  const std::string data = data_file("log.vw", kLog);
  for (const char* type : {"dr", "ips", "dm"}) {
    const std::string model = temp_path(std::string("cb_") + type + ".model");
    const std::string p_train = temp_path("train.pred"), p1 = temp_path("p1.pred"), p2 = temp_path("p2.pred");
    ASSERT_EQ(run_learner("-d " + data + " --cb 3 --cb_type " + type + " -f " + model + " -p " + p_train).exit_code,
              0)
        << type;
    const RunResult t1 = run_learner("-d " + data + " -t -i " + model + " -p " + p1);
    ASSERT_EQ(t1.exit_code, 0) << type << t1.err;
    const RunResult t2 = run_learner("-d " + data + " -t -i " + model + " --cb 3 --cb_type " + type + " -p " + p2);
    ASSERT_EQ(t2.exit_code, 0) << type << t2.err;
    EXPECT_EQ(slurp(p1), slurp(p2)) << type;
    EXPECT_EQ(slurp(p1).size(), 16u) << type;  // 8 actions, one a line
    // A second -f from the loaded model gives the same bytes: nothing is lost in the round trip.
    const std::string again = temp_path("again.model");
    ASSERT_EQ(run_learner("-d " + data + " -t -i " + model + " -f " + again).exit_code, 0);
    EXPECT_EQ(slurp(model), slurp(again)) << type;
    const char* other = std::string(type) == "ips" ? "dm" : "ips";
    const RunResult bad = run_learner("-d " + data + " -t -i " + model + " --cb_type " + other);
    EXPECT_NE(bad.exit_code, 0) << type;
  }
}

// A cached second pass reads the probabilities back (cache format 3): the
// same loss as the same passes over the text.
TEST(Cb, CacheKeepsProbabilities) {
  const std::string data = data_file("log.vw", kLog), cache = temp_path("log.cache");
  const RunResult text = run_learner("-d " + data + " --cb 3 --passes 3 --holdout_off -k --cache_file " + cache);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const RunResult cached = run_learner("-d " + data + " --cb 3 --passes 3 --holdout_off --cache_file " + cache);
  ASSERT_EQ(cached.exit_code, 0) << cached.err;
  const auto loss = [](const std::string& err) { return err.substr(err.find("average loss")); };
  EXPECT_EQ(loss(text.err).substr(0, 30), loss(cached.err).substr(0, 30));
  EXPECT_TRUE(has(cached.err, "average loss")) << cached.err;
}

}  // namespace
}  // namespace learner::test
