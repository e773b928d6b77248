// End-to-end runs of --cb_explore_adf's exploration algorithms (--bag,
// --cover, --squarecb, --regcb): -p and the average loss as VW 9.11 prints them (its draws,
// its seeds), the pmf printed as VW does (at most 6 decimals), model round
// trips and refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "learner/model/model_file.h"
#include "run_helper.h"

namespace learner::test {
namespace {

// Eight groups of 2 or 3 actions, some with a shared line, one unlabeled.
const char* const kAlgoLog =
    "shared |u a b\n0:1:0.5 |i x y\n|i y z\n|i x z\n\n"
    "shared |u c\n|i x\n0:0:0.25 |i y\n|i z\n\n"
    "|i x y\n1:1:0.5 |i y\n|i z\n\n"
    "shared |u a c\n|i x\n|i y\n0:0.5:0.3 |i z w\n\n"
    "shared |u b\n0:0:0.8 |i w\n|i x y\n\n"
    "shared |u a\n|i x\n0:1:0.4 |i y z\n|i x z\n\n"
    "shared |u c b\n|i x\n|i z\n\n"
    "shared |u b\n0:0.2:0.6 |i x y\n|i y\n|i w z\n\n";

std::string algo_log() {
  const std::string path = temp_path("cb_algo.ldf");
  write_file(path, kAlgoLog);
  return path;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The -p lines without the blank line after each group.
std::vector<std::string> pmf_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

struct VwCase {
  const char* args;
  const char* loss;
  std::vector<const char*> lines;
};

// VW 9.11: vw --cb_explore_adf ARGS -d log -p p (its -p lines and average loss, byte for byte).
TEST(CbExploreAlgorithmsCli, BagMatchesVwDrawsAndPredictions) {
  const std::string data = algo_log();
  const VwCase cases[] = {
      {"--bag 3", "average loss = 0.309524",
       {"0:0.333333,1:0.333333,2:0.333333", "0:0.333333,1:0.333333,2:0.333333", "0:0.333333,1:0.333333,2:0.333333",
        "0:0.5,2:0.5,1:0", "0:1,1:0", "0:0.833333,2:0.166667,1:0", "0:1,1:0", "2:1,0:0,1:0"}},
      {"--bag 5 --epsilon 0.1 --first_only", "average loss = 0.380952",
       {"0:0.933333,1:0.033333,2:0.033333", "0:0.583333,2:0.383333,1:0.033333", "0:0.583333,2:0.383333,1:0.033333",
        "0:0.583333,2:0.383333,1:0.033333", "0:0.95,1:0.05", "0:0.933333,2:0.033333,1:0.033333", "0:0.8,1:0.2",
        "2:0.933333,1:0.033333,0:0.033333"}},
      {"--bag 4 --greedify --random_seed 7", "average loss = 0.317460",
       {"0:0.333333,1:0.333333,2:0.333333", "2:0.666667,0:0.166667,1:0.166667", "2:0.666667,1:0.166667,0:0.166667",
        "2:0.708333,0:0.208333,1:0.083333", "0:0.75,1:0.25", "0:1,2:0,1:0", "0:1,1:0", "2:0.5,1:0.375,0:0.125"}},
  };
  for (const VwCase& c : cases) {
    const std::string pred = temp_path("bag.predict");
    const RunResult r = run_learner("--cb_explore_adf " + std::string(c.args) + " -d " + data + " -p " + pred);
    ASSERT_EQ(r.exit_code, 0) << c.args << r.err;
    EXPECT_TRUE(contains(r.err, c.loss)) << c.args << r.err;
    std::vector<std::string> expected(c.lines.begin(), c.lines.end());
    EXPECT_EQ(pmf_lines(slurp(pred)), expected) << c.args;
  }
}

TEST(CbExploreAlgorithmsCli, CoverMatchesVwPredictions) {
  const std::string data = algo_log();
  const VwCase cases[] = {
      {"--cover 3", "average loss = 0.373279",
       {"0:0.333333,1:0.333333,2:0.333333", "0:0.333333,1:0.333333,2:0.333333", "0:0.333333,1:0.333333,2:0.333333",
        "0:0.333333,1:0.333333,2:0.333333", "1:0.646447,0:0.353553", "2:0.483602,0:0.258199,1:0.258199",
        "0:0.666667,1:0.333333", "2:0.528595,0:0.235702,1:0.235702"}},
      {"--cover 3 --cb_type dr", "average loss = 0.404762",
       {"0:0.333333,1:0.333333,2:0.333333", "0:0.333333,1:0.333333,2:0.333333", "0:0.333333,1:0.333333,2:0.333333",
        "0:0.333333,1:0.333333,2:0.333333", "1:0.646447,0:0.353553", "0:0.333333,1:0.333333,2:0.333333",
        "0:0.666667,1:0.333333", "0:0.333333,1:0.333333,2:0.333333"}},
      {"--cover 3 --cb_type ips", "average loss = 0.387226",
       {"0:0.333333,1:0.333333,2:0.333333", "0:0.333333,1:0.333333,2:0.333333", "0:0.333333,1:0.333333,2:0.333333",
        "0:0.333333,1:0.333333,2:0.333333", "1:0.646447,0:0.353553", "2:0.483602,0:0.258199,1:0.258199",
        "0:0.711325,1:0.288675", "0:0.528595,1:0.235702,2:0.235702"}},
      {"--cover 3 --first_only --nounif", "average loss = 0.540645",
       {"0:1,1:0,2:0", "2:1,0:0,1:0", "2:1,0:0,1:0", "2:1,0:0,1:0", "1:0.646447,0:0.353553",
        "2:0.612702,0:0.387298,1:0", "0:0.666667,1:0.333333", "2:0.646447,0:0.353553,1:0"}},
      {"--cover 5 --psi 0.3 --epsilon 0.1", "average loss = 0.554762",
       {"0:0.333333,1:0.333333,2:0.333333", "2:0.933333,0:0.033333,1:0.033333", "1:0.783333,2:0.183333,0:0.033333",
        "2:0.933333,0:0.033333,1:0.033333", "0:0.95,1:0.05", "0:0.933333,1:0.033333,2:0.033333", "0:0.95,1:0.05",
        "1:0.783333,2:0.183333,0:0.033333"}},
  };
  for (const VwCase& c : cases) {
    const std::string pred = temp_path("cover.predict");
    const RunResult r = run_learner("--cb_explore_adf " + std::string(c.args) + " -d " + data + " -p " + pred);
    ASSERT_EQ(r.exit_code, 0) << c.args << r.err;
    EXPECT_TRUE(contains(r.err, c.loss)) << c.args << r.err;
    std::vector<std::string> expected(c.lines.begin(), c.lines.end());
    EXPECT_EQ(pmf_lines(slurp(pred)), expected) << c.args;
  }
}

// Cover's floor over random logs: every -p line sums to 1 and each
// probability is >= m, m = epsilon / K with --epsilon, else min(1 / K,
// 1 / sqrt(n K)) after n labelled groups (every group here is labelled).
TEST(CbExploreAlgorithmsCli, CoverPmfsSumToOneAboveTheFloor) {
  uint64_t state = 12345;
  auto next = [&state](uint32_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>((state >> 33) % n);
  };
  for (int run = 0; run < 6; ++run) {
    std::string log;
    std::vector<uint32_t> actions;
    for (int g = 0; g < 40; ++g) {
      const uint32_t k = 2 + next(4), logged = next(k);
      actions.push_back(k);
      log += "shared |u f" + std::to_string(next(5)) + "\n";
      for (uint32_t a = 0; a < k; ++a) {
        if (a == logged)
          log += "0:" + std::to_string(next(3) * 0.5) + ":" + std::to_string(0.1 + 0.1 * next(9)) + " ";
        log += "|i a" + std::to_string(next(6)) + " b" + std::to_string(next(6)) + "\n";
      }
      log += "\n";
    }
    const std::string data = temp_path("cover_random.ldf"), pred = temp_path("cover_random.predict");
    write_file(data, log);
    const bool decay = run % 2 == 0, nounif = run % 3 == 2;
    const double epsilon = 0.05 + 0.1 * run;
    std::string args = "--cb_explore_adf --cover " + std::to_string(1 + run) + " --psi " + std::to_string(0.5 * run);
    if (!decay) args += " --epsilon " + std::to_string(epsilon);
    if (nounif) args += " --nounif";
    if (run == 3) args += " --cb_type dr";
    if (run == 4) args += " --cb_type ips --first_only";
    ASSERT_EQ(run_learner(args + " -d " + data + " -p " + pred).exit_code, 0) << args;
    const std::vector<std::string> lines = pmf_lines(slurp(pred));
    ASSERT_EQ(lines.size(), actions.size()) << args;
    for (std::size_t n = 0; n < lines.size(); ++n) {
      const double k = actions[n];
      const double m = decay ? std::min(1.0 / k, n == 0 ? 1.0 : 1.0 / std::sqrt(n * k)) : epsilon / k;
      std::istringstream items(lines[n]);
      double sum = 0.0;
      int count = 0;
      for (std::string item; std::getline(items, item, ',');) {
        const double p = std::stod(item.substr(item.find(':') + 1));
        if (!(nounif && p == 0.0)) {
          EXPECT_GE(p, m - 2e-6) << args << ": " << lines[n];
        }
        sum += p;
        ++count;
      }
      EXPECT_EQ(count, actions[n]) << lines[n];
      EXPECT_NEAR(sum, 1.0, 1e-5) << args << ": " << lines[n];
    }
  }
}

// RegCB's cost ranges come from the learner's sensitivity (Learner::sensitivity):
// VW's -p byte for byte, the optimistic variant's ties included (VW gives each
// tied action 1, so its first line does not sum to 1; kept as VW prints it).
TEST(CbExploreAlgorithmsCli, RegCbMatchesVwPredictions) {
  const std::string data = algo_log();
  const VwCase cases[] = {
      {"--regcb", "average loss = 0.404762",
       {"0:0.333333,1:0.333333,2:0.333333", "2:0.333333,0:0.333333,1:0.333333", "2:0.333333,1:0.333333,0:0.333333",
        "2:0.333333,0:0.333333,1:0.333333", "0:0.5,1:0.5", "0:0.333333,2:0.333333,1:0.333333", "0:0.5,1:0.5",
        "2:0.333333,1:0.333333,0:0.333333"}},
      {"--regcb --regcbopt", "average loss = 0.523810",
       {"0:1,1:1,2:1", "2:1,0:0,1:0", "2:1,1:0,0:0", "2:1,0:0,1:0", "0:1,1:0", "0:1,2:0,1:0", "0:1,1:0",
        "2:1,1:0,0:0"}},
      {"--regcb --mellowness 0.001", "average loss = 0.333333",
       {"0:0.333333,1:0.333333,2:0.333333", "2:1,0:0,1:0", "2:1,1:0,0:0", "2:1,0:0,1:0", "0:1,1:0", "0:1,2:0,1:0",
        "0:1,1:0", "2:1,1:0,0:0"}},
      {"--regcb --regcbopt --mellowness 0.01 --first_only", "average loss = 0.523810",
       {"0:1,1:0,2:0", "2:1,0:0,1:0", "2:1,1:0,0:0", "2:1,0:0,1:0", "0:1,1:0", "0:1,2:0,1:0", "0:1,1:0",
        "2:1,1:0,0:0"}},
  };
  for (const VwCase& c : cases) {
    const std::string pred = temp_path("regcb.predict");
    const RunResult r = run_learner("--cb_explore_adf " + std::string(c.args) + " -d " + data + " -p " + pred);
    ASSERT_EQ(r.exit_code, 0) << c.args << r.err;
    EXPECT_TRUE(contains(r.err, c.loss)) << c.args << r.err;
    std::vector<std::string> expected(c.lines.begin(), c.lines.end());
    EXPECT_EQ(pmf_lines(slurp(pred)), expected) << c.args;
  }
}

// RegCB (elimination) over random logs: every -p line is uniform over the
// plausible actions: it sums to 1 and each probability is 0 or at least 1 / K.
TEST(CbExploreAlgorithmsCli, RegCbPmfsAreUniformOverThePlausibleActions) {
  uint64_t state = 777;
  auto next = [&state](uint32_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>((state >> 33) % n);
  };
  for (const char* args : {"--regcb", "--regcb --mellowness 0.001", "--regcb --mellowness 0.01 --cb_max_cost 2"}) {
    std::string log;
    for (int g = 0; g < 60; ++g) {
      const uint32_t k = 2 + next(4), logged = next(k);
      log += "shared |u f" + std::to_string(next(4)) + "\n";
      for (uint32_t a = 0; a < k; ++a) {
        if (a == logged) log += "0:" + std::to_string(next(3) * 0.5) + ":0.5 ";
        log += "|i a" + std::to_string(next(5)) + "\n";
      }
      log += "\n";
    }
    const std::string data = temp_path("regcb_random.ldf"), pred = temp_path("regcb_random.predict");
    write_file(data, log);
    ASSERT_EQ(run_learner("--cb_explore_adf " + std::string(args) + " -d " + data + " -p " + pred).exit_code, 0);
    const std::vector<std::string> lines = pmf_lines(slurp(pred));
    ASSERT_EQ(lines.size(), 60u) << args;
    int narrowed = 0;
    for (const std::string& line : lines) {
      std::vector<double> ps;
      std::istringstream items(line);
      for (std::string item; std::getline(items, item, ',');) ps.push_back(std::stod(item.substr(item.find(':') + 1)));
      double sum = 0.0, top = 0.0;
      for (double p : ps) {
        sum += p;
        top = std::max(top, p);
      }
      for (double p : ps) {
        EXPECT_TRUE(p == 0.0 || std::fabs(p - top) < 1e-6) << args << ": " << line;  // uniform on its support
        EXPECT_TRUE(p == 0.0 || p >= 1.0 / ps.size() - 1e-6) << args << ": " << line;
      }
      if (top > 1.0 / ps.size() + 1e-6) ++narrowed;
      EXPECT_NEAR(sum, 1.0, 1e-5) << args << ": " << line;
    }
    if (std::string(args).find("0.001") != std::string::npos) {
      EXPECT_GT(narrowed, 0) << args;  // with a small delta some groups rule actions out
    }
  }
}

// VW prints probabilities with at most 6 decimals (0.033333, not %g's
// 0.0333333), for every explorer: here epsilon-greedy, VW's -p lines.
TEST(CbExploreAlgorithmsCli, PmfPrintsAtMostSixDecimalsAsVw) {
  const std::string data = algo_log(), pred = temp_path("eps.predict");
  const RunResult r = run_learner("--cb_explore_adf --epsilon 0.1 -d " + data + " -p " + pred);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.err, "average loss = 0.340476")) << r.err;
  const std::vector<std::string> expected = {
      "0:0.333333,1:0.333333,2:0.333333", "2:0.933333,0:0.033333,1:0.033333", "2:0.933333,1:0.033333,0:0.033333",
      "2:0.933333,0:0.033333,1:0.033333", "0:0.95,1:0.05",  "0:0.933333,2:0.033333,1:0.033333",
      "0:0.95,1:0.05", "2:0.933333,1:0.033333,0:0.033333"};
  EXPECT_EQ(pmf_lines(slurp(pred)), expected);
}

// --squarecb learns without importance weights, except (VW's quirk) when the
// logged action is the group's last line: with p = 0.25 there the run differs
// from p = 1, as VW's does; both byte for byte VW's (--sgd: a learner on which
// --cb_adf's scores agree with VW's to every printed digit here).
TEST(CbExploreAlgorithmsCli, SquareCbMatchesVwIncludingTheLastLineProbability) {
  const std::string quarter =
      "shared |u a\n|i x\n0:1:0.25 |i y\n\nshared |u a\n|i x\n|i y\n\n"
      "shared |u b\n|i x\n0:1:0.25 |i y\n\nshared |u a\n|i x\n|i y\n\n";
  std::string one = quarter;
  for (std::size_t at; (at = one.find("0:1:0.25")) != std::string::npos;) one.replace(at, 8, "0:1:1");
  const VwCase cases[] = {
      {"0.25", "average loss = 1.008586", {"0:0.5,1:0.5", "0:0.995707,1:0.004293", "0:0.995707,1:0.004293",
                                           "0:0.996957,1:0.003043"}},
      {"1", "average loss = 0.255977", {"0:0.5,1:0.5", "0:0.988045,1:0.011955", "0:0.988045,1:0.011955",
                                        "0:0.991487,1:0.008513"}},
  };
  for (const VwCase& c : cases) {
    const std::string data = temp_path("squarecb.ldf"), pred = temp_path("squarecb.predict");
    write_file(data, std::string(c.args) == "1" ? one : quarter);
    const RunResult r = run_learner("--cb_explore_adf --squarecb --sgd -d " + data + " -p " + pred);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(contains(r.err, c.loss)) << c.args << r.err;
    std::vector<std::string> expected(c.lines.begin(), c.lines.end());
    EXPECT_EQ(pmf_lines(slurp(pred)), expected) << "p = " << c.args;
  }
}

// --squarecb --elim: VW's -p byte for byte, its negative first-group
// probability included (VW's survivor count; see cb_explore_squarecb.h).
TEST(CbExploreAlgorithmsCli, SquareCbElimMatchesVw) {
  const std::string data = algo_log(), pred = temp_path("elim.predict");
  const RunResult r = run_learner("--cb_explore_adf --squarecb --elim -d " + data + " -p " + pred);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.err, "average loss = -0.047619")) << r.err;
  const std::vector<std::string> expected = {"0:-1,1:1,2:1", "2:1,0:0,1:0", "2:1,1:0,0:0", "2:1,0:0,1:0",
                                             "0:1,1:0",      "0:1,2:0,1:0", "0:1,1:0",     "2:1,1:0,0:0"};
  EXPECT_EQ(pmf_lines(slurp(pred)), expected);
}

