// End-to-end runs of multi-line examples: --csoaa_ldf m|mc, --wap_ldf,
// --csoaa_rank, --probabilities, with VW 9.11's outputs (its test suite's
// cases 9, 10, 84, 108 and 414 on their data; the expected texts are VW's
// reference files), -p/-r as VW prints them, the progress rows, --examples
// and holdout counting groups, the cache and the memory passes, a model round
// trip and the errors at file:line.
#include <gtest/gtest.h>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

// VW's test/train-sets/cs_test.ldf: three groups, no shared line.
const char* const kCsTest =
    "1:1.0 | a_1 b_1 c_1\n2:0.0 | a_2 b_2 c_2\n3:2.0 | a_3 b_3 c_3\n\n"
    "1:1.0 | b_1 c_1 d_1\n2:0.0 | b_2 c_2 d_2\n\n"
    "1:1.0 | a_1 b_1 c_1\n3:2.0 | a_3 b_3 c_3\n\n";

// VW's test/train-sets/csoaa_ldf_multiline_with_shared.txt: four groups with
// shared lines, no blank line after the last.
const char* const kShared =
    "shared |u real auto\n1:0 |a Real_f Auto_f RealAuto_f\n2:1 |a Toy_f  Auto_f ToyAuto_f\n"
    "3:1 |a Real_f Air_f  RealAir_f\n4:1 |a Toy_f  Air_f  ToyAir_f\n\n"
    "shared |u toy auto\n1:1 |a Real_f Auto_f RealAuto_f\n2:0 |a Toy_f  Auto_f ToyAuto_f\n"
    "3:1 |a Real_f Air_f  RealAir_f\n4:1 |a Toy_f  Air_f  ToyAir_f\n\n"
    "shared |u real air\n1:1 |a Real_f Auto_f RealAuto_f\n2:1 |a Toy_f  Auto_f ToyAuto_f\n"
    "3:0 |a Real_f Air_f  RealAir_f\n4:1 |a Toy_f  Air_f  ToyAir_f\n\n"
    "shared |u toy air\n1:1 |a Real_f Auto_f RealAuto_f\n2:1 |a Toy_f  Auto_f ToyAuto_f\n"
    "3:1 |a Real_f Air_f  RealAir_f\n4:0 |a Toy_f  Air_f  ToyAir_f\n";

std::string ldf_data_file(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  write_file(path, text);
  return path;
}

bool ldf_has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// VW's case 9: 10 passes over a cache; the loss, the feature count, the
// rows (one per group) and the -p lines are VW's reference ones.
TEST(Ldf, CsoaaLdfMatchesVwCase9) {
  const std::string data = ldf_data_file("cs_test.ldf", kCsTest), pred = temp_path("cs_test.predict");
  const RunResult r = run_learner("-k -d " + data + " --cache_file " + temp_path("cs_test.cache") + " -p " + pred +
                                  " --passes 10 --invariant --csoaa_ldf multiline --holdout_off --noconstant");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(ldf_has(r.err, "average loss = 0.366667")) << r.err;
  EXPECT_TRUE(ldf_has(r.err, "total feature number = 210")) << r.err;
  EXPECT_TRUE(ldf_has(r.err, "number of examples per pass = 3")) << r.err;
  EXPECT_TRUE(ldf_has(r.err, "1.000000 1.000000            1            1.0          known              1        9"))
      << r.err;
  EXPECT_TRUE(ldf_has(r.err, "0.500000 0.000000            2            2.0          known              2        6"))
      << r.err;
  const std::string pass1 = "1\n0\n0\n\n0\n2\n\n1\n0\n\n", later = "0\n2\n0\n\n0\n2\n\n1\n0\n\n";
  std::string want = pass1;
  for (int p = 1; p < 10; ++p) want += later;
  EXPECT_EQ(slurp(pred), want);
}

