// --cbify K --cbify_reg --cb_discrete (VW 9.11's discretised regression to
// bandit over the legacy --cb_explore K): the average loss VW prints for the
// same command (pasted; measured with /work/peers/vw/vw on the golden
// regression file), a model round trip and refusals.
#include <gtest/gtest.h>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

std::string reg_file() { return std::string(LEARNER_SOURCE_DIR) + "/tests/golden/data/reg.vw"; }

bool cbify_reg_contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(CbifyRegCli, LossesMatchVw) {
  const struct {
    const char* args;
    const char* loss;
  } cases[] = {
      {"--cbify 8 --cbify_reg --cb_discrete --min_value 0 --max_value 6 --coin --loss_option 1",
       "average loss = 0.214931"},
      {"--cbify 8 --cbify_reg --cb_discrete --min_value 0 --max_value 6", "average loss = 0.057444"},
      {"--cbify 5 --cbify_reg --cb_discrete --min_value 1 --max_value 6 --loss_option 2 --loss_01_ratio 0.15 "
       "--epsilon 0.2",
       "average loss = 0.570833"},
      {"--cbify 6 --cbify_reg --cb_discrete --min_value 0 --max_value 6 --loss_option 1 --loss_report 1 --cb_type ips "
       "--first 10",
       "average loss = 1.366667"},
  };
  for (const auto& c : cases) {
    const RunResult r = run_learner(std::string(c.args) + " -d " + reg_file());
    ASSERT_EQ(r.exit_code, 0) << c.args << "\n" << r.err;
    EXPECT_TRUE(cbify_reg_contains(r.err, c.loss)) << c.args << ": VW's " << c.loss << "\n" << r.err;
  }
}

TEST(CbifyRegCli, ModelRebuildsTheStack) {
  const std::string model = temp_path("cbify_reg.model");
  RunResult r = run_learner("--cbify 8 --cbify_reg --cb_discrete --min_value 0 --max_value 6 --coin --loss_option 1 -d " +
                            reg_file() + " -f " + model);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_learner("-t -i " + model + " -d " + reg_file());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(cbify_reg_contains(r.err, "cbify_reg")) << r.err;
  r = run_learner("-t -i " + model + " --max_value 7 -d " + reg_file());
  EXPECT_NE(r.exit_code, 0);
  EXPECT_TRUE(cbify_reg_contains(r.err, "conflicts with the model")) << r.err;
}

TEST(CbifyRegCli, Refusals) {
  const struct {
    const char* args;
    const char* message;
  } cases[] = {
      {"--cbify 8 --cbify_reg --min_value 0 --max_value 6", "needs --cb_discrete"},
      {"--cbify 8 --cbify_reg --cb_discrete --min_value 6 --max_value 6", "--max_value must be above --min_value"},
      {"--cbify 8 --cbify_reg --cb_discrete --max_value 6", "needs --min_value and --max_value"},
      {"--cbify 8 --cbify_reg --cb_discrete --min_value 0 --max_value 6 --loss_option 3", "--loss_option"},
      {"--cbify 8 --cbify_reg --cb_discrete --min_value 0 --max_value 6 --loss_01_ratio 2", "--loss_01_ratio"},
      {"--cbify 8 --cbify_reg --cb_discrete --min_value 0 --max_value 6 --cbify_cs", "does not take --cbify_cs"},
  };
  for (const auto& c : cases) {
    const RunResult r = run_learner(std::string(c.args) + " -d " + reg_file());
    EXPECT_NE(r.exit_code, 0) << c.args;
    EXPECT_TRUE(cbify_reg_contains(r.err, c.message)) << c.args << "\n" << r.err;
  }
}

}  // namespace
}  // namespace learner::test
