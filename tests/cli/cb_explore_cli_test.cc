// End-to-end runs of --cb_explore K (VW's legacy cb_explore): -p and the
// average loss as VW 9.11 prints them (--cb_force_legacy) for --epsilon, its
// default and --first; every -p line a pmf; a model round trip; refusals.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "run_helper.h"

namespace learner::test {
namespace {

// A small log over 3 actions, one line with a restricted action set, one unlabeled.
const char* const kExploreLog =
    "1:1:0.5 |a x y\n2:0:0.25 |a x z\n3:1:0.5 1 2 |a y z\n|a x\n2:0:0.5 |a y\n1:0:0.333 |a z\n"
    "3:0:0.25 |a x y z\n2:1:0.5 |a x\n";

std::string explore_log() {
  const std::string path = temp_path("cb_explore.dat");
  write_file(path, kExploreLog);
  return path;
}

// VW 9.11: vw --cb_force_legacy --cb_explore 3 ARGS -d log -p p; its -p lines and average loss.
struct VwExploreCase {
  const char* args;
  const char* loss;
  std::vector<const char*> lines;
};

TEST(CbExploreCli, MatchesVwLegacyPredictionsAndLoss) {
  const std::string data = explore_log();
  const VwExploreCase cases[] = {
      {"--epsilon 0.1", "average loss = 0.285714",
       {"0.933333 0.033333 0.033333 ", "0.033333 0.933333 0.033333 ", "0.033333 0.933333 0.033333 ",
        "0.033333 0.933333 0.033333 ", "0.033333 0.933333 0.033333 ", "0.033333 0.933333 0.033333 ",
        "0.033333 0.933333 0.033333 ", "0.033333 0.033333 0.933333 "}},
      {"", "average loss = 0.285714",  // VW's default epsilon 0.05
       {"0.966667 0.016667 0.016667 ", "0.016667 0.966667 0.016667 ", "0.016667 0.966667 0.016667 ",
        "0.016667 0.966667 0.016667 ", "0.016667 0.966667 0.016667 ", "0.016667 0.966667 0.016667 ",
        "0.016667 0.966667 0.016667 ", "0.016667 0.016667 0.966667 "}},
      // --first 3: VW counts a predict and a learn call per trained example, so 2 examples explore.
      {"--first 3", "average loss = 0.095238",
       {"0.333333 0.333333 0.333333 ", "0.333333 0.333333 0.333333 ", "0.000000 1.000000 0.000000 ",
        "0.000000 1.000000 0.000000 ", "0.000000 1.000000 0.000000 ", "0.000000 1.000000 0.000000 ",
        "0.000000 1.000000 0.000000 ", "0.000000 0.000000 1.000000 "}},
  };
  for (const VwExploreCase& c : cases) {
    const std::string pred = temp_path("explore.predict");
    const RunResult r = run_learner("--cb_force_legacy --cb_explore 3 " + std::string(c.args) + " -d " + data +
                                    " -p " + pred);
    ASSERT_EQ(r.exit_code, 0) << c.args << r.err;
    EXPECT_NE(r.err.find(c.loss), std::string::npos) << c.args << r.err;
    std::string expected;
    for (const char* line : c.lines) expected += std::string(line) + "\n";
    EXPECT_EQ(slurp(pred), expected) << c.args;
  }
}

// Every -p line sums to 1 and no entry is below epsilon / K, over several passes
// (the legacy path's -p; reduction/cb_to_adf.h's is CbRoute.ExplorePmfsAboveTheFloor).
TEST(CbExploreCli, PredictionsArePmfsAboveTheFloor) {
  const std::string data = explore_log(), pred = temp_path("explore_pmf.predict");
  ASSERT_EQ(run_learner("--cb_force_legacy --cb_explore 3 --epsilon 0.3 --passes 3 --holdout_off -k -c -d " + data + " -p " + pred)
                .exit_code,
            0);
  std::istringstream lines(slurp(pred));
  int rows = 0;
  for (std::string line; std::getline(lines, line);) {
    ++rows;
    std::istringstream items(line);
    double sum = 0.0, p = 0.0;
    int k = 0;
    while (items >> p) {
      EXPECT_GE(p, 0.1 - 1e-6) << line;
      sum += p;
      ++k;
    }
    EXPECT_EQ(k, 3) << line;
    EXPECT_NEAR(sum, 1.0, 1e-5) << line;
  }
  EXPECT_EQ(rows, 24);
}

// -f then -t -i rebuilds --cb_explore with its stored settings (K, --epsilon,
// --first, --cb_type): the same predictions as with the flags given again.
TEST(CbExploreCli, ModelRoundTrip) {
  const std::string data = explore_log();
  for (const char* stack : {"--cb_explore 3 --epsilon 0.2", "--cb_explore 3 --first 2 --cb_type ips",
                            "--cb_explore 3 --cb_type dm"}) {
    const std::string model = temp_path("explore.model"), p1 = temp_path("e1.pred"), p2 = temp_path("e2.pred");
    ASSERT_EQ(run_learner("-d " + data + " " + stack + " -f " + model).exit_code, 0) << stack;
    const RunResult t1 = run_learner("-d " + data + " -t -i " + model + " -p " + p1);
    ASSERT_EQ(t1.exit_code, 0) << stack << t1.err;
    const RunResult t2 = run_learner("-d " + data + " -t -i " + model + " " + stack + " -p " + p2);
    ASSERT_EQ(t2.exit_code, 0) << stack << t2.err;
    EXPECT_EQ(slurp(p1), slurp(p2)) << stack;
    EXPECT_FALSE(slurp(p1).empty()) << stack;
  }
}

TEST(CbExploreCli, RefusesBadSettings) {
  const std::string data = explore_log();
  // --softmax runs through the adf path (as VW 9.11); the legacy stack has no softmax.
  const RunResult softmax = run_learner("--cb_explore 3 --softmax --cb_force_legacy -d " + data);
  EXPECT_NE(softmax.exit_code, 0);
  EXPECT_NE(softmax.err.find("--softmax"), std::string::npos) << softmax.err;
  const RunResult epsilon = run_learner("--cb_explore 3 --epsilon 1.5 -d " + data);
  EXPECT_NE(epsilon.exit_code, 0);
  EXPECT_NE(epsilon.err.find("epsilon"), std::string::npos) << epsilon.err;
  const RunResult both = run_learner("--cb_explore 3 --cb 3 -d " + data);
  EXPECT_NE(both.exit_code, 0);
  const RunResult label = run_learner("--cb_explore 2 -d " + data);  // action 3 of 2
  EXPECT_NE(label.exit_code, 0);
  EXPECT_NE(label.err.find(":3:"), std::string::npos) << label.err;  // file:line
}

}  // namespace
}  // namespace learner::test
