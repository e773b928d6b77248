// VW 9.11's default routing of --cb K, --cb_explore K and --cbify K through
// the ADF path (reduction/cb_to_adf.h): outputs equal VW 9.11's on small
// logs (VW's outputs pasted below), --cb_force_legacy keeps the legacy
// reductions, model round trips, and the reduction state model files keep
// (reduction_state.h): a run resumed with -i continues mtr's counts and
// --first's counter, so it predicts as one run over both halves.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "run_helper.h"

namespace learner::test {
namespace {

const char* const kRouteMultiCost =
    "1:1:1.0 2:2 3:3 4:4 | a b c\n1:1 2:2:1.0 3:3 4:4 | a b c\n1:1 2:2 3:3:1.0 4:4 | a b c\n"
    "1:1 2:2 3:3 4:4:1.0 | a b c\n1:1 2:2:0.7 3:3 4:4 | d e f\n";

// Lines with a restricted action set and an unlabeled line.
const char* const kRouteLog =
    "1:1:0.5 |a x y\n2:0:0.25 |a x z\n3:1:0.5 1 2 |a y z\n|a x\n2:0:0.5 |a y\n1:0:0.333 |a z\n"
    "3:0:0.25 |a x y z\n2:1:0.5 |a x\n";

const char* const kRouteMulticlass =
    "1 |a x y\n2 |a x z\n3 |a y z\n2 |a x\n1 |a y w\n3 |a z\n2 |a x y z\n1 |a x\n3 |a w\n2 |a y\n";

std::string route_file(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  write_file(path, text);
  return path;
}

bool route_has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// VW 9.11 `--cb 4` on its cb_multi_cost.dat (suite case 338): cb_adf with mtr
// over 4 copies; -p the 0-based action and a blank line; 16 features a row.
TEST(CbRoute, CbMatchesVwCase338) {
  const std::string data = route_file("cb_multi_cost.dat", kRouteMultiCost), pred = temp_path("route.predict");
  const RunResult r = run_learner("-d " + data + " --cb 4 -p " + pred);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(route_has(r.err, "average loss = 2.000000")) << r.err;
  EXPECT_TRUE(route_has(r.err, "1.000000 1.000000            1            1.0          0:1:1            0:0       16"))
      << r.err;
  EXPECT_TRUE(route_has(r.err, "total feature number = 80")) << r.err;
  EXPECT_EQ(slurp(pred), "0\n\n1\n\n2\n\n3\n\n0\n\n");
  // --cb_force_legacy: VW's cb_algs (case 337's outputs).
  const RunResult legacy = run_learner("-d " + data + " --cb 4 --cb_force_legacy -p " + pred);
  ASSERT_EQ(legacy.exit_code, 0) << legacy.err;
  EXPECT_TRUE(route_has(legacy.err, "average loss = 2.0316")) << legacy.err;
  EXPECT_EQ(slurp(pred), "1\n2\n3\n4\n1\n");
}

// VW 9.11 on kRouteLog: mtr 0.285714, dr 0.268628 (learner's exact adaptive
// update: 0.268629); the restricted line 3 and the unlabeled line 4 as VW.
TEST(CbRoute, CbMtrAndDrMatchVw) {
  const std::string data = route_file("log.vw", kRouteLog), pred = temp_path("route.predict");
  const std::string raw = temp_path("route.raw");
  const RunResult mtr = run_learner("-d " + data + " --cb 3 -p " + pred + " -r " + raw);
  ASSERT_EQ(mtr.exit_code, 0) << mtr.err;
  EXPECT_EQ(slurp(raw), "");  // VW's -r for the routed --cb: nothing
  EXPECT_TRUE(route_has(mtr.err, "average loss = 0.285714")) << mtr.err;
  EXPECT_TRUE(route_has(mtr.err, "0.666667 0.000000            4            4.0        unknown            1:0        6"))
      << mtr.err;
  EXPECT_TRUE(route_has(mtr.err, "0.285714 0.000000            8            8.0        1:1:0.5        2:-0.07        6"))
      << mtr.err;
  EXPECT_EQ(slurp(pred), "0\n\n1\n\n1\n\n1\n\n1\n\n1\n\n1\n\n2\n\n");
  const RunResult dr = run_learner("-d " + data + " --cb 3 --cb_type dr");
  ASSERT_EQ(dr.exit_code, 0) << dr.err;
  EXPECT_TRUE(route_has(dr.err, "average loss = 0.26862")) << dr.err;
}

// VW 9.11 `--cb_explore 3`: cb_explore_adf's pmf in score order, VW's
// number text (at most 6 decimals: 0.066667).
TEST(CbRoute, CbExploreMatchesVw) {
  const std::string data = route_file("log.vw", kRouteLog), pred = temp_path("route.predict");
  const RunResult eps = run_learner("-d " + data + " --cb_explore 3 --epsilon 0.2 -p " + pred);
  ASSERT_EQ(eps.exit_code, 0) << eps.err;
  EXPECT_TRUE(route_has(eps.err, "average loss = 0.247619")) << eps.err;
  EXPECT_TRUE(route_has(eps.err, "0.533333 0.933333            4            4.0        unknown         1:0.87        6"))
      << eps.err;
  EXPECT_EQ(slurp(pred),
            "0:0.333333,1:0.333333,2:0.333333\n\n1:0.466667,2:0.466667,0:0.066667\n\n"
            "1:0.466667,2:0.466667,0:0.066667\n\n1:0.866667,2:0.066667,0:0.066667\n\n"
            "1:0.866667,0:0.066667,2:0.066667\n\n1:0.866667,0:0.066667,2:0.066667\n\n"
            "1:0.866667,0:0.066667,2:0.066667\n\n2:0.866667,1:0.066667,0:0.066667\n\n");
  const RunResult first = run_learner("-d " + data + " --cb_explore 3 --first 2 -p " + pred);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_TRUE(route_has(first.err, "average loss = 0.095238")) << first.err;
  EXPECT_EQ(slurp(pred),
            "0:0.333333,1:0.333333,2:0.333333\n\n1:0.333333,2:0.333333,0:0.333333\n\n1:1,2:0,0:0\n\n1:1,2:0,0:0\n\n"
            "1:1,0:0,2:0\n\n1:1,0:0,2:0\n\n1:1,0:0,2:0\n\n2:1,1:0,0:0\n\n");
}

// VW 9.11 `--cbify 3 --epsilon 0.2`: cbify's ADF branch, its draws.
TEST(CbRoute, CbifyMatchesVw) {
  const std::string data = route_file("mc.vw", kRouteMulticlass), pred = temp_path("route.predict");
  const std::string raw = temp_path("route.raw");
  const RunResult r = run_learner("-d " + data + " --cbify 3 --epsilon 0.2 -p " + pred + " -r " + raw);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(raw), "");  // VW writes no -r lines for --cbify (its suite's cbify_squared.raw is empty)
  EXPECT_TRUE(route_has(r.err, "average loss = 1.000000")) << r.err;
  EXPECT_TRUE(route_has(r.err, "1.000000 1.000000            4            4.0              2              1        2"))
      << r.err;
  EXPECT_TRUE(route_has(r.err, "total feature number = 26")) << r.err;
  EXPECT_EQ(slurp(pred), "2\n3\n1\n1\n3\n2\n1\n3\n2\n3\n");
}

// Every -p line of the routed --cb_explore K is a pmf over the K actions:
// it sums to 1 and no entry is below epsilon / K, over several passes.
TEST(CbRoute, ExplorePmfsAboveTheFloor) {
  const std::string data = route_file("log.vw", kRouteLog), pred = temp_path("route_pmf.predict");
  for (const char* eps : {"0.3", "0.05", "1"}) {
    ASSERT_EQ(run_learner("--cb_explore 3 --epsilon " + std::string(eps) + " --passes 3 --holdout_off -k -c -d " +
                          data + " -p " + pred)
                  .exit_code,
              0);
    const double floor = std::stod(eps) / 3;
    std::istringstream lines(slurp(pred));
    int rows = 0;
    for (std::string line; std::getline(lines, line);) {
      if (line.empty()) continue;
      ++rows;
      std::istringstream items(line);
      double sum = 0.0;
      int k = 0;
      bool seen[3] = {false, false, false};
      for (std::string item; std::getline(items, item, ',');) {
        const int action = std::stoi(item.substr(0, item.find(':')));
        ASSERT_TRUE(action >= 0 && action < 3) << line;
        EXPECT_FALSE(seen[action]) << line;
        seen[action] = true;
        const double p = std::stod(item.substr(item.find(':') + 1));
        EXPECT_GE(p, floor - 1e-6) << line;
        sum += p;
        ++k;
      }
      EXPECT_EQ(k, 3) << line;
      EXPECT_NEAR(sum, 1.0, 1e-5) << line;
    }
    EXPECT_EQ(rows, 24) << eps;
  }
}

// --cb_explore_adf's -p numbers as VW 9.11 prints them (at most 6
// decimals): 0.066667, where %g gave 0.0666667.
TEST(CbRoute, AdfPmfTextIsVws) {
  const std::string data = route_file("t3.ldf",
                                      "shared | s_1 s_2\n0:1.0:0.5 | a_1 b_1 c_1\n | a_2 b_2 c_2\n | a_3 b_3 c_3\n\n"
                                      " | b_1 c_1 d_1\n0:0.0:0.5 | b_2 c_2 d_2\n | a_1\n\n");
  const std::string pred = temp_path("adf_pmf.predict");
  ASSERT_EQ(run_learner("--cb_explore_adf --epsilon 0.2 -d " + data + " -p " + pred).exit_code, 0);
  EXPECT_EQ(slurp(pred), "0:0.333333,1:0.333333,2:0.333333\n\n1:0.866667,2:0.066667,0:0.066667\n\n");
}

// -f then -t -i rebuilds the routed path (--cb_force_legacy is a stored
// option: absent, the model is an ADF one), a second -f writes the same
// bytes, and --cb_force_legacy against a routed model is refused.
TEST(CbRoute, ModelRoundTrip) {
  const std::string log = route_file("log.vw", kRouteLog), mc = route_file("mc.vw", kRouteMulticlass);
  const struct {
    const std::string& data;
    const char* stack;
  } cases[] = {{log, "--cb 3"},
               {log, "--cb 3 --cb_type dr"},
               {log, "--cb_explore 3 --first 2"},
               {log, "--cb_explore 3 --epsilon 0.3 --cb_type ips"},
               {mc, "--cbify 3 --epsilon 0.1"}};
  for (const auto& c : cases) {
    const std::string model = temp_path("route.model"), p1 = temp_path("p1.pred"), p2 = temp_path("p2.pred");
    ASSERT_EQ(run_learner("-d " + c.data + " " + c.stack + " -f " + model).exit_code, 0) << c.stack;
    const RunResult t1 = run_learner("-d " + c.data + " -t -i " + model + " -p " + p1);
    ASSERT_EQ(t1.exit_code, 0) << c.stack << t1.err;
    const RunResult t2 = run_learner("-d " + c.data + " -t -i " + model + " " + c.stack + " -p " + p2);
    ASSERT_EQ(t2.exit_code, 0) << c.stack << t2.err;
    EXPECT_EQ(slurp(p1), slurp(p2)) << c.stack;
    EXPECT_FALSE(slurp(p1).empty()) << c.stack;
    const std::string again = temp_path("again.model");
    ASSERT_EQ(run_learner("-d " + c.data + " -t -i " + model + " -f " + again).exit_code, 0) << c.stack;
    EXPECT_EQ(slurp(model), slurp(again)) << c.stack;
    const RunResult legacy = run_learner("-d " + c.data + " -t -i " + model + " --cb_force_legacy");
    EXPECT_NE(legacy.exit_code, 0) << c.stack;
  }
}

// The ADF layers' state in model files: training on the first half with -f
// and resuming on the second with -i predicts as one run over both halves
// (--rank_all's scores: mtr's importance uses the counts of groups and
// action lines learned from; --first counts the groups explored). Groups of
// 2 and 3 actions, so that the count ratio depends on the history.
TEST(CbRoute, ResumedRunContinuesAdfState) {
  const std::string h1 = "shared |s a\n0:1:0.5 |x a\n|x b\n\n|x c\n0:0:0.25 |x d\n|x e\n\n1:1:0.5 |x a\n|x f\n\n";
  const std::string h2 = "|x b\n0:0:0.5 |x c\n|x d\n\n0:1:0.5 |x a\n|x e\n\n|x a\n1:0:0.3 |x b\n|x c\n\n";
  const std::string first = route_file("h1.ldf", h1), second = route_file("h2.ldf", h2),
                    both = route_file("both.ldf", h1 + h2);
  for (const char* stack : {"--cb_adf --rank_all", "--cb_explore_adf --first 2", "--cb_adf --cb_type dr --rank_all"}) {
    const std::string all = temp_path("all.pred"), model = temp_path("half.model"), resumed = temp_path("h2.pred");
    ASSERT_EQ(run_learner("-d " + both + " " + stack + " -p " + all).exit_code, 0) << stack;
    ASSERT_EQ(run_learner("-d " + first + " " + stack + " -f " + model).exit_code, 0) << stack;
    const RunResult r = run_learner("-d " + second + " -i " + model + " -p " + resumed);
    ASSERT_EQ(r.exit_code, 0) << stack << r.err;
    const std::string whole = slurp(all);
    std::size_t at = 0;  // the second half's predictions: after the first 3 groups'
    for (int g = 0; g < 3; ++g) at = whole.find("\n\n", at) + 2;
    EXPECT_EQ(whole.substr(at), slurp(resumed)) << stack;
  }
  // --cb_explore K keeps --first's counter through its --cb_explore_adf.
  const std::string l1 = "1:1:0.5 |a x y\n2:0:0.25 |a x z\n3:1:0.5 1 2 |a y z\n";
  const std::string l2 = "2:0:0.5 |a y\n1:0:0.333 |a z\n2:1:0.5 |a x\n";
  const std::string log1 = route_file("l1.vw", l1), log2 = route_file("l2.vw", l2), log12 = route_file("l12.vw", l1 + l2);
  const std::string model = temp_path("cb.model"), all = temp_path("all.pred"), resumed = temp_path("l2.pred");
  ASSERT_EQ(run_learner("-d " + log12 + " --cb_explore 3 --first 4 -p " + all).exit_code, 0);
  ASSERT_EQ(run_learner("-d " + log1 + " --cb_explore 3 --first 4 -f " + model).exit_code, 0);
  const RunResult r = run_learner("-d " + log2 + " -i " + model + " -p " + resumed);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string whole = slurp(all);
  std::size_t at = 0;
  for (int g = 0; g < 3; ++g) at = whole.find("\n\n", at) + 2;
  EXPECT_EQ(whole.substr(at), slurp(resumed));
}

// The legacy --cb learns nothing from a test label (no cost with p > 0), as
// VW: after the unlabeled line c5, --cb_type ips predicts as VW 9.11
// --cb_force_legacy (learner used to train towards cost 0 there: c6 and c9 differed).
TEST(CbRoute, LegacyIpsSkipsTestLabels) {
  const std::string data =
      route_file("cb10.vw",
                 "3:0:0.333 'c0 |w t9 t1 t9 |n z:0.331\n3:1:0.25 'c1 |w t5 t7 t8 |n z:0.578\n"
                 "1:1:0.333 'c2 |w t4 t6 t6 |n z:-0.112\n2:0:0.5 1 3 'c3 |w t8 t4 t5 |n z:0.296\n"
                 "3:1:0.25 'c4 |w t9 t0 t8 |n z:0.239\n'c5 |w t0 t8 t5 |n z:-0.863\n"
                 "3:1:0.333 'c6 |w t9 t3 t0 |n z:-0.352\n2:0:0.333 'c7 |w t0 t0 t3 |n z:0.472\n"
                 "3:1:0.333 'c8 |w t4 t9 t0 |n z:-0.434\n2:1:0.25 'c9 |w t3 t4 t9 |n z:0.269\n");
  const std::string pred = temp_path("ips.predict");
  const RunResult r = run_learner("-d " + data + " --cb 3 --cb_type ips --cb_force_legacy -p " + pred);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(pred), "1 c0\n1 c1\n1 c2\n1 c3\n1 c4\n2 c5\n2 c6\n1 c7\n2 c8\n1 c9\n");
}

