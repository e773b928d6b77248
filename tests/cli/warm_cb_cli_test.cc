// End-to-end runs of --warm_cb (warm-start contextual bandit over
// --cb_explore_adf): the actions (-p), the average loss and the summary's
// variance and lambda lines as VW 9.11.2 prints them, a model round trip and
// a resumed run, refusals.
#include <gtest/gtest.h>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

// 40 multiclass examples of 4 classes; the class is readable from feature c<y>.
std::string warm_cb_multiclass_data() {
  std::string text;
  for (int i = 0; i < 40; ++i) {
    const int y = 1 + (i * 7 + 3) % 4;
    text += std::to_string(y) + " |x c" + std::to_string(y) + " n" + std::to_string(i % 3) + "\n";
  }
  const std::string path = temp_path("warm_cb_mc.dat");
  write_file(path, text);
  return path;
}

// 30 cost-sensitive examples of 3 classes: cost 0 for y, 0.5 for the next, 1 for the other.
std::string warm_cb_cost_data() {
  std::string text;
  for (int i = 0; i < 30; ++i) {
    const int y = 1 + (i * 5 + 1) % 3;
    for (int a = 1; a <= 3; ++a)
      text += std::to_string(a) + ":" + (a == y ? "0.0" : a == y % 3 + 1 ? "0.5" : "1.0") + " ";
    text += "|x c" + std::to_string(y) + " n" + std::to_string(i % 4) + "\n";
  }
  const std::string path = temp_path("warm_cb_cs.dat");
  write_file(path, text);
  return path;
}

std::string joined_lines(const std::string& text) {
  std::string out;
  for (char c : text)
    if (c != '\n') out += c;
  return out;
}

// vw ARGS -d data -p p (VW 9.11.2): its actions, average loss and summary lines.
TEST(WarmCbCli, MatchesVwActionsLossAndSummary) {
  const std::string mc = warm_cb_multiclass_data(), cs = warm_cb_cost_data();
  struct Case {
    std::string args;
    const char* loss;
    const char* variance;
    const char* lambda;
    const char* actions;
  } const cases[] = {
      {"--warm_cb 4 --cb_explore_adf --epsilon 0.1 --warm_start 10 --interaction 25 --choices_lambda 4 "
       "--warm_start_update --interaction_update -d " + mc,
       "average loss = 0.000000", "average variance estimate = 1.081081\ntheoretical average variance = 40.000000",
       "last lambda chosen = 0.125000 among lambdas ranging from 0.125000 to 0.750000",
       "1434322143214321432143214321432143211111"},
      // Uniform corruption of 30% of the warm-start labels, lambdas centred on epsilon / (1 + epsilon).
      {"--warm_cb 4 --cb_explore_adf --epsilon 0.1 --warm_start 10 --interaction 25 --choices_lambda 5 "
       "--lambda_scheme 3 --warm_start_update --interaction_update --corrupt_prob_warm_start 0.3 -d " + mc,
       "average loss = 0.120000", "average variance estimate = 2.637837\ntheoretical average variance = 40.000000",
       "last lambda chosen = 0.772727 among lambdas ranging from 0.022727 to 0.772727",
       "1131324423244324432143244321432143211111"},
      // Warm start as bandit rounds, --cb_type dr (two sub-models per policy).
      {"--warm_cb 4 --cb_explore_adf --epsilon 0.2 --warm_start 8 --choices_lambda 2 --lambda_scheme 4 "
       "--warm_start_update --interaction_update --sim_bandit --cb_type dr -d " + mc,
       "average loss = 0.500000", "average variance estimate = 1.176470\ntheoretical average variance = 20.000000",
       "last lambda chosen = 0.000000 among lambdas ranging from 0.000000 to 1.000000",
       "2413324241221141431243241121131141244141"},
      // Overwriting corruption drawn from --random_seed 5, --cb_type ips.
      {"--warm_cb 4 --cb_explore_adf --epsilon 0.1 --warm_start 10 --interaction 20 --choices_lambda 3 "
       "--warm_start_update --interaction_update --corrupt_type_warm_start 3 --overwrite_label 2 "
       "--corrupt_prob_warm_start 0.5 --random_seed 5 --cb_type ips -d " + mc,
       "average loss = 0.300000", "average variance estimate = 12.756758\ntheoretical average variance = 40.000000",
       "last lambda chosen = 0.250000 among lambdas ranging from 0.250000 to 0.750000",
       "1222222222242231432243414321431111111111"},
      // Circular corruption, warm start only (every lambda 0), costs -1 / 0.
      {"--warm_cb 4 --cb_explore_adf --epsilon 0.05 --warm_start 12 --choices_lambda 2 --warm_start_update "
       "--corrupt_type_warm_start 2 --corrupt_prob_warm_start 0.4 --loss0 -1 --loss1 0 -d " + mc,
       "average loss = 0.250000", "average variance estimate = 1.038961\ntheoretical average variance = 80.000000",
       "last lambda chosen = 0.000000 among lambdas ranging from 0.000000 to 0.000000",
       "1141431442414421442144214421442144214421"},
      // --lambda_scheme 3 without --epsilon: VW centres the lambdas on 0 / (1 + 0) (it reads its epsilon
      // before defaulting it to 0.05, which the variance line shows).
      {"--warm_cb 4 --cb_explore_adf --warm_start 10 --choices_lambda 5 --lambda_scheme 3 --warm_start_update "
       "--interaction_update --cb_type dm -d " + mc,
       "average loss = 0.000000", "average variance estimate = 1.038961\ntheoretical average variance = 80.000000",
       "last lambda chosen = 0.000000 among lambdas ranging from 0.000000 to 0.750000",
       "1434321143214321432143214321432143214321"},
      // --first 9 over 2 policies: VW's one counter counts both policies' updates.
      {"--warm_cb 4 --cb_explore_adf --first 9 --warm_start 5 --choices_lambda 2 --warm_start_update "
       "--interaction_update -d " + mc,
       "average loss = 0.057143", "average variance estimate = 1.428571\ntheoretical average variance = 80.000000",
       "last lambda chosen = 0.250000 among lambdas ranging from 0.250000 to 0.500000",
       "1434333113214321432143214321432143214321"},
      // --cb_adf's --clip_p (without it: average loss 0.400000).
      {"--warm_cb 4 --cb_explore_adf --warm_start 10 --choices_lambda 2 --warm_start_update --interaction_update "
       "--cb_type ips --clip_p 0.3 --epsilon 0.3 -d " + mc,
       "average loss = 0.233333", "average variance estimate = 1.691756\ntheoretical average variance = 13.333333",
       "last lambda chosen = 0.250000 among lambdas ranging from 0.250000 to 0.500000",
       "1434322143234321132142214311432443221321"},
      // Cost-sensitive labels: the loss is the regret.
      {"--warm_cb 3 --warm_cb_cs --cb_explore_adf --epsilon 0.1 --warm_start 6 --choices_lambda 3 "
       "--warm_start_update --interaction_update --loss1 2 -d " + cs,
       "average loss = 0.020833", "average variance estimate = 2.276787\ntheoretical average variance = 30.000000",
       "last lambda chosen = 0.750000 among lambdas ranging from 0.250000 to 0.750000",
       "122221313213213213213213213213"},
  };
  for (const Case& c : cases) {
    const std::string pred = temp_path("warm_cb.predict");
    const RunResult r = run_learner(c.args + " -p " + pred);
    ASSERT_EQ(r.exit_code, 0) << c.args << r.err;
    EXPECT_NE(r.err.find(c.loss), std::string::npos) << c.args << r.err;
    EXPECT_NE(r.err.find(c.variance), std::string::npos) << c.args << r.err;
    EXPECT_NE(r.err.find(c.lambda), std::string::npos) << c.args << r.err;
    EXPECT_EQ(joined_lines(slurp(pred)), c.actions) << c.args;
  }
}