// With the default learner, --cb_adf's scores differ from VW's in the 5th
// digit (found, not this layer's), so SquareCB's pmf is compared with VW's
// within 1e-4, and its average loss to 6 digits.
TEST(CbExploreAlgorithmsCli, SquareCbDefaultsAreVwsWithinRounding) {
  const std::string data = algo_log(), pred = temp_path("sq.predict");
  const RunResult r = run_learner("--cb_explore_adf --squarecb -d " + data + " -p " + pred);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.err, "average loss = 0.374487")) << r.err;
  const std::vector<std::string> vw = {
      "0:0.333333,1:0.333333,2:0.333333", "2:0.493818,0:0.253091,1:0.253091", "2:0.573209,1:0.243417,0:0.183375",
      "2:0.615661,0:0.215172,1:0.169167", "0:0.823299,1:0.176701",          "0:0.635788,2:0.208589,1:0.155623",
      "0:0.701504,1:0.298496",            "2:0.591108,1:0.250651,0:0.158242"};
  const std::vector<std::string> got = pmf_lines(slurp(pred));
  ASSERT_EQ(got.size(), vw.size());
  for (std::size_t i = 0; i < vw.size(); ++i) {
    std::istringstream a(vw[i]), b(got[i]);
    for (std::string x, y; std::getline(a, x, ',') && std::getline(b, y, ',');) {
      EXPECT_EQ(x.substr(0, x.find(':')), y.substr(0, y.find(':'))) << got[i];
      EXPECT_NEAR(std::stod(x.substr(x.find(':') + 1)), std::stod(y.substr(y.find(':') + 1)), 1e-4) << got[i];
    }
  }
}