// --cbify_cs: cost-sensitive labels (cbify_feedback.h); VW 9.11's -p and
// rows on a small log with an unlabeled line, routed, over an explicit
// --cb_explore_adf, and legacy.
TEST(CbRoute, CbifyCostSensitiveMatchesVw) {
  const std::string data = route_file("cs6.vw",
                                      "1:1.0 2:0.0 3:2.0 | a b c\n1:1.0 2:0.0 3:1.0 | b c d\n1:1.0 2:0.0 3:2.0 | a b c\n"
                                      "1:0 2:1 3:1 | a d\n|a b\n1:0.5 2:0.5 3:0 | c d e\n");
  const std::string pred = temp_path("cbify_cs.predict");
  const struct {
    const char* args;
    const char* loss;
    const char* row;
    const char* actions;
  } cases[] = {
      {"--cbify 3 --cbify_cs --epsilon 0.2", "average loss = 0.700000",
       "0.750000 1.000000            4            4.0          known              2        3", "2\n3\n1\n2\n2\n2\n"},
      {"--cbify 3 --cbify_cs --cb_explore_adf --first 2", "average loss = 0.700000",
       "0.500000 1.000000            2            2.0          known              3        4", "2\n3\n1\n2\n1\n1\n"},
      {"--cb_force_legacy --cbify 3 --cbify_cs --epsilon 0.2", "average loss = 0.400000",
       "0.500000 0.500000            4            4.0          known              2        3", "1\n2\n2\n2\n1\n3\n"},
  };
  for (const auto& c : cases) {
    const RunResult r = run_learner("-d " + data + " " + c.args + " -p " + pred);
    ASSERT_EQ(r.exit_code, 0) << c.args << r.err;
    EXPECT_TRUE(route_has(r.err, c.loss)) << c.args << r.err;
    EXPECT_TRUE(route_has(r.err, c.row)) << c.args << r.err;
    EXPECT_EQ(slurp(pred), c.actions) << c.args;
  }
  // A class outside 1..K is refused at file:line.
  const RunResult bad = run_learner("-d " + route_file("bad_cs.vw", "1:0 4:1 | a\n") + " --cbify 3 --cbify_cs");
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_TRUE(route_has(bad.err, "bad_cs.vw:1")) << bad.err;
}