// VW's progress rows: the warm-start examples weigh 0, so the first row is the first interaction example's.
TEST(WarmCbCli, ProgressCountsOnlyTheInteractionPhase) {
  const RunResult r = run_learner("--warm_cb 3 --warm_cb_cs --cb_explore_adf --epsilon 0.1 --warm_start 6 "
                                  "--choices_lambda 3 --warm_start_update --interaction_update --loss1 2 -d " +
                                  warm_cb_cost_data());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("0.500000 0.500000            7            1.0          known              3        3"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("weighted example sum = 24.000000"), std::string::npos) << r.err;
}

// -f then -t -i rebuilds the stack with its stored settings; -i then more data continues the run.
TEST(WarmCbCli, ModelRoundTripAndResumedRun) {
  const std::string mc = warm_cb_multiclass_data();
  const std::string stack = "--warm_cb 4 --cb_explore_adf --epsilon 0.1 --warm_start 10 --choices_lambda 4 "
                            "--warm_start_update --interaction_update --cb_type dr";
  const std::string model = temp_path("warm_cb.model"), p1 = temp_path("wc1.pred"), p2 = temp_path("wc2.pred");
  ASSERT_EQ(run_learner("-d " + mc + " " + stack + " -f " + model).exit_code, 0);
  const RunResult t1 = run_learner("-d " + mc + " -t -i " + model + " -p " + p1);
  ASSERT_EQ(t1.exit_code, 0) << t1.err;
  EXPECT_NE(t1.err.find("warm_cb 4"), std::string::npos) << t1.err;
  const RunResult t2 = run_learner("-d " + mc + " -t -i " + model + " " + stack + " -p " + p2);
  ASSERT_EQ(t2.exit_code, 0) << t2.err;
  EXPECT_EQ(slurp(p1), slurp(p2));
  EXPECT_EQ(slurp(p1).size(), 80u);
  EXPECT_NE(run_learner("-d " + mc + " -t -i " + model + " --choices_lambda 2").exit_code, 0);

  // The first 20 examples, saved, then the last 20 from the model: the actions of one run over all 40.
  std::string text = slurp(mc), head, tail;
  for (int i = 0, at = 0; i < 40; ++i) {
    const std::size_t end = text.find('\n', static_cast<std::size_t>(at));
    (i < 20 ? head : tail) += text.substr(static_cast<std::size_t>(at), end + 1 - static_cast<std::size_t>(at));
    at = static_cast<int>(end + 1);
  }
  const std::string a = temp_path("warm_cb_a.dat"), b = temp_path("warm_cb_b.dat"), half = temp_path("wch.model"),
                    whole = temp_path("wcw.pred"), resumed = temp_path("wcr.pred");
  write_file(a, head);
  write_file(b, tail);
  ASSERT_EQ(run_learner("-d " + a + " " + stack + " -f " + half).exit_code, 0);
  ASSERT_EQ(run_learner("-d " + b + " -i " + half + " -p " + resumed).exit_code, 0);
  ASSERT_EQ(run_learner("-d " + mc + " " + stack + " -p " + whole).exit_code, 0);
  EXPECT_EQ(slurp(whole).substr(40), slurp(resumed));
}