// -f then -t -i rebuilds each algorithm from the model's stored options: the
// predictions equal those with the flags given again, and a second -f writes
// the same bytes.
TEST(CbExploreAlgorithmsCli, ModelRoundTrip) {
  const std::string data = algo_log();
  const char* stacks[] = {"--cb_explore_adf --bag 3", "--cb_explore_adf --bag 2 --greedify --first_only --epsilon 0.2",
                          "--cb_explore_adf --bag 2 --cb_type dr",
                          "--cb_explore_adf --squarecb --gamma_scale 50 --gamma_exponent 0.3 --epsilon 0.1",
                          "--cb_explore_adf --cover 3", "--cb_explore_adf --cover 2 --cb_type dr --psi 0.5 --nounif",
                          "--cb_explore_adf --cover 4 --cb_type ips --epsilon 0.2 --first_only",
                          "--cb_explore_adf --regcb --mellowness 0.01",
                          "--cb_explore_adf --squarecb --elim --mellowness 0.01 --gamma_scale 30",
                          "--cb_explore_adf --regcb --regcbopt --cb_min_cost -1 --cb_max_cost 2"};
  for (const char* stack : stacks) {
    const std::string model = temp_path("algo.model"), p1 = temp_path("a1.pred"), p2 = temp_path("a2.pred");
    ASSERT_EQ(run_learner("-d " + data + " " + stack + " -f " + model).exit_code, 0) << stack;
    // --mellowness is not stored (see below): a model whose count is kept needs it given again.
    const std::string mellow = contains(stack, "--mellowness") ? " --mellowness 0.01" : "";
    const RunResult t1 = run_learner("-d " + data + " -t -i " + model + mellow + " -p " + p1);
    ASSERT_EQ(t1.exit_code, 0) << stack << t1.err;
    const RunResult t2 = run_learner("-d " + data + " -t -i " + model + " " + stack + " -p " + p2);
    ASSERT_EQ(t2.exit_code, 0) << stack << t2.err;
    EXPECT_EQ(slurp(p1), slurp(p2)) << stack;
    EXPECT_EQ(pmf_lines(slurp(p1)).size(), 8u) << stack;
    const std::string again = temp_path("algo_again.model");
    ASSERT_EQ(run_learner("-d " + data + " -t -i " + model + " -f " + again).exit_code, 0) << stack;
    EXPECT_EQ(slurp(model), slurp(again)) << stack;
  }
  // The algorithms' own values are in the model. (Not --mellowness: --active
  // declares it first, unstored; see the report.)
  const std::string stored = temp_path("stored.model"), text = temp_path("stored.txt");
  ASSERT_EQ(run_learner("-d " + data + " --cb_explore_adf --regcb --cb_max_cost 2 --regcbopt -f " + stored +
                        " --readable_model " + text)
                .exit_code,
            0);
  const ModelReader in(stored);
  for (const auto& [name, value] : std::initializer_list<std::pair<std::string, std::string>>{
           {"cb_max_cost", "2"}, {"regcb", "1"}, {"regcbopt", "1"}}) {
    ASSERT_NE(in.option(name), nullptr) << name;
    EXPECT_EQ(*in.option(name), value) << name;
  }
  // The readable model lists them as VW's header does.
  EXPECT_TRUE(contains(slurp(text), "options: --cb_adf --cb_explore_adf --cb_max_cost 2 --cb_type mtr --csoaa_ldf "
                                    "multiline --csoaa_rank --regcb --regcbopt\n"))
      << slurp(text);
  // Another algorithm's value with -i is refused.
  const std::string model = temp_path("bag.model");
  ASSERT_EQ(run_learner("-d " + data + " --cb_explore_adf --bag 3 -f " + model).exit_code, 0);
  EXPECT_NE(run_learner("-d " + data + " -t -i " + model + " --bag 4").exit_code, 0);
}

