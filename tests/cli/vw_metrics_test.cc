// --extra_metrics FILE writes VW 9.11.2's object (cli/vw_metrics.h): the
// files in tests/cli/data/vw_metrics/ are VW's own output for the same
// commands (README.md there lists them); learner's must be the same text,
// byte for byte (VW's runner compares the keys exactly and the numbers within
// 1e-3; learner writes VW's key order and number text too).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

std::string vw_metrics_dir() { return std::string(LEARNER_SOURCE_DIR) + "/tests/cli/data/vw_metrics/"; }
std::string vw_golden_data(const std::string& name) {
  return std::string(LEARNER_SOURCE_DIR) + "/tests/golden/data/" + name;
}

std::string vw_metrics_trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

// Runs learner with `args` --extra_metrics and compares the file with VW's `vw_file`.
void expect_vws_metrics(const std::string& args, const std::string& vw_file) {
  const std::string json = temp_path("vw_metrics.json");
  std::filesystem::remove(json);
  const RunResult r = run_learner(args + " --quiet --extra_metrics " + json);
  ASSERT_EQ(r.exit_code, 0) << args << "\n" << r.err;
  EXPECT_EQ(vw_metrics_trimmed(slurp(json)), vw_metrics_trimmed(slurp(vw_metrics_dir() + vw_file))) << args;
}

TEST(VwExtraMetrics, DsjsonEventsAsVw) {
  // The reader's counters (skipped, action-less, ids, times, original costs), the explorer's
  // block, VW's learn and predict calls, the shared feature merger's count.
  expect_vws_metrics("-d " + vw_metrics_dir() + "events.dsjson --dsjson --cb_explore_adf --epsilon 0.2 -q sa",
                     "events.json");
}

TEST(VwExtraMetrics, DsjsonParseErrorIsCountedAndLogged) {
  expect_vws_metrics(
      "-d " + vw_metrics_dir() + "events_bad.dsjson --dsjson --cb_explore_adf --epsilon 0.2 -q sa --lenient",
      "events_bad.json");
}

TEST(VwExtraMetrics, TextAdfExplorersAsVw) {
  expect_vws_metrics("-d " + vw_golden_data("cb_adf.vw") + " --cb_explore_adf --cover 3", "cb_adf_cover.json");
  expect_vws_metrics("-d " + vw_golden_data("cb_adf.vw") + " --cb_explore_adf --squarecb", "cb_adf_squarecb.json");
  expect_vws_metrics("-d " + vw_golden_data("cb_adf.vw") + " --cb_explore_adf -q as -t", "cb_adf_test_only.json");
}

TEST(VwExtraMetrics, LaterPassesCountAsThePassOne) {
  // Pass 2 comes from memory (or the cache): each line's namespaces must still be there to count.
  const std::string cache = temp_path("vw_metrics_adf.cache");
  std::filesystem::remove(cache);
  expect_vws_metrics("-d " + vw_golden_data("cb_adf.vw") + " --cb_explore_adf --epsilon 0.1 --passes 2 --cache_file " +
                         cache + " -k",
                     "cb_adf_passes.json");
}

TEST(VwExtraMetrics, CbAdfOverJsonWithoutInteractionsIsLogged) {
  expect_vws_metrics("-d " + vw_golden_data("cb_adf.dsjson") + " --dsjson --cb_adf", "cb_adf_dsjson.json");
}

TEST(VwExtraMetrics, SingleLineStacksAsVw) {
  expect_vws_metrics("-d " + vw_golden_data("cb.vw") + " --cb 3 --ngram 2 --skips 1", "cb_ngram.json");
  const std::string cache = temp_path("vw_metrics_reg.cache");
  std::filesystem::remove(cache);
  expect_vws_metrics("-d " + vw_golden_data("reg.vw") + " --holdout_period 4 --passes 2 --cache_file " + cache + " -k",
                     "reg_holdout.json");
}

TEST(VwExtraMetrics, CbExploreThroughTheAdfStackAsVw) {
  // VW's explorer block over the K copies of each example (unlabelled lines: predict calls).
  expect_vws_metrics("-d " + vw_golden_data("cb.vw") + " --cb_explore 3 -q wn", "cb_explore.json");
  expect_vws_metrics("-d " + vw_golden_data("cb.vw") + " --cb_explore 3 --cover 2", "cb_explore_cover.json");
}

TEST(VwExtraMetrics, LabelIndexingLogLineAsVw) {
  // VW logs "label 3 found -- labels are now considered 1-indexed." once: --oaa at the first
  // example learned with label K (none with -t), --csoaa at the first cost naming class K, the
  // legacy --cb stack at its first example.
  expect_vws_metrics("-d " + vw_golden_data("mc.vw") + " --oaa 3", "mc_oaa.json");
  expect_vws_metrics("-t -d " + vw_golden_data("mc.vw") + " --oaa 3", "mc_oaa_test_only.json");
  expect_vws_metrics("-d " + vw_golden_data("cs.vw") + " --csoaa 3", "cs_csoaa.json");
  expect_vws_metrics("-d " + vw_golden_data("cb.vw") + " --cb 3 --cb_force_legacy", "cb_legacy.json");
}

TEST(VwExtraMetrics, OnlyVwsKeysAndTheSummaryApart) {
  const std::string json = temp_path("vw_metrics_keys.json"), summary = temp_path("vw_metrics_summary.json");
  const RunResult r = run_learner("-d " + vw_golden_data("reg.vw") + " --quiet --extra_metrics " + json +
                                  " --summary_json " + summary);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(vw_metrics_trimmed(slurp(json)),
            "{\"total_log_calls\":0,\"extra_metrics\":{\"total_learn_calls\":240,\"total_predict_calls\":0}}");
  const std::string s = slurp(summary);
  EXPECT_EQ(s.rfind("{\"examples\":240,\"passes\":1,", 0), 0u) << s;
  EXPECT_NE(s.find("\"rmse\":"), std::string::npos) << s;
  EXPECT_EQ(s.find("total_learn_calls"), std::string::npos) << s;
}

TEST(VwExtraMetrics, UnwritablePathFailsBeforeTheRunAndLeavesNoFile) {
  const std::string dir = temp_path("vw_metrics_missing_dir");
  std::filesystem::remove_all(dir);
  RunResult r = run_learner("-d " + vw_golden_data("reg.vw") + " --quiet --extra_metrics " + dir + "/m.json");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("--extra_metrics file"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir));
  // A directory is no file to write.
  r = run_learner("-d " + vw_golden_data("reg.vw") + " --quiet --extra_metrics " + temp_path(""));
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("--extra_metrics"), std::string::npos) << r.err;
  // A run that fails on its data writes none (strict --dsjson: the truncated event).
  const std::string json = temp_path("vw_metrics_failed.json");
  std::filesystem::remove(json);
  r = run_learner("-d " + vw_metrics_dir() + "events_bad.dsjson --dsjson --cb_explore_adf --quiet --extra_metrics " +
                  json);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_FALSE(std::filesystem::exists(json));
}

}  // namespace
}  // namespace learner::test