// VW 9.11 (test 591) runs --warm_start without --warm_cb, warning that it depends on --warm_cb: the
// run is the one without it, and a warning says so on stderr.
TEST(WarmCbCli, WarmStartWithoutWarmCbWarnsAndChangesNothing) {
  const std::string mc = warm_cb_multiclass_data(), with = temp_path("ws_with.pred"),
                    without = temp_path("ws_without.pred"), model = temp_path("ws_with.model");
  const RunResult a = run_learner("--cbify 4 --epsilon 0.1 --warm_start 10 -d " + mc + " -p " + with + " -f " + model);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_NE(a.err.find("warning: --warm_start has no effect without --warm_cb"), std::string::npos) << a.err;
  const RunResult b = run_learner("--cbify 4 --epsilon 0.1 -d " + mc + " -p " + without);
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(b.err.find("warning"), std::string::npos) << b.err;
  EXPECT_EQ(slurp(with), slurp(without));
  EXPECT_EQ(slurp(with).size(), 80u);
  const auto loss = [](const std::string& err) {
    const std::size_t at = err.find("average loss");
    return err.substr(at, err.find('\n', at) - at);
  };
  EXPECT_EQ(loss(a.err), loss(b.err));
  // Not stored: the model's readable settings do not name it.
  const RunResult t = run_learner("-d " + mc + " -t -i " + model);
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_EQ(t.err.find("warm_start"), std::string::npos) << t.err;
}

TEST(WarmCbCli, RefusesBadSettings) {
  const std::string mc = warm_cb_multiclass_data(), cs = warm_cb_cost_data();
  struct Case {
    const char* args;
    const char* says;
  } const cases[] = {
      {"--warm_cb 4", "--warm_cb stands over --cb_explore_adf"},
      {"--warm_cb 4 --cb_explore_adf --bag 3", "epsilon-greedy only"},
      {"--warm_cb 4 --cb_explore_adf --choices_lambda 0", "--choices_lambda must be in [1, 65536]"},
      {"--warm_cb 4 --cb_explore_adf --lambda_scheme 5", "--lambda_scheme must be in [1, 4]"},
      {"--warm_cb 4 --cb_explore_adf --corrupt_type_warm_start 4", "--corrupt_type_warm_start must be in [1, 3]"},
      {"--warm_cb 4 --cb_explore_adf --corrupt_prob_warm_start 1.5", "--corrupt_prob_warm_start must be in [0, 1]"},
      {"--warm_cb 4 --cb_explore_adf --overwrite_label 5", "--overwrite_label 5: expected an action in 1..4"},
      {"--warm_cb 4 --cb_explore_adf --warm_start -1", "--warm_start"},
      {"--interaction 3", "--interaction needs --warm_cb"},
      {"--cbify 4 --warm_start -1", "--warm_start"},
      {"--warm_cb 0 --cb_explore_adf", "--warm_cb"},
  };
  for (const Case& c : cases) {
    const RunResult r = run_learner(std::string(c.args) + " -d " + mc);
    EXPECT_NE(r.exit_code, 0) << c.args;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.args << ": " << r.err;
  }
  for (const char* corrupt : {"--corrupt_prob_warm_start 0.2", "--corrupt_type_warm_start 2"}) {
    const RunResult r = run_learner("--warm_cb 3 --warm_cb_cs --cb_explore_adf " + std::string(corrupt) + " -d " + cs);
    EXPECT_NE(r.exit_code, 0) << corrupt;
    EXPECT_NE(r.err.find("multiclass labels only"), std::string::npos) << r.err;
  }
  // A class outside 1..K: file:line.
  const std::string bad = temp_path("warm_cb_bad.dat");
  write_file(bad, "1 |x a\n7 |x b\n");
  const RunResult b = run_learner("--warm_cb 4 --cb_explore_adf -d " + bad);
  EXPECT_NE(b.exit_code, 0);
  EXPECT_NE(b.err.find(":2"), std::string::npos) << b.err;
}

}  // namespace
}  // namespace learner::test