// The explorers whose floor or gamma reads a count of the groups learned
// from (--cover, --squarecb, --regcb) keep it in model files: a run resumed
// with -i explores as one run over both halves would (it restarted at 0).
TEST(CbExploreAlgorithmsCli, ResumedRunKeepsTheExplorersCount) {
  std::string groups[2];
  const std::string all = kAlgoLog;
  std::size_t at = 0;
  for (int g = 0; g < 4; ++g) at = all.find("\n\n", at) + 2;
  groups[0] = all.substr(0, at);
  groups[1] = all.substr(at);
  const std::string d_all = temp_path("resume_all.ldf"), d1 = temp_path("resume_1.ldf"), d2 = temp_path("resume_2.ldf");
  write_file(d_all, all);
  write_file(d1, groups[0]);
  write_file(d2, groups[1]);
  const char* stacks[] = {"--cb_explore_adf --cover 3", "--cb_explore_adf --cover 2 --cb_type dr --psi 0.5",
                          "--cb_explore_adf --squarecb --gamma_scale 50",
                          "--cb_explore_adf --squarecb --elim --mellowness 0.01 --gamma_scale 30",
                          "--cb_explore_adf --regcb --mellowness 0.01"};
  for (const char* stack : stacks) {
    const std::string model = temp_path("resume.model"), p_all = temp_path("resume_all.p"),
                      p2 = temp_path("resume_2.p");
    ASSERT_EQ(run_learner(std::string(stack) + " -d " + d_all + " -p " + p_all).exit_code, 0) << stack;
    ASSERT_EQ(run_learner(std::string(stack) + " -d " + d1 + " -f " + model).exit_code, 0) << stack;
    // The model holds the stack's settings (--mellowness too: it was left out while --active,
    // which declares it first, does not store it).
    const RunResult second = run_learner("-d " + d2 + " -i " + model + " -p " + p2);
    ASSERT_EQ(second.exit_code, 0) << stack << second.err;
    const std::vector<std::string> one = pmf_lines(slurp(p_all)), resumed = pmf_lines(slurp(p2));
    ASSERT_EQ(one.size(), 8u) << stack;
    EXPECT_EQ(std::vector<std::string>(one.begin() + 4, one.end()), resumed) << stack;
  }
}

