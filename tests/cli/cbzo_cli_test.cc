// End-to-end runs of --cbzo (VW 9.11's continuous-action contextual bandit
// with zeroth-order optimisation): -p and the average loss as VW 9.11.2
// prints them on tests/golden/data/ca.vw, model round trips, refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "run_helper.h"

namespace learner::test {
namespace {

std::string ca_data() { return std::string(LEARNER_SOURCE_DIR) + "/tests/golden/data/ca.vw"; }

std::vector<std::string> cbzo_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// A text model's weight lines (after the header's ":0" line).
std::string weights_of(const std::string& text) {
  const std::size_t at = text.find("\nChecksum: ");  // the weights follow VW's header (cbzo writes no ":0")
  return at == std::string::npos ? std::string() : text.substr(text.find('\n', at + 1) + 1);
}

// The numbers of a -p line "l1-r1:v1,l2-r2:v2 [tag]" (the tag dropped).
std::vector<double> pdf_numbers(const std::string& line) {
  std::vector<double> out;
  const char* p = line.c_str();
  while (*p && *p != ' ') {
    char* end = nullptr;
    out.push_back(std::strtod(p, &end));
    if (end == p) break;
    p = end;
    if (*p == '-' || *p == ':' || *p == ',') ++p;
  }
  return out;
}

// vw -d ca.vw --cbzo --policy constant -l 0.01 -p P (VW 9.11.2): every byte
// of its -p (lines 1, 2, 8 and 200 pasted), since labels are read as VW reads
// them (the updates divide by action - centroid: one ulp changes the run).
TEST(CbzoCli, ConstantPolicyMatchesVwByteForByte) {
  const std::string pred = temp_path("cbzo_constant.pred");
  const RunResult r = run_learner("-d " + ca_data() + " --cbzo --policy constant -l 0.01 -p " + pred);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("average loss = 0.369989"), std::string::npos) << r.err;
  const std::vector<std::string> p = cbzo_lines(slurp(pred));
  ASSERT_EQ(p.size(), 200u);
  EXPECT_EQ(p[0], "-0.100000009--0.099999994:33554432,0.099999994-0.100000009:33554432 q0");
  EXPECT_EQ(p[1], "-0.097013608--0.097013593:33554432,0.102986395-0.10298641:33554432");
  EXPECT_EQ(p[7], "-0.119944684--0.119944669:33554432,0.080055319-0.080055334:33554432 q7");
  EXPECT_EQ(p[199], "-0.099373773--0.099373758:33554432,0.10062623-0.100626245:33554432");
}

// vw -d ca.vw --cbzo -l 0.05 --l1 0.001 --l2 0.01 --no_bias_regularization
// --radius 0.05 (linear policy): VW's -p lines 2, 8, 200 and --readable_model
// weights; learner reads feature values correctly rounded (VW's parse_float
// may be an ulp off), so the figures agree to about 1e-6, not bit for bit.
TEST(CbzoCli, LinearPolicyWithRegularisationMatchesVw) {
  const std::string pred = temp_path("cbzo_linear.pred"), text = temp_path("cbzo_linear.txt");
  const RunResult r = run_learner("-d " + ca_data() + " --cbzo -l 0.05 --l1 0.001 --l2 0.01 --no_bias_regularization "
                                  "--radius 0.05 -p " + pred + " --readable_model " + text);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("average loss = 0.369989"), std::string::npos) << r.err;
  const std::vector<std::string> p = cbzo_lines(slurp(pred));
  ASSERT_EQ(p.size(), 200u);
  const struct {
    std::size_t line;
    const char* vw;
  } expected[] = {
      {1, "-0.015433115--0.015433113:268435456,0.084566884-0.084566899:33554432"},
      {7, "-2.850634575--2.850634098:1048576,-2.75063467--2.750634193:1048576 q7"},
      {199, "-4.432206631--4.432205677:524288,-4.332206249--4.332205296:524288"},
  };
  for (const auto& e : expected) {
    const std::vector<double> mine = pdf_numbers(p[e.line]), vw = pdf_numbers(e.vw);
    ASSERT_EQ(mine.size(), 6u) << p[e.line];
    for (std::size_t i = 0; i < 6; ++i) EXPECT_NEAR(mine[i], vw[i], 1e-5 * std::max(1.0, std::fabs(vw[i]))) << e.line;
  }
  const std::string model = slurp(text);
  for (const char* weight : {"\n116060:-2.3257", "\n37170:-0.30157", "\n160341:0.33393", "\n253949:-0.2571"})
    EXPECT_NE(model.find(weight), std::string::npos) << weight << "\n" << model;
}