// VW's case 10 (--wap_ldf): the same figures and predictions as its reference.
TEST(Ldf, WapLdfMatchesVwCase10) {
  const std::string data = ldf_data_file("cs_test_wap.ldf", kCsTest);
  const RunResult r = run_learner("-d " + data + " --passes 10 --invariant --wap_ldf m --holdout_off --noconstant "
                                  "--pass_memory 0 -p /dev/stdout");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(ldf_has(r.err, "average loss = 0.366667")) << r.err;
  std::string want = "1\n0\n0\n\n0\n2\n\n1\n0\n\n";  // VW's reference: pass 1, then 9 of pass 2's
  for (int p = 1; p < 10; ++p) want += "0\n2\n0\n\n0\n2\n\n1\n0\n\n";
  EXPECT_EQ(r.out, want);
}

// VW's case 414: shared lines and -q across shared and action namespaces;
// the feature count is VW's (48 a group) and so is -p.
TEST(Ldf, SharedLinesJoinTheirActionsAsInVwCase414) {
  const std::string data = ldf_data_file("shared.ldf", kShared);
  const RunResult r = run_learner("--csoaa_ldf=m -d " + data + " -q ua -p /dev/stdout");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(ldf_has(r.err, "average loss = 0.750000")) << r.err;
  EXPECT_TRUE(ldf_has(r.err, "total feature number = 192")) << r.err;
  EXPECT_EQ(r.out, "1\n0\n0\n0\n\n1\n0\n0\n0\n\n0\n2\n0\n0\n\n0\n0\n3\n0\n\n");
}

// VW's case 84 (--csoaa_rank): "class:score,..." by score, then a blank
// line; rows show "k.....". Scores agree with VW's reference to 1e-3 (the
// gradient step's own difference from VW's).
TEST(Ldf, RankPrintsActionsByScore) {
  const std::string data = ldf_data_file("rank.ldf", kCsTest);
  const RunResult r = run_learner("--csoaa_ldf multiline --csoaa_rank -d " + data + " -p /dev/stdout --noconstant -P 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(ldf_has(r.err, "          known         2.....        6")) << r.err;
  EXPECT_EQ(r.out.substr(0, 14), "1:0,2:0,3:0\n\n2");
  EXPECT_TRUE(ldf_has(r.out, "\n\n2:0,1:0.386")) << r.out;
  EXPECT_TRUE(ldf_has(r.out, "\n\n3:0.70")) << r.out;
}

// VW's case 108 (--probabilities, mc, logistic): one probability per action,
// summing to 1, then a blank line; VW's loss and multiclass log loss.
TEST(Ldf, ProbabilitiesPerActionThenABlankLine) {
  const std::string data = ldf_data_file("prob.ldf", kCsTest);
  const RunResult r =
      run_learner("-d " + data + " --probabilities --csoaa_ldf=mc --loss_function=logistic -p /dev/stdout");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(ldf_has(r.err, "average loss = 1.000000")) << r.err;
  EXPECT_TRUE(ldf_has(r.err, "average multiclass log loss = 0.7636")) << r.err;
  EXPECT_EQ(r.out.substr(0, 28), "0.333333\n0.333333\n0.333333\n\n");
  EXPECT_TRUE(ldf_has(r.out, "\n\n0.382")) << r.out;
  const RunResult squared = run_learner("-d " + data + " --probabilities --csoaa_ldf=mc");
  EXPECT_EQ(squared.exit_code, 2);
  EXPECT_TRUE(ldf_has(squared.err, "needs --loss_function logistic")) << squared.err;
}

// -r: every line of the group, "class:score tag", the shared line "0:0"; no blank line.
TEST(Ldf, RawPredictionsNameEveryLine) {
  const std::string data = ldf_data_file("raw.ldf", "shared 'g1 |s u\n1:1 'x |a p\n2:0 'y |a q\n");
  const RunResult r = run_learner("-d " + data + " --csoaa_ldf m -r /dev/stdout");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0:0 g1\n1:0 x\n2:0 y\n");
}

// Tags: each -p line carries its own line's tag.
TEST(Ldf, PredictionLinesCarryTheirTags) {
  const std::string data = ldf_data_file("tags.ldf", "shared 'g |s u\n1:1 'x |a p\n2:0 'y |a q\n\n1:0 'z |a p\n");
  const RunResult r = run_learner("-d " + data + " --csoaa_ldf m -p /dev/stdout");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "1 x\n0 y\n\n1 z\n\n");
}

