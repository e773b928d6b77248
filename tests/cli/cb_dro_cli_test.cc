// End-to-end runs of --cb_dro over --cb_adf and --cb_explore_adf on
// tests/golden/data/cb_adf.vw (90 logged groups): the average loss and -p as
// VW 9.11.2 prints them, a model round trip and a resumed run, refusals.
#include <gtest/gtest.h>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

std::string cb_dro_data() { return std::string(LEARNER_SOURCE_DIR) + "/tests/golden/data/cb_adf.vw"; }

// vw ARGS -d cb_adf.vw (VW 9.11.2): its average loss; without --cb_dro the losses differ (pasted too).
TEST(CbDroCli, MatchesVwLoss) {
  struct Case {
    const char* args;
    const char* loss;
    const char* loss_without_dro;
  } const cases[] = {
      {"--cb_adf --cb_dro --cb_type ips", "average loss = -0.587688", "average loss = -0.712763"},
      {"--cb_adf --cb_dro --cb_type dm", "average loss = -0.625150", "average loss = -0.775225"},
      {"--cb_adf --cb_dro", "average loss = -0.725225", "average loss = -0.750225"},
      {"--cb_adf --cb_dro --cb_dro_tau 0.95 --cb_dro_alpha 0.3 --cb_dro_wmax 3", "average loss = -0.675225",
       "average loss = -0.750225"},
      {"--cb_adf --cb_dro --cb_type sm", "average loss = -0.625225", nullptr},
      {"--cb_explore_adf --cb_dro --epsilon 0.1", "average loss = -0.752753", "average loss = -0.718969"},
  };
  for (const Case& c : cases) {
    const RunResult r = run_learner(std::string(c.args) + " -d " + cb_dro_data());
    ASSERT_EQ(r.exit_code, 0) << c.args << r.err;
    EXPECT_NE(r.err.find(c.loss), std::string::npos) << c.args << r.err;
    if (c.loss_without_dro == nullptr) continue;
    std::string plain = c.args;
    plain = plain.substr(0, plain.find(" --cb_dro")) + plain.substr(plain.find("--cb_dro") + 8);
    const std::size_t extra = plain.find(" --cb_dro_");
    if (extra != std::string::npos) plain = plain.substr(0, extra);
    const RunResult p = run_learner(plain + " -d " + cb_dro_data());
    EXPECT_NE(p.err.find(c.loss_without_dro), std::string::npos) << plain << p.err;
  }
}

// --cb_type dr: VW's statistics read the estimate of --cb_adf's learn call,
// whose logged action's cost regressor sees the label range the update widened
// (taking the predict call's estimate gave -0.615818). learner's dr scores
// differ from VW's in the 6th digit without --cb_dro too (-0.641242 vs -0.641244).
TEST(CbDroCli, DoublyRobustLossIsTheLearnCallsEstimate) {
  const RunResult r = run_learner("--cb_adf --cb_dro --cb_type dr -d " + cb_dro_data());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::size_t at = r.err.find("average loss = ");
  ASSERT_NE(at, std::string::npos) << r.err;
  EXPECT_NEAR(std::stod(r.err.substr(at + 15)), -0.617358, 1e-5) << r.err;  // VW 9.11.2
}

// VW's -p over --cb_explore_adf: groups 7 and 10 (where --cb_dro changes the policy) and the last two.
TEST(CbDroCli, ExplorePmfsAreVws) {
  const std::string pred = temp_path("cb_dro.predict");
  const RunResult r = run_learner("--cb_explore_adf --cb_dro --epsilon 0.1 -d " + cb_dro_data() + " -p " + pred);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string p = slurp(pred);
  EXPECT_NE(p.find("\n\n2:0.925,1:0.025,0:0.025,3:0.025 u6\n\n1:0.95,0:0.05 u7\n\n"), std::string::npos) << p;
  EXPECT_NE(p.find("\n\n0:0.95,1:0.05 u88\n\n2:0.933333,1:0.033333,0:0.033333 u89\n\n"), std::string::npos);
  EXPECT_EQ(p.size() - p.find(" u89\n\n"), 6u);  // the last group
}

