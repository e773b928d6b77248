// End-to-end runs of --bag N and --cover N on the legacy stacks
// (--cb_force_legacy --cb_explore K / --cbify K; reduction/cb_explore_legacy.h):
// -p and the average loss as VW 9.11 prints them (VW's figures pasted, from
// /work/peers/vw/vw), every -p line a pmf with the floor cover promises, the
// model round trip (cover's count of learned examples) and refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "run_helper.h"

namespace learner::test {
namespace {

// A small log over 3 actions, one line with a listed action set, one unlabeled.
const char* const kLegacyLog =
    "1:1:0.5 |a x y\n2:0:0.25 |a x z\n3:1:0.5 1 2 |a y z\n|a x\n2:0:0.5 |a y\n1:0:0.333 |a z\n"
    "3:0:0.25 |a x y z\n2:1:0.5 |a x\n";

std::string legacy_log() {
  const std::string path = temp_path("cb_legacy.dat");
  write_file(path, kLegacyLog);
  return path;
}

std::string joined(const std::vector<const char*>& lines) {
  std::string s;
  for (const char* line : lines) s += std::string(line) + "\n";
  return s;
}

struct VwLegacyCase {
  const char* args;
  const char* loss;
  std::vector<const char*> lines;
};

// vw --cb_force_legacy --cb_explore 3 ARGS -d log -p p (VW 9.11.2).
TEST(CbExploreLegacyCli, BagAndCoverMatchVw) {
  const std::string data = legacy_log();
  const VwLegacyCase cases[] = {
      // The bag's Poisson counts are drawn on VW's predict call and again on its learn call.
      {"--bag 3", "average loss = 0.380952",
       {"1.000000 0.000000 0.000000 ", "0.333333 0.666667 0.000000 ", "0.333333 0.666667 0.000000 ",
        "0.333333 0.666667 0.000000 ", "0.333333 0.666667 0.000000 ", "0.333333 0.666667 0.000000 ",
        "0.333333 0.666667 0.000000 ", "0.000000 0.333333 0.666667 "}},
      {"--bag 2 --random_seed 7", "average loss = 0.285714",
       {"1.000000 0.000000 0.000000 ", "0.500000 0.500000 0.000000 ", "0.500000 0.500000 0.000000 ",
        "0.500000 0.500000 0.000000 ", "0.500000 0.500000 0.000000 ", "0.500000 0.500000 0.000000 ",
        "0.500000 0.500000 0.000000 ", "0.500000 0.000000 0.500000 "}},
      // The floor decays with the examples learned from (the unlabeled line is not one).
      {"--cover 3", "average loss = 0.293161",
       {"0.333333 0.333333 0.333333 ", "0.333333 0.333333 0.333333 ", "0.333333 0.333333 0.333333 ",
        "0.333333 0.333333 0.333333 ", "0.333333 0.333333 0.333333 ", "0.288675 0.422650 0.288675 ",
        "0.258199 0.483602 0.258199 ", "0.235702 0.235702 0.528595 "}},
      // VW: 0.316129 (learner 0.316110: VW's adaptive rate uses SSE's approximate rsqrt).
      {"--cover 2 --epsilon 0.2 --psi 0.5", "average loss = 0.3161",
       {"0.866667 0.066667 0.066667 ", "0.066667 0.866667 0.066667 ", "0.066667 0.466667 0.466667 ",
        "0.066667 0.466667 0.466667 ", "0.066667 0.466667 0.466667 ", "0.066667 0.466667 0.466667 ",
        "0.066667 0.466667 0.466667 ", "0.066667 0.066667 0.866667 "}},
      // VW: 0.312290 (learner 0.312268, as above). The listed line's estimates are read by position, as VW.
      {"--cover 3 --nounif", "average loss = 0.312",
       {"1.000000 0.000000 0.000000 ", "0.000000 1.000000 0.000000 ", "0.000000 0.500000 0.500000 ",
        "0.000000 0.500000 0.500000 ", "0.000000 0.500000 0.500000 ", "0.000000 0.566987 0.433013 ",
        "0.000000 0.612702 0.387298 ", "0.000000 0.000000 1.000000 "}},
  };
  for (const VwLegacyCase& c : cases) {
    const std::string pred = temp_path("legacy.predict");
    const RunResult r =
        run_learner("--cb_force_legacy --cb_explore 3 " + std::string(c.args) + " -d " + data + " -p " + pred);
    ASSERT_EQ(r.exit_code, 0) << c.args << r.err;
    EXPECT_NE(r.err.find(c.loss), std::string::npos) << c.args << r.err;
    EXPECT_EQ(slurp(pred), joined(c.lines)) << c.args;
  }
}

// vw --cb_force_legacy --cbify 3 ARGS -d tests/golden/data/mc.vw (VW 9.11.2's average loss).
TEST(CbExploreLegacyCli, CbifyBagAndCoverMatchVw) {
  const std::string data = std::string(LEARNER_SOURCE_DIR) + "/tests/golden/data/mc.vw";
  const std::pair<const char*, const char*> cases[] = {
      {"--bag 3", "average loss = 0.395833"},
      {"--bag 5 --random_seed 3", "average loss = 0.358333"},
      {"--cover 3", "average loss = 0.375000"},
      {"--cover 4 --nounif --psi 0.3", "average loss = 0.295833"},
      {"--cover 2 --epsilon 0.1", "average loss = 0.370833"},
  };
  for (const auto& [args, loss] : cases) {
    const RunResult r = run_learner("--cb_force_legacy --cbify 3 " + std::string(args) + " -d " + data);
    ASSERT_EQ(r.exit_code, 0) << args << r.err;
    EXPECT_NE(r.err.find(loss), std::string::npos) << args << r.err;
  }
}

// The model keeps --cover's settings, the legacy stack and its count of learned
// examples: -i MODEL -t predicts with the floor of the 7 examples learned
// (vw -i MODEL -t -p, VW 9.11.2), without repeating the flags.
TEST(CbExploreLegacyCli, CoverModelKeepsItsCount) {
  const std::string data = legacy_log();
  const std::string model = temp_path("legacy_cover.model");
  const std::string pred = temp_path("legacy_cover.predict");
  ASSERT_EQ(run_learner("--cb_force_legacy --cb_explore 3 --cover 3 -d " + data + " -f " + model).exit_code, 0);
  const RunResult t = run_learner("-i " + model + " -t -d " + data + " -p " + pred);
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_EQ(slurp(pred), joined({"0.218218 0.218218 0.563564 ", "0.218218 0.218218 0.563564 ",
                                 "0.218218 0.218218 0.563564 ", "0.218218 0.218218 0.563564 ",
                                 "0.218218 0.218218 0.563564 ", "0.557558 0.218218 0.224224 ",
                                 "0.218218 0.218218 0.563564 ", "0.218218 0.218218 0.563564 "}));
  // --cbify's model too: VW's -t loss after training on mc.vw.
  const std::string mc = std::string(LEARNER_SOURCE_DIR) + "/tests/golden/data/mc.vw";
  const std::string cbify_model = temp_path("legacy_cbify_cover.model");
  ASSERT_EQ(run_learner("--cb_force_legacy --cbify 3 --cover 3 -d " + mc + " -f " + cbify_model).exit_code, 0);
  const RunResult c = run_learner("-i " + cbify_model + " -t -d " + mc);
  ASSERT_EQ(c.exit_code, 0) << c.err;
  EXPECT_NE(c.err.find("average loss = 0.279167"), std::string::npos) << c.err;
}

// Every -p line sums to 1; cover's entries are >= its floor m (decayed from
// 1/K with the examples learned from, or --epsilon / K), bag's are multiples of 1/N.
TEST(CbExploreLegacyCli, PredictionsArePmfsAboveTheFloor) {
  std::string log;
  uint64_t state = 12345;
  auto next = [&state]() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<uint32_t>(state >> 33);
  };
  for (int i = 0; i < 300; ++i) {
    const uint32_t a = next() % 4 + 1;
    log += std::to_string(a) + ":" + std::to_string(next() % 2) + ":0.25 |f x" + std::to_string(next() % 7) + " y" +
           std::to_string(next() % 5) + "\n";
  }
  const std::string data = temp_path("legacy_random.dat");
  write_file(data, log);
  const char* const stacks[] = {"--cover 3", "--cover 5 --epsilon 0.2", "--cover 2 --psi 3", "--bag 4",
                                "--bag 3 --random_seed 11"};
  for (const char* stack : stacks) {
    const std::string pred = temp_path("legacy_random.predict");
    const RunResult r = run_learner("--cb_force_legacy --cb_explore 4 " + std::string(stack) + " -d " + data +
                                    " -p " + pred);
    ASSERT_EQ(r.exit_code, 0) << stack << r.err;
    std::istringstream lines(slurp(pred));
    std::string line;
    int n = 0;
    while (std::getline(lines, line)) {
      std::istringstream in(line);
      std::vector<double> p;
      double x = 0;
      while (in >> x) p.push_back(x);
      ASSERT_EQ(p.size(), 4u) << stack << " line " << n;
      double sum = 0;
      for (double q : p) sum += q;
      EXPECT_NEAR(sum, 1.0, 4e-6) << stack << " line " << n;
      const std::string s(stack);
      if (s.rfind("--cover", 0) == 0) {
        // m for the n-th line: n examples learned before it (every line is labeled).
        const double floor = s.find("epsilon") != std::string::npos
                                 ? 0.2 / 4
                                 : std::min(1.0 / 4, n == 0 ? 1.0 : 1.0 / std::sqrt(4.0 * n));
        for (double q : p) EXPECT_GE(q, floor - 1e-6) << stack << " line " << n;
      } else {
        const double bag = s.find("--bag 4") != std::string::npos ? 4 : 3;
        for (double q : p) EXPECT_NEAR(q * bag, std::round(q * bag), 1e-5) << stack << " line " << n;
      }
      ++n;
    }
    EXPECT_EQ(n, 300) << stack;
  }
}

TEST(CbExploreLegacyCli, RefusesOtherExplorersAndStrayOptions) {
  const std::string data = legacy_log();
  const std::pair<const char*, const char*> refused[] = {
      {"--cb_explore 3 --squarecb", "has no --softmax, --squarecb or --regcb"},
      {"--cb_explore 3 --softmax", "has no --softmax, --squarecb or --regcb"},
      {"--cbify 3 --regcb", "has no --softmax, --squarecb or --regcb"},
      {"--cb_explore 3 --bag 2 --greedify", "no --greedify"},
      {"--cb_explore 3 --cover 2 --first_only", "no --first_only"},
      {"--cb_explore 3 --cover 2 --first 3", "--cover and --first are two explorers"},
      {"--cb_explore 3 --bag 2 --cover 2", "two explorers"},
      {"--cb_explore 3 --bag 2 --psi 0.5", "--psi needs --cover"},
      {"--cb_explore 3 --cover 0", "cover"},
      {"--cb_explore 3 --cover 2 --psi -1", "psi"},
      {"--cb_explore 3 --bag 2000", "bag"},
  };
  for (const auto& [args, message] : refused) {
    const RunResult r = run_learner("--cb_force_legacy " + std::string(args) + " -d " + data);
    EXPECT_NE(r.exit_code, 0) << args;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << ": " << r.err;
  }
}

}  // namespace
}  // namespace learner::test