// --examples N counts groups (learner's rule; VW 9.11 counts input lines,
// blank ones included, and may cut the last group); holdout holds out
// whole groups, every 10th of a pass.
TEST(Ldf, ExamplesAndHoldoutCountGroups) {
  std::string text;
  for (int g = 0; g < 30; ++g)
    text += "shared |s u" + std::to_string(g % 4) + "\n1:" + std::to_string(g % 2) + " |a x\n2:" +
            std::to_string(1 - g % 2) + " |a y\n\n";
  const std::string data = ldf_data_file("count.ldf", text);
  const RunResult some = run_learner("-d " + data + " --csoaa_ldf m --examples 7");
  ASSERT_EQ(some.exit_code, 0) << some.err;
  EXPECT_TRUE(ldf_has(some.err, "number of examples = 7\n")) << some.err;
  const RunResult passes = run_learner("-d " + data + " --csoaa_ldf m --passes 2");
  ASSERT_EQ(passes.exit_code, 0) << passes.err;
  EXPECT_TRUE(ldf_has(passes.err, "number of examples per pass = 27\n")) << passes.err;  // 3 of 30 held out
  EXPECT_TRUE(ldf_has(passes.err, "average loss = ")) << passes.err;
  EXPECT_TRUE(ldf_has(passes.err, " h\n")) << passes.err;
}

// The cache, the memory passes and text passes give the same predictions;
// so does standard input with a cache.
TEST(Ldf, CacheMemoryAndTextPassesAgree) {
  const std::string data = ldf_data_file("passes.ldf", kShared);
  const std::string args = " --csoaa_ldf m -q ua --passes 4 --holdout_off -p /dev/stdout";
  const RunResult text = run_learner("-d " + data + args + " --pass_memory 0");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const RunResult memory = run_learner("-d " + data + args);
  const std::string cache = temp_path("passes.cache");
  std::remove(cache.c_str());
  const RunResult writes = run_learner("-d " + data + args + " --cache_file " + cache);
  const RunResult reads = run_learner("-d " + data + args + " --cache_file " + cache);
  EXPECT_TRUE(ldf_has(reads.err, "reading") || ldf_has(reads.err, "cache")) << reads.err;
  EXPECT_EQ(memory.out, text.out);
  EXPECT_EQ(writes.out, text.out);
  EXPECT_EQ(reads.out, text.out);
  EXPECT_EQ(text.out.size(), 4u * 4u * (4u * 2u + 1u));  // 4 passes x 4 groups x (4 lines "k\n", a blank line)
}

// -f then -t -i: the model rebuilds the reduction (its mode stored) and
// predicts as the trained weights do; another mode is refused, --ldf_override
// changes it.
TEST(Ldf, ModelRoundTrip) {
  const std::string data = ldf_data_file("round.ldf", kShared), model = temp_path("ldf.model");
  const std::string r1 = temp_path("ldf1.txt"), r2 = temp_path("ldf2.txt");
  const RunResult train =
      run_learner("-d " + data + " --csoaa_ldf mc -q ua --passes 3 --holdout_off -f " + model + " --readable_model " + r1);
  ASSERT_EQ(train.exit_code, 0) << train.err;
  const RunResult test = run_learner("-d " + data + " -t -i " + model + " -p /dev/stdout --readable_model " + r2);
  ASSERT_EQ(test.exit_code, 0) << test.err;
  EXPECT_TRUE(ldf_has(test.err, "reduction = csoaa_ldf")) << test.err;
  // The weights with their adaptive sums and normalisers (the run counters above them are each run's own).
  const auto weights = [](const std::string& t) { return t.substr(t.find("\nl2_state ")); };
  EXPECT_EQ(weights(slurp(r1)), weights(slurp(r2)));
  EXPECT_EQ(test.out, "1\n0\n0\n0\n\n0\n2\n0\n0\n\n0\n0\n3\n0\n\n0\n0\n0\n4\n\n");  // learned: each group's cheapest
  const RunResult other = run_learner("-d " + data + " -t -i " + model + " --csoaa_ldf m");
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_TRUE(ldf_has(other.err, "conflicts with the model")) << other.err;
  EXPECT_EQ(run_learner("-d " + data + " -t -i " + model + " --ldf_override m").exit_code, 0);
}