// -f then -t -i rebuilds the stack; -i then more data continues as one run (the bound's sums are kept).
TEST(CbDroCli, ModelRoundTripAndResumedRun) {
  const std::string data = cb_dro_data();
  for (const std::string stack : {"--cb_adf --cb_dro --cb_type dr --cb_dro_alpha 0.2",
                                  "--cb_explore_adf --cb_dro --epsilon 0.2 --cb_dro_wmax 4"}) {
    const std::string model = temp_path("cb_dro.model"), p1 = temp_path("cd1.pred"), p2 = temp_path("cd2.pred");
    ASSERT_EQ(run_learner("-d " + data + " " + stack + " -f " + model).exit_code, 0) << stack;
    const RunResult t1 = run_learner("-d " + data + " -t -i " + model + " -p " + p1);
    ASSERT_EQ(t1.exit_code, 0) << stack << t1.err;
    EXPECT_NE(t1.err.find("cb_dro"), std::string::npos) << t1.err;
    const RunResult t2 = run_learner("-d " + data + " -t -i " + model + " " + stack + " -p " + p2);
    ASSERT_EQ(t2.exit_code, 0) << stack << t2.err;
    EXPECT_EQ(slurp(p1), slurp(p2)) << stack;
    EXPECT_NE(run_learner("-d " + data + " -t -i " + model + " --cb_dro_tau 0.5").exit_code, 0) << stack;

    // The first 40 groups, saved, then the rest from the model: the -p of one run over all of them.
    const std::string text = slurp(data);
    std::size_t cut = 0;
    for (int g = 0; g < 40; ++g) cut = text.find("\n\n", cut) + 2;
    const std::string a = temp_path("cb_dro_a.dat"), b = temp_path("cb_dro_b.dat"), half = temp_path("cdh.model"),
                      whole = temp_path("cdw.pred"), resumed = temp_path("cdr.pred");
    write_file(a, text.substr(0, cut));
    write_file(b, text.substr(cut));
    ASSERT_EQ(run_learner("-d " + a + " " + stack + " -f " + half).exit_code, 0) << stack;
    ASSERT_EQ(run_learner("-d " + b + " -i " + half + " -p " + resumed).exit_code, 0) << stack;
    ASSERT_EQ(run_learner("-d " + data + " " + stack + " -p " + whole).exit_code, 0) << stack;
    const std::string w = slurp(whole), r = slurp(resumed);
    ASSERT_GE(w.size(), r.size());
    EXPECT_EQ(w.substr(w.size() - r.size()), r) << stack;
  }
}

TEST(CbDroCli, RefusesBadSettings) {
  struct Case {
    const char* args;
    const char* says;
  } const cases[] = {
      {"--cb_dro", "--cb_dro stands over --cb_adf or --cb_explore_adf"},
      {"--cb_adf --cb_dro --cb_dro_alpha 0", "--cb_dro_alpha must be in (0, 1]"},
      {"--cb_adf --cb_dro --cb_dro_alpha 1", "--cb_dro_alpha must be in (0, 1)"},
      {"--cb_adf --cb_dro --cb_dro_tau 0", "--cb_dro_tau must be in (0, 1]"},
      {"--cb_adf --cb_dro --cb_dro_tau 1.5", "--cb_dro_tau must be in (0, 1]"},
      {"--cb_adf --cb_dro --cb_dro_wmax 1", "--cb_dro_wmax must be in (1, 1e+30]"},
      {"--cb_dro_alpha 0.1 --cb_adf", "--cb_dro_alpha needs --cb_dro"},
  };
  for (const Case& c : cases) {
    const RunResult r = run_learner(std::string(c.args) + " -d " + cb_dro_data());
    EXPECT_NE(r.exit_code, 0) << c.args;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.args << ": " << r.err;
  }
}

}  // namespace
}  // namespace learner::test
