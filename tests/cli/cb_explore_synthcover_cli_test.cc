// End-to-end runs of --cb_explore_adf --synthcover: -p and the average loss
// as VW 9.11.2 prints them, a resumed run (-i) equal to one run, refusals.
#include <gtest/gtest.h>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

const char* const kSynthData =
    "shared |s u1\n0:1:0.5 |a i1 |f x:0.2\n|a i2 |f x:0.7\n|a i3 |f x:0.4\n\n"
    "shared |s u2\n|a i1 |f x:0.9\n0:0:0.25 |a i2 |f x:0.1\n|a i3 |f x:0.3\n|a i4 |f x:0.8\n\n"
    "|a i2 |f x:0.5\n0:-0.5:0.5 |a i3 |f x:0.6\n\n"
    "shared |s u1\n|a i1 |f x:0.3\n|a i2 |f x:0.2\n0:2:0.2 |a i4 |f x:0.9\n\n"
    "shared |s u3\n0:0.5:0.4 |a i1 |f x:0.4\n|a i3 |f x:0.5\n|a i4 |f x:0.6\n\n"
    "shared |s u2\n|a i1 |f x:0.1\n|a i2 |f x:0.2\n|a i3 |f x:0.3\n\n";

std::string blocks(const std::string& bar_separated) {
  std::string out;
  for (char c : bar_separated) out += c == '|' ? '\n' : c;
  return out;
}

// vw --cb_explore_adf ARGS -d data -p p (VW 9.11.2): its -p and average loss.
TEST(SynthCoverCli, MatchesVw) {
  const std::string data = temp_path("synth.dat");
  write_file(data, kSynthData);
  const struct {
    const char* args;
    const char* loss;
    const char* pred;
  } cases[] = {
      {"--synthcover", "average loss = 0.632000",
       "2:0.34,1:0.33,0:0.33||1:0.999999,3:0,2:0,0:0||0:0.999999,1:0||1:0.75,2:0.25,0:0||1:0.999999,2:0,0:0||"
       "2:0.79,1:0.21,0:0||"},
      {"--synthcover --synthcoversize 10 --synthcoverpsi 0.5 --epsilon 0.1 -q sa", "average loss = 1.052500",
       "2:0.4,1:0.3,0:0.3||1:0.575,2:0.375,3:0.025,0:0.025||0:0.6,1:0.4||2:0.483333,1:0.483333,0:0.033333||"
       "1:0.783333,0:0.183333,2:0.033333||2:0.483333,1:0.483333,0:0.033333||"},
  };
  for (const auto& c : cases) {
    const std::string pred = temp_path("synth.pred");
    const RunResult r = run_learner("--cb_explore_adf " + std::string(c.args) + " -d " + data + " -p " + pred);
    ASSERT_EQ(r.exit_code, 0) << c.args << r.err;
    EXPECT_NE(r.err.find(c.loss), std::string::npos) << c.args << r.err;
    EXPECT_EQ(slurp(pred), blocks(c.pred)) << c.args;
  }
}

// Training on the first groups with -f, then -i on the rest, gives the -p of
// one run: the model keeps the cost range the scores are clipped to (here
// [-1, 0] after the first part; a fresh range would clip i1's negative score
// to 0 and tie it) and --cb_adf's state.
TEST(SynthCoverCli, ResumedRunEqualsOneRun) {
  const std::string first_part =
      "0:-1:0.5 |a i1\n|a i2\n|a i3\n\n|a i2\n0:-1:0.5 |a i1\n|a i3\n\n0:-1:0.5 |a i1\n|a i3\n\n";
  const std::string rest = "|a i1\n|a i2\n|a i3\n\n|a i3\n|a i1\n\n0:0:0.5 |a i2\n|a i1\n\n";
  const std::string first = temp_path("synth1.dat"), second = temp_path("synth2.dat"), both = temp_path("synth.dat");
  write_file(first, first_part);
  write_file(second, rest);
  write_file(both, first_part + rest);
  const std::string args = "--cb_explore_adf --synthcover --synthcoversize 20 --synthcoverpsi 0.3 --quiet";
  const std::string one = temp_path("synth_one.pred"), model = temp_path("synth.model"), two = temp_path("synth_two.pred");
  ASSERT_EQ(run_learner(args + " -d " + both + " -p " + one).exit_code, 0);
  ASSERT_EQ(run_learner(args + " -d " + first + " -f " + model).exit_code, 0);
  const RunResult r = run_learner("-i " + model + " -d " + second + " --quiet -p " + two);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string whole = slurp(one);
  std::size_t skip = 0;
  for (int g = 0; g < 3; ++g) skip = whole.find("\n\n", skip) + 2;
  EXPECT_EQ(whole.substr(skip), slurp(two));
  EXPECT_EQ(slurp(two).rfind("0:", 0), 0u) << slurp(two);  // i1, the lowest cost, first
}

TEST(SynthCoverCli, RefusesBadFlags) {
  const struct {
    const char* args;
    const char* message;
  } cases[] = {
      {"--cb_explore_adf --synthcover --synthcoversize 0", "--synthcoversize must be in [1,"},
      {"--cb_explore_adf --synthcover --synthcoversize 2.5", "--synthcoversize"},
      {"--cb_explore_adf --synthcover --synthcoverpsi 0", "--synthcoverpsi must be in (0,"},
      {"--cb_explore_adf --synthcover --synthcoverpsi -1", "--synthcoverpsi"},
      {"--cb_explore_adf --synthcover --cover 3", "two explorers"},
      {"--cb_explore_adf --synthcoversize 3", "--synthcoversize needs --synthcover"},
      {"--cb_explore_adf --synthcoverpsi 3", "--synthcoverpsi needs --synthcover"},
      {"--synthcover", "--synthcover needs"},
  };
  for (const auto& c : cases) {
    const RunResult r = run_learner(std::string(c.args) + " --quiet", kSynthData);
    EXPECT_NE(r.exit_code, 0) << c.args;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << ": " << r.err;
  }
}

}  // namespace
}  // namespace learner::test