TEST(Ldf, MalformedLinesAreErrorsAtFileLine) {
  const struct {
    const char* text;
    const char* message;
  } cases[] = {
      {"1:1 |a x\nshared |s u\n", ":2: a `shared` line must be the first line"},
      {"shared:1 |s u\n1:0 |a x\n", ":1: a `shared` line has no cost (token 'shared:1')"},
      {"1:0 |a x\n|a y\n", ":2: an ldf line needs a label"},
      {"1:0 2:1 |a x\n", ":1: an ldf line has one label"},
      {"1:0 |a x\n\n1:zz |a y\n", ":3: malformed cost (token '1:zz')"},
      {"1:0 |a x\n\nshared |s u\n\n", ":3: this `shared` line has no action line after it"},
  };
  for (const auto& c : cases) {
    const std::string data = ldf_data_file("bad.ldf", c.text);
    const RunResult r = run_learner("-d " + data + " --csoaa_ldf m");
    EXPECT_EQ(r.exit_code, 1) << c.text;
    EXPECT_TRUE(ldf_has(r.err, "bad.ldf" + std::string(c.message))) << r.err;
  }
}

TEST(Ldf, ImpossibleSettingsAreRefused) {
  const std::string data = ldf_data_file("usage.ldf", kCsTest);
  const RunResult single = run_learner("-d " + data + " --csoaa_ldf singleline");
  EXPECT_EQ(single.exit_code, 2);
  EXPECT_TRUE(ldf_has(single.err, "single-line label-dependent examples are not supported")) << single.err;
  const RunResult json = run_learner("-d " + data + " --csoaa_ldf m --json");
  EXPECT_EQ(json.exit_code, 2);
  EXPECT_TRUE(ldf_has(json.err, "multi-line examples from VW's text format")) << json.err;
  const RunResult both = run_learner("-d " + data + " --csoaa_ldf m --wap_ldf m");
  EXPECT_EQ(both.exit_code, 2);
  const RunResult dyadic = run_learner("-d " + data + " --wap_ldf m --dotproduct ab");
  EXPECT_EQ(dyadic.exit_code, 2);
  EXPECT_TRUE(ldf_has(dyadic.err, "use --csoaa_ldf with it")) << dyadic.err;
  const RunResult shards = run_learner("-d " + data + " --csoaa_ldf m --allreduce --shard_by line");
  EXPECT_NE(shards.exit_code, 0);
  if (!ldf_has(shards.err, "not in this build")) {  // builds without MPI refuse --allreduce itself
    EXPECT_TRUE(ldf_has(shards.err, "would split the multi-line examples")) << shards.err;
  }
  const RunResult weights = run_learner("-d " + data + " --csoaa_ldf m --classweight 1:2");
  EXPECT_EQ(weights.exit_code, 2);
  EXPECT_TRUE(ldf_has(weights.err, "--csoaa_ldf / --wap_ldf")) << weights.err;
  const RunResult rank = run_learner("-d " + data + " --csoaa 3 --csoaa_rank");
  EXPECT_EQ(rank.exit_code, 2);
  EXPECT_TRUE(ldf_has(rank.err, "--csoaa_rank needs --csoaa_ldf")) << rank.err;
}

// --audit: each action line's score and features (the shared ones included).
TEST(Ldf, AuditPrintsEachActionLine) {
  const std::string data = ldf_data_file("audit.ldf", "shared |S x1 x2\n1:0 |T a\n2:1 |T b\n");
  const RunResult r = run_learner("-d " + data + " --csoaa_ldf m --audit --noconstant");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(ldf_has(r.out, "T^a:")) << r.out;
  EXPECT_TRUE(ldf_has(r.out, "T^b:")) << r.out;
  EXPECT_TRUE(ldf_has(r.out, "S^x1:")) << r.out;
}

}  // namespace
}  // namespace learner::test
