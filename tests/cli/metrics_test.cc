// Measured where it runs (issue 27): RMSE and MAE in the summary of
// regression runs, predictions clipped to the labels learned from
// (train/trainer.h measure_errors); --summary_json FILE (train/summary_json.h)
// and the call counts of VW's --extra_metrics FILE (cli/vw_metrics.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

bool metrics_has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

double value_after(const std::string& text, const std::string& key) {
  const auto at = text.find(key);
  if (at == std::string::npos) return NAN;
  return std::stod(text.substr(at + key.size()));
}

std::vector<double> labels_of(const std::string& text) {
  std::vector<double> v;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) v.push_back(std::stod(line));
  return v;
}

TEST(Metrics, TestRunsPrintRmseAndMaeOfPredictionsClippedToTheTrainingLabels) {
  // Labels 2..4 in training; with --noconstant x alone learns 2 and y 4. The
  // test lines make predictions of about 0.5 (x:0.25), 3 and 8 (y:2):
  // VW's clipping range starts at 0 ([0, 4]), the metrics clip to [2, 4].
  const std::string train = temp_path("m_train.vw"), test = temp_path("m_test.vw"), model = temp_path("m.bin");
  std::string text;
  for (int i = 0; i < 200; ++i) text += (i % 2 ? "2 |a x\n" : "4 |a y\n");
  text += "3 |a x:0.5 y:0.5\n";
  write_file(train, text);
  const std::string test_text = "1 |a x:0.25\n3 |a x:0.5 y:0.5\n5 |a y:2\n";
  write_file(test, test_text);
  ASSERT_EQ(run_learner("-d " + train + " --noconstant -l 1 -f " + model + " --quiet").exit_code, 0);
  const RunResult r = run_learner("-t -i " + model + " -d " + test + " -p /dev/stdout");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<double> p = first_column(r.out), y = labels_of("1\n3\n5\n");
  ASSERT_EQ(p.size(), 3u);
  EXPECT_LT(p[0], 1.0);   // shown as VW clips it: below the lowest training label
  EXPECT_EQ(p[2], 4.0);   // VW's range: its highest label
  double se = 0, ae = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    const double e = std::clamp(p[i], 2.0, 4.0) - y[i];
    se += e * e;
    ae += std::fabs(e);
  }
  EXPECT_NEAR(value_after(r.err, "rmse = "), std::sqrt(se / 3), 1e-6) << r.err;
  EXPECT_NEAR(value_after(r.err, "mae = "), ae / 3, 1e-6) << r.err;
  // Not VW's clipping: the first example's error is |2 - 1|, not |0.5 - 1|.
  EXPECT_GT(value_after(r.err, "mae = "), (std::fabs(p[0] - 1) + std::fabs(p[1] - 3) + 1) / 3 + 0.1) << r.err;
}

