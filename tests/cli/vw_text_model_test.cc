// --readable_model and --invert_hash in VW 9.11's layout. The expected files
// in tests/cli/data/vw_text_model/ are VW 9.11.2's own output for
//   vw --cb_explore_adf --epsilon 0.2 -q as -d tests/golden/data/cb_adf.vw
//      --readable_model X --invert_hash Y --predict_only_model --quiet
// (cb_explore_adf.*) and for --cb_explore_adf --first 500 / --squarecb /
// --regcb / --synthcover ... --readable_model (cb_explore_adf_<name>.readable).
// learner's must equal them as VW's test runner compares text
// (test/run_tests.py --fuzzy_compare --epsilon 0.001, VW's CI setting):
// the header (version, labels, bits, options, checksum), the reduction's
// event_sum / action_sum, the ":0" flag, every slot and every feature name
// equal; weights within 1e-3 (VW's rsqrt approximations move the 5th digit).
// Without --predict_only_model VW writes its save_resume form (flag ":1",
// its counter block, "w G n" per weight): the *_resume* files are VW's for
//   vw --cb_explore_adf --epsilon 0.2 -q as -d tests/golden/data/cb_adf.vw --readable_model X
//   vw -d tests/cli/data/vw_text_model/resume.vw -q ab --invert_hash X [--quiet]
// (resume.vw: an importance weight 2, an unlabeled line, two namespaces);
// the block's numbers are compared as the weights.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "run_helper.h"

namespace learner::test {
namespace {

std::vector<std::string> vw_text_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const auto b = line.find_first_not_of(" \t\r"), e = line.find_last_not_of(" \t\r");
    lines.push_back(b == std::string::npos ? "" : line.substr(b, e - b + 1));
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

bool vw_text_number(const std::string& s, double& x) {
  char* end = nullptr;
  x = std::strtod(s.c_str(), &end);
  return !s.empty() && *end == '\0';
}

// VW's run_tests.py is_line_different with epsilon 0.001.
bool vw_same_line(const std::string& mine, const std::string& ref) {
  static const std::regex split("[ \t:,@=\\[\\]]+");
  const std::vector<std::string> a(std::sregex_token_iterator(mine.begin(), mine.end(), split, -1), {}),
      b(std::sregex_token_iterator(ref.begin(), ref.end(), split, -1), {});
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    double x, y;
    if (vw_text_number(a[i], x) && vw_text_number(b[i], y)) {
      if (std::fabs(x - y) < 1e-3) continue;
      if (std::fabs(y) <= 1.0 || std::fabs(x / y - 1.0) >= 1e-3) return false;
    } else if (a[i] != b[i]) {
      return false;
    }
  }
  return true;
}

void expect_vws_text(const std::string& mine_text, const std::string& vw_file) {
  const std::vector<std::string> mine = vw_text_lines(mine_text),
                                 vw = vw_text_lines(slurp(std::string(LEARNER_SOURCE_DIR) +
                                                          "/tests/cli/data/vw_text_model/" + vw_file));
  ASSERT_EQ(mine.size(), vw.size()) << mine_text;
  // The header and the state lines, up to the flag (":0", or ":1" and VW's counters), exactly; then the rest.
  const std::size_t weights = static_cast<std::size_t>(std::find_if(vw.begin(), vw.end(), [](const std::string& l) {
                                return l == ":0" || l == ":1";
                              }) - vw.begin()) + 1;
  ASSERT_LT(weights, vw.size());
  for (std::size_t i = 0; i < weights; ++i) EXPECT_EQ(mine[i], vw[i]) << "line " << i + 1;
  for (std::size_t i = weights; i < vw.size(); ++i)
    EXPECT_TRUE(vw_same_line(mine[i], vw[i])) << "line " << i + 1 << ": " << mine[i] << " vs VW's " << vw[i];
}

std::string vw_text_run(const std::string& flag, const std::string& stack = "--epsilon 0.2 -q as") {
  const std::string out = temp_path("vw_text_model.txt");
  const RunResult r = run_learner("--cb_explore_adf " + stack + " -d " + std::string(LEARNER_SOURCE_DIR) +
                                  "/tests/golden/data/cb_adf.vw " + flag + " " + out + " --predict_only_model --quiet");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return slurp(out);
}

// A run that keeps its optimizer state, with the progress rows VW's counters follow (no --quiet).
std::string vw_resume_run(const std::string& args) {
  const std::string out = temp_path("vw_text_resume.txt");
  const RunResult r = run_learner(args + " " + out);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return slurp(out);
}

TEST(VwTextModel, CbExploreAdfResumeFormIsVws) {
  expect_vws_text(vw_resume_run("--cb_explore_adf --epsilon 0.2 -q as -d " + std::string(LEARNER_SOURCE_DIR) +
                                "/tests/golden/data/cb_adf.vw --readable_model"),
                  "cb_explore_adf_resume.readable");
}

// t counts the unlabeled line and the importance, weighted_labels the
// weighted label sum, dump_interval and sd::oec the progress rows (1 and 0
// under --quiet, which prints none), "w G n" the adaptive sum and max |x|.
TEST(VwTextModel, SquaredResumeFormIsVws) {
  const std::string run = "-d " + std::string(LEARNER_SOURCE_DIR) + "/tests/cli/data/vw_text_model/resume.vw -q ab";
  expect_vws_text(vw_resume_run(run + " --invert_hash"), "resume_squared.invert_hash");
  expect_vws_text(vw_resume_run(run + " --quiet --invert_hash"), "resume_squared_quiet.invert_hash");
}

TEST(VwTextModel, CbExploreAdfReadableModelIsVws) {
  expect_vws_text(vw_text_run("--readable_model"), "cb_explore_adf.readable");
}

// Each slot is named after the first feature seen to reach it (VW's
// index_name_map), interactions as "a^i0*s^u0".
TEST(VwTextModel, CbExploreAdfInvertHashIsVws) {
  expect_vws_text(vw_text_run("--invert_hash"), "cb_explore_adf.invert_hash");
}

// --first's state line above --cb_adf's: the groups still to explore
// (500 - 80), as VW's "cb first adf storing example counter".
TEST(VwTextModel, FirstWritesVwsCounter) {
  expect_vws_text(vw_text_run("--readable_model", "--first 500"), "cb_explore_adf_first.readable");
}

// The explorers' own state lines: --squarecb's and --regcb's count of groups
// learned from (VW writes "squarecb" for both), --synthcover's cost range.
TEST(VwTextModel, ExplorersWriteVwsStateLines) {
  for (const char* algorithm : {"squarecb", "regcb", "synthcover"}) {
    SCOPED_TRACE(algorithm);
    expect_vws_text(vw_text_run("--readable_model", std::string("--") + algorithm),
                    std::string("cb_explore_adf_") + algorithm + ".readable");
  }
}

TEST(VwTextModel, TheComparisonSeesADifference) {
  EXPECT_TRUE(vw_same_line("a^i0*s^u0:12654:0.22718", "a^i0*s^u0:12654:0.227194"));
  EXPECT_FALSE(vw_same_line("a^i0*s^u0:12654:0.22618", "a^i0*s^u0:12654:0.227194"));
  EXPECT_FALSE(vw_same_line("s^u0:12654:0.22718", "a^i0*s^u0:12654:0.22718"));
  EXPECT_FALSE(vw_same_line("Checksum: 1", "Checksum: 2"));
}

}  // namespace
}  // namespace learner::test