// -f then -i -t: the model's policy, radius and weights predict as the run
// that wrote it ended (VW's suite, tests 276 and 281), and -i keeps training.
TEST(CbzoCli, ModelRoundTrip) {
  for (const std::string policy : {"constant", "linear"}) {
    const std::string model = temp_path("cbzo_" + policy + ".model");
    const std::string text1 = temp_path("cbzo_rt1.txt"), text2 = temp_path("cbzo_rt2.txt");
    const std::string pred1 = temp_path("cbzo_rt1.pred"), pred2 = temp_path("cbzo_rt2.pred");
    ASSERT_EQ(run_learner("-d " + ca_data() + " --cbzo --policy " + policy + " -l 0.01 --radius 0.2 --quiet -f " +
                          model + " --readable_model " + text1).exit_code, 0);
    RunResult r = run_learner("-d " + ca_data() + " -t -i " + model + " --quiet -p " + pred1 + " --readable_model " + text2);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // The same weights (the header's Min label may widen: -t predictions widen the range, as VW's).
    EXPECT_EQ(weights_of(slurp(text1)), weights_of(slurp(text2))) << policy;
    EXPECT_FALSE(weights_of(slurp(text1)).empty());
    // Without learning, every line gets the same centroid (constant) or one from the same weights.
    r = run_learner("-d " + ca_data() + " -t -i " + model + " --quiet -p " + pred2);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(slurp(pred1), slurp(pred2));
    const std::vector<std::string> p = cbzo_lines(slurp(pred1));
    ASSERT_EQ(p.size(), 200u);
    const std::vector<double> first = pdf_numbers(p[0]);
    ASSERT_EQ(first.size(), 6u);
    EXPECT_NEAR(first[3] - first[0], 0.4, 1e-5) << p[0];  // the stored --radius 0.2: points c -+ 0.2
    if (policy == "constant") {
      for (const std::string& line : p) EXPECT_EQ(line.substr(0, line.find(' ')), p[0].substr(0, p[0].find(' ')));
    }
    // Continuing from the model learns: the weights move.
    const std::string text3 = temp_path("cbzo_rt3.txt");
    ASSERT_EQ(run_learner("-d " + ca_data() + " -i " + model + " --quiet --readable_model " + text3).exit_code, 0);
    EXPECT_NE(weights_of(slurp(text1)), weights_of(slurp(text3))) << policy;
  }
}

TEST(CbzoCli, CacheGivesTheSameRun) {
  const std::string a = temp_path("cbzo_nc.pred"), b = temp_path("cbzo_c.pred"), cache = temp_path("cbzo.cache");
  const std::string args = "-d " + ca_data() + " --cbzo --quiet --passes 2 --holdout_off --cache_file " + cache;
  ASSERT_EQ(run_learner(args + " -k -p " + a).exit_code, 0);
  ASSERT_EQ(run_learner(args + " -p " + b).exit_code, 0);  // read from the cache
  EXPECT_EQ(slurp(a), slurp(b));
  EXPECT_EQ(cbzo_lines(slurp(a)).size(), 400u);
}

TEST(CbzoCli, RefusesBadFlags) {
  const struct {
    const char* args;
    const char* message;
  } cases[] = {
      {"--cbzo --policy quadratic", "--policy must be linear or constant"},
      {"--cbzo --radius -0.5", "--radius must be in"},
      {"--cbzo --radius nan", "--radius"},
      {"--cbzo -l -1", "learning_rate"},
      {"--cbzo --l1 -1", "--l1"},
      {"--cbzo --policy constant --noconstant", "cannot be used with --noconstant"},
      {"--policy constant", "--policy needs --cbzo"},
      {"--radius 0.2", "--radius needs --cbzo"},
      {"--no_bias_regularization", "--no_bias_regularization needs --cbzo"},
      {"--cbzo --oaa 3", "not with --oaa"},
      {"--cbzo --binary", "--binary"},
      {"--cbzo --adaptive", "applies to the gradient learner"},
  };
  for (const auto& c : cases) {
    const RunResult r = run_learner(std::string(c.args) + " --quiet", "ca 0.1:1:0.5 |a x\n");
    EXPECT_NE(r.exit_code, 0) << c.args;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << ": " << r.err;
  }
  // VW raises a radius below 1e-3 to 1e-3, with a warning (its -p pasted).
  const RunResult r = run_learner("--cbzo --radius 0.00001 -p /dev/stdout --quiet", "ca |a x\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("below the minimum 0.001"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "-0.001--0.001:2147483648,0.001-0.001:2147483648\n");
}

TEST(CbzoCli, MalformedLabelsAreRefusedAtFileAndLine) {
  const struct {
    const char* label;
    const char* message;
  } cases[] = {
      {"cb 1:2:0.5", "starts with `ca`"},
      {"ca 0.1:2:x", "malformed pdf value"},
      {"ca 0.1:2:-1", "a pdf value must be >= 0"},
      {"ca 0.1:2:0.5:4", "too many ':' fields"},
      {"ca :2:0.5", "empty action"},
      {"ca 0.1::0.5", "empty cost"},
      {"ca 0.1:nan:0.5", "cost is not a finite number"},
      {"ca 0.1:1e39:0.5", "cost overflows a float"},
      {"ca 0.1:2:0.5 0.2:1:1", "unexpected token"},
      {"ca 0.1:2:0.5 pdf 1:0:1", "start is above its end"},
      {"ca 0.1:2:0.5 pdf 0:1", "left:right:pdf_value"},
      {"ca 0.1:2:0.5 chosen_action", "`chosen_action` without an action"},
      {"ca 0.1:2:0.5 pdf 0:1:1 pdf 0:1:1", "`pdf` given twice"},
  };
  for (const auto& c : cases) {
    const std::string data = temp_path("cbzo_bad.dat");
    write_file(data, "ca 0.2:1:0.5 |a x\n" + std::string(c.label) + " |a x\n");
    const RunResult r = run_learner("--cbzo --quiet -d " + data);
    EXPECT_NE(r.exit_code, 0) << c.label;
    EXPECT_NE(r.err.find(data + ":2:"), std::string::npos) << c.label << ": " << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.label << ": " << r.err;
  }
  // Accepted: `ca` alone (unlabeled), VW's --cats fields, a tag.
  const RunResult r = run_learner("--cbzo --quiet -p /dev/stdout",
                                  "ca |a x\nca 0.1:2:0.5 pdf 0:1:1 chosen_action 0.3 'seven |a x\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(cbzo_lines(r.out).size(), 2u);
  EXPECT_NE(r.out.find(" seven\n"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace learner::test
