// End-to-end runs of --coin (VW's coin-betting optimizer) on the golden
// data files: the average loss VW 9.11 prints for the same command (pasted
// below, measured with /work/peers/vw/vw), over the scalar problem and the
// contextual-bandit stacks, model round trips (with state, and
// --predict_only_model) and refusals.
#include <gtest/gtest.h>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

std::string golden(const std::string& name) { return std::string(LEARNER_SOURCE_DIR) + "/tests/golden/data/" + name; }

bool coin_contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

struct VwLoss {
  std::string args;  // after -d FILE
  std::string file;
  const char* loss;  // VW 9.11's "average loss = ..." line
};

void expect_vw_losses(const std::vector<VwLoss>& cases) {
  for (const VwLoss& c : cases) {
    const RunResult r = run_learner(c.args + " -d " + golden(c.file));
    ASSERT_EQ(r.exit_code, 0) << c.args << "\n" << r.err;
    EXPECT_TRUE(coin_contains(r.err, c.loss)) << c.args << ": VW's " << c.loss << "\n" << r.err;
  }
}

TEST(CoinCli, ScalarLossesMatchVw) {
  expect_vw_losses({
      {"--coin", "reg.vw", "average loss = 0.811679"},
      {"--coin --ftrl_alpha 1 --ftrl_beta 0.5 -q ui", "reg.vw", "average loss = 0.913089"},
      {"--coin --loss_function logistic", "bin.vw", "average loss = 0.477981"},
      {"--oaa 3 --coin", "mc.vw", "average loss = 0.241667"},
  });
}

// The stacks of VW's suite rows cb419-cb421 and cb458/459, and the
// reductions that read the regressor's prediction after it learns (dr,
// --cover's estimates, legacy --cb): VW reads --coin's own there.
TEST(CoinCli, ContextualBanditLossesMatchVw) {
  expect_vw_losses({
      {"--cb_explore_adf --coin --epsilon 0.1 -q sa", "cb_adf.vw", "average loss = -0.910230"},
      {"--cb_explore_adf --coin --squarecb -q sa", "cb_adf.vw", "average loss = -0.807945"},
      {"--cb_explore_adf --coin --regcb -q sa", "cb_adf.vw", "average loss = -0.550163"},
      {"--cb_explore_adf --coin --bag 3", "cb_adf.vw", "average loss = -0.733579"},
      {"--cb_explore_adf --coin --cover 3", "cb_adf.vw", "average loss = -0.612018"},
      {"--cb_explore_adf --coin --cb_type dr -q sa", "cb_adf.vw", "average loss = -0.835186"},
      {"--cb_adf --coin --cb_type dr", "cb_adf.vw", "average loss = -0.666273"},
      {"--cb_adf --coin --cb_type ips", "cb_adf.vw", "average loss = -0.662613"},
      {"--explore_eval --coin --squarecb -q sa", "cb_adf.vw", "average loss = -0.612437"},
      {"--cb 3 --coin", "cb.vw", "average loss = 0.690691"},
      {"--cb 3 --coin --cb_force_legacy", "cb.vw", "average loss = 0.583182"},
      {"--cbify 3 --coin", "mc.vw", "average loss = 0.429167"},
  });
}

// --explore_eval evaluates every --cb_explore_adf explorer (VW's cb421:
// --squarecb), not only epsilon-greedy, --first and --softmax.
TEST(CoinCli, ExploreEvalTakesEveryExplorer) {
  expect_vw_losses({
      {"--explore_eval --squarecb -q sa", "cb_adf.vw", "average loss = -0.594669"},  // VW: -0.594660 (gd's drift)
      {"--explore_eval --cover 3", "cb_adf.vw", "average loss = "},
  });
}

TEST(CoinCli, ModelRoundTrips) {
  const std::string model = temp_path("coin.model"), pred = temp_path("coin_train.pred"),
                    test_pred = temp_path("coin_test.pred");
  RunResult r = run_learner("--coin -d " + golden("reg.vw") + " -f " + model + " -p " + pred);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // -t -i: VW's first test prediction is 3.189554; its resumed run (-i, learning on): 0.460970.
  r = run_learner("-t -i " + model + " -d " + golden("reg.vw") + " -p " + test_pred);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NEAR(first_column(slurp(test_pred)).at(0), 3.189554, 2e-6);
  r = run_learner("-i " + model + " -d " + golden("reg.vw"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(coin_contains(r.err, "average loss = 0.460970")) << r.err;
  // --predict_only_model keeps w alone: the bets restart (VW: 0.811679 again).
  r = run_learner("--coin -d " + golden("reg.vw") + " -f " + model + " --predict_only_model");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_learner("-i " + model + " -d " + golden("reg.vw"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(coin_contains(r.err, "average loss = 0.811679")) << r.err;
  // A contextual-bandit stack, with state (VW: -1.286615) and without (VW: -1.120329; one group's
  // two scores are within VW's tie tolerance, 1e-4 relative, so it shares the greedy mass).
  r = run_learner("--cb_explore_adf --coin -q sa -d " + golden("cb_adf.vw") + " -f " + model);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_learner("-i " + model + " -d " + golden("cb_adf.vw"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(coin_contains(r.err, "average loss = -1.286615")) << r.err;
  r = run_learner("--cb_explore_adf --coin -q sa -d " + golden("cb_adf.vw") + " -f " + model + " --predict_only_model");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_learner("-i " + model + " -d " + golden("cb_adf.vw"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(coin_contains(r.err, "average loss = -1.120329")) << r.err;
  // -i rebuilds the coin learner with its settings: another --ftrl_alpha is a conflict.
  r = run_learner("-i " + model + " --ftrl_alpha 2 -d " + golden("cb_adf.vw"));
  EXPECT_NE(r.exit_code, 0);
  EXPECT_TRUE(coin_contains(r.err, "--ftrl_alpha 2 conflicts with the model")) << r.err;
}

TEST(CoinCli, Refusals) {
  const std::string data = " -d " + golden("reg.vw");
  const struct {
    std::string args;
    const char* message;
  } cases[] = {
      {"--coin --ftrl_alpha 0", "--ftrl_alpha"},
      {"--coin --ftrl_alpha -1", "--ftrl_alpha"},
      {"--coin --ftrl_alpha nan", "--ftrl_alpha"},
      {"--coin --ftrl_beta -0.5", "--ftrl_beta"},
      {"--coin --ftrl_beta inf", "--ftrl_beta"},
      {"--ftrl_alpha 2", "--ftrl_alpha"},
      {"--coin --perceptron", "choose two learners"},
      {"--coin --power_t 0.3", "applies to the gradient learner, not to --coin"},
      {"--coin --adaptive", "applies to the gradient learner, not to --coin"},
  };
  for (const auto& c : cases) {
    const RunResult r = run_learner(c.args + data);
    EXPECT_NE(r.exit_code, 0) << c.args;
    EXPECT_TRUE(coin_contains(r.err, c.message)) << c.args << "\n" << r.err;
  }
}

}  // namespace
}  // namespace learner::test