TEST(CbExploreAlgorithmsCli, Refusals) {
  const std::string data = algo_log();
  const struct {
    const char* args;
    const char* why;
  } cases[] = {
      {"--cb_explore_adf --bag 3 --squarecb", "--bag and --squarecb are two explorers"},
      {"--cb_explore_adf --cover 3 --bag 2", "--bag and --cover are two explorers"},
      {"--cb_explore_adf --cover 3 --cb_type dm", "--cover works with --cb_type mtr, ips or dr"},
      {"--cb_explore_adf --psi 2", "--psi needs --cover"},
      {"--cb_explore_adf --regcbopt", "--regcbopt needs --regcb"},
      {"--cb_explore_adf --mellowness 0.1", "--mellowness needs --regcb"},
      {"--cb_explore_adf --regcb --cb_type dr", "--cb_type mtr only"},
      {"--cb_explore_adf --regcb --cb_min_cost 2", "--cb_min_cost must be below --cb_max_cost"},
      {"--cb_explore_adf --regcb --squarecb", "two explorers"},
      {"--cb_explore_adf --nounif", "--nounif needs --cover"},
      {"--cb_explore_adf --cover 2 --psi -1", "--psi"},
      {"--cb_explore_adf --bag 3 --softmax", "--bag and --softmax are two explorers"},
      {"--cb_explore_adf --squarecb --first 2", "--squarecb and --first are two explorers"},
      {"--cb_explore_adf --gamma_scale 3", "--gamma_scale needs --squarecb"},
      {"--cb_explore_adf --greedify", "--greedify needs --bag"},
      {"--cb_explore_adf --squarecb --cb_type ips", "--cb_type mtr only"},
      {"--cb_explore_adf --elim", "--elim needs --squarecb"},
      {"--cb_explore_adf --squarecb --elim --cb_max_cost -1", "--cb_min_cost must be below --cb_max_cost"},
      {"--cb_explore_adf --bag 0", "--bag"},
      {"--cb_explore_adf --squarecb --gamma_scale -1", "--gamma_scale"},
      {"--bag 3", "--bag needs --cb_explore, --cbify, --cb_explore_adf"},
  };
  for (const auto& c : cases) {
    const RunResult r = run_learner("-d " + data + " " + c.args);
    EXPECT_NE(r.exit_code, 0) << c.args;
    EXPECT_TRUE(contains(r.err, c.why)) << c.args << "\n" << r.err;
  }
}

