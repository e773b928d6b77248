// --cb_sample (VW 9.11's cb_sample over --cb_explore_adf): the drawn action
// printed first, as VW's -p (its lines and average losses pasted, measured
// with /work/peers/vw/vw on the logs below), the tag seed, -t, a model round
// trip and the draws' frequencies.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "run_helper.h"

namespace learner::test {
namespace {

// VW's test-sets/cb_sample_seed.data (suite case 196).
const char* const kSeedLog =
    "shared seed=1234| s_1 s_2\n| a:1 b:1 c:1\n| a:0.5 b:2 c:1\n\n"
    "shared seed=1234| s_1 s_2\n0:1.0:0.5 | a:1 b:1 c:1\n| a:0.5 b:2 c:1\n";

// Six groups: unlabelled and labelled, with and without a shared line, one with a tag seed.
const char* const kCbSampleLog =
    "shared | s_1 s_2\n| a:1 b:1 c:1\n| a:0.5 b:2 c:1\n| a:2 c:1\n\n"
    "shared | s_1\n| a:1 b:1 c:1\n0:-1:0.5 | a:0.5 b:2 c:1\n| b:2\n\n"
    "| a:1 b:1 c:1\n| a:0.5 b:2 c:1\n0:-1:0.3 | b:2\n\n"
    "shared seed=abc| s_3\n| a:1\n| b:1\n| c:1\n\n"
    "| a:1 c:2\n| b:1 c:1\n| c:1 a:1\n\n"
    "| x:1\n| y:1 a:1\n| c:1 a:1 b:2\n";

std::string file_of(const char* name, const char* text) {
  const std::string path = temp_path(name);
  write_file(path, text);
  return path;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

bool cb_sample_contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

struct VwRun {
  std::string args;
  const char* loss;
  std::vector<std::string> pmfs;
};

TEST(CbSampleCli, MatchesVwDrawsAndPredictions) {
  const std::string seed_log = file_of("cb_sample_seed.data", kSeedLog), log = file_of("cb_sample.dat", kCbSampleLog);
  const VwRun runs[] = {
      {"--random_seed 1234 -d " + seed_log, nullptr, {"1:0.5,0:0.5 seed=1234", "0:0.5,1:0.5 seed=1234"}},
      {"--epsilon 0.5 -d " + log, "average loss = -0.611111",
       {"0:0.333333,1:0.333333,2:0.333333", "1:0.333333,0:0.333333,2:0.333333", "2:0.166667,1:0.166667,0:0.666667",
        "0:0.666667,1:0.166667,2:0.166667 seed=abc", "0:0.666667,2:0.166667,1:0.166667",
        "2:0.666667,1:0.166667,0:0.166667"}},
      {"--epsilon 0.2 --random_seed 7 -d " + log, "average loss = -0.444444",
       {"2:0.333333,1:0.333333,0:0.333333", "1:0.333333,0:0.333333,2:0.333333", "2:0.066667,1:0.066667,0:0.866667",
        "0:0.866667,1:0.066667,2:0.066667 seed=abc", "0:0.866667,2:0.066667,1:0.066667",
        "2:0.866667,1:0.066667,0:0.066667"}},
      // -t: every group is drawn for.
      {"--epsilon 0.5 -t -d " + log, "average loss = -0.888889",
       {"0:0.333333,1:0.333333,2:0.333333", "0:0.333333,1:0.333333,2:0.333333", "0:0.333333,1:0.333333,2:0.333333",
        "0:0.333333,1:0.333333,2:0.333333 seed=abc", "2:0.333333,1:0.333333,0:0.333333",
        "2:0.333333,1:0.333333,0:0.333333"}},
  };
  for (const VwRun& run : runs) {
    const std::string pred = temp_path("cb_sample.predict");
    const RunResult r = run_learner("--cb_sample --cb_explore_adf " + run.args + " -p " + pred);
    ASSERT_EQ(r.exit_code, 0) << run.args << "\n" << r.err;
    if (run.loss) {
      EXPECT_TRUE(cb_sample_contains(r.err, run.loss)) << run.args << ": VW's " << run.loss << "\n" << r.err;
    }
    EXPECT_EQ(lines(slurp(pred)), run.pmfs) << run.args;
  }
}

TEST(CbSampleCli, ModelsRebuildTheStack) {
  const std::string log = file_of("cb_sample.dat", kCbSampleLog), model = temp_path("cb_sample.model"),
                    pred = temp_path("cb_sample_t.predict");
  RunResult r = run_learner("--cb_sample --cb_explore_adf --epsilon 0.5 -d " + log + " -f " + model);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_learner("-t -i " + model + " -d " + log + " -p " + pred);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(cb_sample_contains(r.err, "cb_sample")) << r.err;  // the preamble's stack
  // Each pmf sums to 1 whatever action was put first.
  for (const std::string& line : lines(slurp(pred))) {
    double sum = 0;
    std::istringstream items(line.substr(0, line.find(' ')));
    for (std::string item; std::getline(items, item, ',');) sum += std::stod(item.substr(item.find(':') + 1));
    EXPECT_NEAR(sum, 1.0, 1e-5) << line;
  }
}

}  // namespace
}  // namespace learner::test
