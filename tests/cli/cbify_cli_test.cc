// End-to-end runs of --cbify K (VW's legacy cbify over --cb_explore): the
// drawn actions (-p) and average loss as VW 9.11 prints them
// (--cb_force_legacy), reproducible runs, a model round trip, refusals.
#include <gtest/gtest.h>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

// 30 multiclass lines over 4 classes, each class with its own features.
const char* const kCbifyData =
    "3 |f x11 x10 n:0.80\n1 |f x4 x3 n:0.65\n2 |f x6 x7 n:0.47\n2 |f x7 x8 n:0.10\n2 |f x6 x8 n:0.22\n"
    "3 |f x9 x10 n:0.16\n1 |f x3 x5 n:0.62\n2 |f x6 x6 n:0.97\n1 |f x3 x3 n:0.96\n2 |f x6 x7 n:0.31\n"
    "2 |f x8 x8 n:0.63\n2 |f x8 x6 n:0.97\n4 |f x13 x12 n:0.36\n2 |f x6 x7 n:0.07\n3 |f x11 x11 n:0.00\n"
    "3 |f x9 x10 n:0.36\n3 |f x10 x11 n:0.32\n4 |f x13 x14 n:0.18\n3 |f x9 x11 n:0.36\n4 |f x12 x14 n:0.79\n"
    "3 |f x10 x11 n:0.84\n4 |f x12 x14 n:0.18\n2 |f x6 x6 n:0.93\n4 |f x13 x14 n:0.35\n3 |f x10 x9 n:0.59\n"
    "3 |f x10 x9 n:0.43\n1 |f x3 x4 n:0.51\n3 |f x9 x10 n:0.28\n1 |f x4 x5 n:0.32\n2 |f x6 x8 n:0.15\n";

std::string cbify_data() {
  const std::string path = temp_path("cbify.dat");
  write_file(path, kCbifyData);
  return path;
}

std::string lines_of(const std::string& spaced) {
  std::string out;
  for (char c : spaced) out += c == ' ' ? '\n' : c;
  return out + "\n";
}

// vw --cb_force_legacy --cbify 4 ARGS -d data -p p (VW 9.11): its -p and average loss.
TEST(CbifyCli, MatchesVwLegacyDrawsAndLoss) {
  const std::string data = cbify_data();
  struct Case {
    const char* args;
    const char* loss;
    const char* actions;
  } const cases[] = {
      {"--epsilon 0.1", "average loss = 0.400000",
       "1 2 3 4 1 2 3 2 1 2 2 2 2 2 3 3 3 1 3 3 3 2 2 3 3 3 1 3 1 2"},
      {"--first 6 --loss0 -1 --loss1 0", "average loss = 0.866667",
       "2 4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"},
      {"--first 4 --flip_loss_sign --loss1 3", "average loss = 0.833333",
       "2 4 4 4 4 2 4 4 4 4 4 4 4 4 2 2 2 4 2 4 2 4 4 4 2 2 4 2 4 4"},
  };
  for (const Case& c : cases) {
    const std::string pred = temp_path("cbify.predict");
    const RunResult r = run_learner("--cb_force_legacy --cbify 4 " + std::string(c.args) + " -d " + data + " -p " + pred);
    ASSERT_EQ(r.exit_code, 0) << c.args << r.err;
    EXPECT_NE(r.err.find(c.loss), std::string::npos) << c.args << r.err;
    EXPECT_EQ(slurp(pred), lines_of(c.actions)) << c.args;
    // The draws are seeded as VW's: a second run gives the same actions.
    const std::string again = temp_path("cbify_again.predict");
    ASSERT_EQ(run_learner("--cb_force_legacy --cbify 4 " + std::string(c.args) + " -d " + data + " -p " + again).exit_code, 0);
    EXPECT_EQ(slurp(pred), slurp(again)) << c.args;
  }
}

// -f then -t -i rebuilds --cbify with its stored settings.
TEST(CbifyCli, ModelRoundTrip) {
  const std::string data = cbify_data();
  for (const char* stack : {"--cbify 4 --epsilon 0.2", "--cbify 4 --first 3 --cb_type ips --loss1 2"}) {
    const std::string model = temp_path("cbify.model"), p1 = temp_path("c1.pred"), p2 = temp_path("c2.pred");
    ASSERT_EQ(run_learner("-d " + data + " " + stack + " -f " + model).exit_code, 0) << stack;
    const RunResult t1 = run_learner("-d " + data + " -t -i " + model + " -p " + p1);
    ASSERT_EQ(t1.exit_code, 0) << stack << t1.err;
    const RunResult t2 = run_learner("-d " + data + " -t -i " + model + " " + stack + " -p " + p2);
    ASSERT_EQ(t2.exit_code, 0) << stack << t2.err;
    EXPECT_EQ(slurp(p1), slurp(p2)) << stack;
    EXPECT_EQ(slurp(p1).size(), 60u) << stack;  // 30 actions
  }
}

TEST(CbifyCli, RefusesBadSettings) {
  const std::string data = cbify_data();
  const RunResult label = run_learner("--cbify 3 -d " + data);  // class 4 of 3
  EXPECT_NE(label.exit_code, 0);
  EXPECT_NE(label.err.find("cbify.dat:13:"), std::string::npos) << label.err;  // file:line of the first 4
  // --softmax runs through the adf path (as VW 9.11); the legacy stack has no softmax.
  const RunResult softmax = run_learner("--cbify 4 --softmax --cb_force_legacy -d " + data);
  EXPECT_NE(softmax.exit_code, 0);
  EXPECT_NE(softmax.err.find("--softmax"), std::string::npos) << softmax.err;
  EXPECT_NE(run_learner("--cbify 4 --epsilon -0.1 -d " + data).exit_code, 0);
  EXPECT_NE(run_learner("--loss0 1 -d " + data).exit_code, 0);  // --loss0 needs --cbify
}

}  // namespace
}  // namespace learner::test