// `--cbify K --cb_explore_adf` is cbify over the named --cb_explore_adf (its
// options, --softmax here, apply and models keep them); VW 9.11's actions.
TEST(CbRoute, CbifyOverExplicitCbExploreAdf) {
  const std::string data = route_file("mc.vw", kRouteMulticlass), pred = temp_path("cbify_adf.predict"),
                    model = temp_path("cbify_adf.model"), again = temp_path("cbify_adf_t.predict");
  const RunResult r =
      run_learner("-d " + data + " --cbify 3 --cb_explore_adf --softmax --lambda 3 -p " + pred + " -f " + model);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(route_has(r.err, "average loss = 0.800000")) << r.err;
  EXPECT_EQ(slurp(pred), "2\n3\n1\n3\n1\n2\n3\n1\n2\n1\n");
  const RunResult t = run_learner("-d " + data + " -t -i " + model + " -p " + again);
  ASSERT_EQ(t.exit_code, 0) << t.err;
  const RunResult t2 =
      run_learner("-d " + data + " -t -i " + model + " --cbify 3 --cb_explore_adf --softmax --lambda 3 -p " + pred);
  ASSERT_EQ(t2.exit_code, 0) << t2.err;
  EXPECT_EQ(slurp(again), slurp(pred));
  const RunResult other = run_learner("-d " + data + " -t -i " + model + " --lambda 2");
  EXPECT_NE(other.exit_code, 0) << other.err;  // --lambda is stored with cbify's model
  // Two reductions that do not build on each other are still refused.
  const RunResult two = run_learner("-d " + data + " --cbify 3 --cb_adf");
  EXPECT_NE(two.exit_code, 0);
  EXPECT_TRUE(route_has(two.err, "cannot be combined")) << two.err;
}