// --bag's generator is in the model: a run resumed with -i draws where the
// last one stopped, so two runs over the log equal one run over it twice (the
// same weights), and the readable model ends its options as VW's does.
TEST(CbExploreAlgorithmsCli, BagResumedRunDrawsOnAsOneRun) {
  const std::string half = algo_log(), whole = temp_path("cb_algo_twice.ldf");
  write_file(whole, std::string(kAlgoLog) + "\n" + kAlgoLog);
  const std::string one = temp_path("bag_one.model"), first = temp_path("bag_first.model"),
                    second = temp_path("bag_second.model");
  const std::string text_one = temp_path("bag_one.txt"), text_two = temp_path("bag_two.txt");
  const std::string stack = " --cb_explore_adf --bag 3 --random_seed 7";
  ASSERT_EQ(run_learner("-d " + whole + stack + " -f " + one + " --readable_model " + text_one).exit_code, 0);
  ASSERT_EQ(run_learner("-d " + half + stack + " -f " + first).exit_code, 0);
  const RunResult resumed = run_learner("-d " + half + " -i " + first + " -f " + second + " --readable_model " + text_two);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  const std::string a = slurp(text_one), b = slurp(text_two);
  const auto weights = [](const std::string& t) { return t.substr(t.find("\nl2_state ")); };  // not the run counters
  EXPECT_EQ(weights(a), weights(b));
  EXPECT_TRUE(contains(a, " --random_seed ")) << a.substr(0, 400);
}

}  // namespace
}  // namespace learner::test