TEST(Metrics, RegressionOnlyAndNotWithHoldout) {
  const std::string data = temp_path("m_reg.vw");
  std::string text;
  for (int i = 0; i < 100; ++i) text += std::to_string(1 + i % 5) + " |u " + std::to_string(i % 7) + " |i " + std::to_string(i % 11) + "\n";
  write_file(data, text);
  for (const char* flags : {"", "--loss_function quantile", "--loss_function absolute", "--loss_function expectile"}) {
    const RunResult r = run_learner("-d " + data + " " + flags);
    EXPECT_TRUE(metrics_has(r.err, "\nrmse = ") && metrics_has(r.err, "\nmae = ")) << flags << "\n" << r.err;
  }
  // A quantile model's MAE is twice its average (pinball) loss at tau 0.5 (same clipping here: labels 1..5, p >= 1).
  ASSERT_EQ(run_learner("-d " + data + " --loss_function quantile --quiet -f " + temp_path("m_q.bin")).exit_code, 0);
  const RunResult qt = run_learner("-t -i " + temp_path("m_q.bin") + " -d " + data);
  EXPECT_NEAR(value_after(qt.err, "mae = "), 2 * value_after(qt.err, "average loss = "), 1e-5) << qt.err;
  std::string binary;
  for (int i = 0; i < 100; ++i) binary += (i % 3 ? "1" : "-1") + std::string(" |a x") + std::to_string(i % 4) + "\n";
  const std::string bin = temp_path("m_bin.vw");
  write_file(bin, binary);
  for (const char* flags : {"--loss_function logistic", "--loss_function hinge", "--binary", "--perceptron"}) {
    const RunResult r = run_learner("-d " + bin + " " + flags);
    ASSERT_EQ(r.exit_code, 0) << flags << r.err;
    EXPECT_FALSE(metrics_has(r.err, "rmse")) << flags << "\n" << r.err;
  }
  const RunResult oaa = run_learner("-d " + data + " --oaa 5");
  EXPECT_FALSE(metrics_has(oaa.err, "rmse")) << oaa.err;
  const RunResult holdout = run_learner("-d " + data + " --passes 3");
  EXPECT_TRUE(metrics_has(holdout.err, " h\n")) << holdout.err;
  EXPECT_FALSE(metrics_has(holdout.err, "rmse")) << holdout.err;
}

TEST(Metrics, SummaryJsonAndVwCallCounts) {
  const std::string data = temp_path("m_json.vw"), json = temp_path("m.json"), model = temp_path("m_json.bin"),
                    vw = temp_path("m_vw.json");
  std::string text;
  for (int i = 0; i < 100; ++i) text += std::to_string(1 + i % 5) + " |u " + std::to_string(i % 7) + "\n";
  write_file(data, text + "|u 3\n");  // one unlabeled example
  std::filesystem::remove(json);
  RunResult r = run_learner("-d " + data + " --passes 3 -c -k -f " + model + " --summary_json " + json +
                            " --extra_metrics " + vw);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string out = slurp(json);
  // 101 examples x 3 passes; every 10th is held out (predicted): 10 per pass; the unlabeled one predicted.
  EXPECT_EQ(slurp(vw), "{\"total_log_calls\":0,\"extra_metrics\":{\"total_learn_calls\":270,\"total_predict_calls\":33}}\n");
  EXPECT_TRUE(metrics_has(out, "\"passes\":3,")) << out;
  EXPECT_TRUE(metrics_has(out, "\"holdout\":true")) << out;
  EXPECT_FALSE(metrics_has(out, "\"rmse\"")) << out;
  EXPECT_EQ(out.front(), '{');
  r = run_learner("-t -i " + model + " -d " + data + " --quiet --summary_json " + json + " --extra_metrics " + vw);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  out = slurp(json);
  EXPECT_TRUE(metrics_has(out, "{\"examples\":101,\"passes\":1,\"weighted_examples\":101,\"weighted_labels\":100,")) << out;
  EXPECT_TRUE(metrics_has(out, "\"rmse\":") && metrics_has(out, "\"mae\":") && metrics_has(out, "\"best_constant\":3.0000")) << out;
  EXPECT_TRUE(metrics_has(slurp(vw), "\"total_learn_calls\":0,\"total_predict_calls\":101")) << slurp(vw);
  // Never over an input; a failed run writes none.
  r = run_learner("-d " + data + " --summary_json " + data);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(metrics_has(r.err, "--summary_json")) << r.err;
  r = run_learner("-d " + data + " --extra_metrics " + data);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(metrics_has(r.err, "--extra_metrics")) << r.err;
  std::filesystem::remove(json);
  std::filesystem::remove(vw);
  write_file(temp_path("m_bad.vw"), "1 |u a\nx |u b\n");
  r = run_learner("-d " + temp_path("m_bad.vw") + " --summary_json " + json + " --extra_metrics " + vw);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_FALSE(std::filesystem::exists(json));
  EXPECT_FALSE(std::filesystem::exists(vw));
}

}  // namespace
}  // namespace learner::test