// --cb_type sm (VW's supervised method) on VW's cb_adf_sm.data (suite case
// 186): the -p scores of VW 9.11 within 2e-4 (learner's exact adaptive
// update against VW's approximate one), and VW's ips average loss.
TEST(CbRoute, CbAdfSupervisedMethodMatchesVwCase186) {
  const std::string data = route_file(
      "cb_adf_sm.data",
      "shared | s_1\n0:1.5:0.25 | a:0.5 b:1\n| a:-1 b:-0.5\n| a:-2 b:-1\n\n"
      "shared | s_1\n0:1.5:0.25 | a:0.5 b:1\n| a:-1 b:-0.5\n| a:-2 b:-1\n\n"
      "shared | s_1\n0:-1.5:0.5 | a:0.5 b:1\n| a:-1 b:-0.5\n| a:2 b:-1\n\n"
      "shared | s_1\n0:-2:0.5 | a:3 b:-1\n| a:0.5 b:1\n| a:-1 b:-0.5\n| a:2 b:-1\n\n");
  const std::string pred = temp_path("sm.predict");
  const RunResult r = run_learner("--cb_adf --rank_all --cb_type sm -d " + data + " -p " + pred);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(route_has(r.err, "average loss = 1.500000")) << r.err;
  const std::vector<std::vector<std::pair<int, double>>> vw = {
      {{0, 0}, {1, 0}, {2, 0}},
      {{2, -0.532113}, {1, -0.215037}, {0, 0.452151}},
      {{1, -0.187285}, {0, -0.077514}, {2, 0.022611}},
      {{2, -0.165079}, {1, 0.072492}, {3, 0.155467}, {0, 0.269677}}};
  std::istringstream lines(slurp(pred));
  std::size_t row = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    ASSERT_LT(row, vw.size()) << line;
    std::istringstream items(line);
    std::size_t i = 0;
    for (std::string item; std::getline(items, item, ','); ++i) {
      ASSERT_LT(i, vw[row].size()) << line;
      EXPECT_EQ(std::stoi(item.substr(0, item.find(':'))), vw[row][i].first) << line;
      EXPECT_NEAR(std::stod(item.substr(item.find(':') + 1)), vw[row][i].second, 2e-4) << line;
    }
    EXPECT_EQ(i, vw[row].size()) << line;
    ++row;
  }
  EXPECT_EQ(row, vw.size());
}

// The action copies carry the raw features too: --dotproduct's latent
// terms change the routed --cb's predictions (they were silently dropped).
TEST(CbRoute, CopiesCarryRawFeaturesForDotproduct) {
  const std::string data = std::string(LEARNER_SOURCE_DIR) + "/tests/golden/data/cb.vw";
  const RunResult a = run_learner("-d " + data + " -b 12 --cb 3");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const RunResult b = run_learner("-d " + data + " -b 12 --cb 3 --dotproduct wn");
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const auto loss = [](const std::string& err) { return err.substr(err.find("average loss"), 30); };
  EXPECT_NE(loss(a.err), loss(b.err)) << a.err << b.err;
}

// --cbify K and --cb_explore K take --cb_explore_adf's explorers, as VW 9.11
// routes them (vw --cbify 3 --bag 3 -d mc.vw ...: VW's average losses), and
// --mellowness reaches --regcb under --cbify K --cb_explore_adf. The legacy
// stacks refuse them.
TEST(CbRoute, ExplorersThroughTheAdfPath) {
  const std::string dir = std::string(LEARNER_SOURCE_DIR) + "/tests/golden/data/";
  const struct {
    const char* args;
    const char* data;
    const char* loss;
  } cases[] = {
      {"--cbify 3 --bag 3", "mc.vw", "average loss = 0.320833"},
      {"--cbify 3 --cover 3", "mc.vw", "average loss = 0.366667"},
      {"--cbify 3 --squarecb", "mc.vw", "average loss = 0.320833"},
      {"--cbify 3 --regcb", "mc.vw", "average loss = 0.466667"},
      {"--cb_explore 3 --bag 3", "cb.vw", "average loss = 0.662607"},
      {"--cb_explore 3 --cover 3", "cb.vw", "average loss = 0.649554"},
      {"--cb_explore 3 --regcb", "cb.vw", "average loss = 0.695049"},
  };
  for (const auto& c : cases) {
    const RunResult r = run_learner(std::string(c.args) + " -d " + dir + c.data);
    ASSERT_EQ(r.exit_code, 0) << c.args << r.err;
    EXPECT_NE(r.err.find(c.loss), std::string::npos) << c.args << r.err;
  }
  const RunResult mellow = run_learner("--cbify 3 --cb_explore_adf --regcb --mellowness 0.01 -d " + dir + "mc.vw");
  EXPECT_EQ(mellow.exit_code, 0) << mellow.err;
  const RunResult legacy = run_learner("--cbify 3 --squarecb --cb_force_legacy -d " + dir + "mc.vw");
  EXPECT_NE(legacy.exit_code, 0);
  EXPECT_NE(legacy.err.find("--cb_force_legacy's --cb_explore / --cbify has no --softmax, --squarecb or --regcb"),
            std::string::npos)
      << legacy.err;
}

}  // namespace
}  // namespace learner::test
