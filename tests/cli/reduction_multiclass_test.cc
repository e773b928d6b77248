// End-to-end runs of the multiclass reductions: --oaa, --csoaa, both filter
// trees (with --dotproduct), -p texts, model round trips and usage errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

// Separable 3-class data: each class has its own words.
std::string classes_data(int n) {
  std::string text;
  for (int i = 0; i < n; ++i) {
    const int y = 1 + (i * 7 + i / 3) % 3;
    text += std::to_string(y) + " |w c" + std::to_string(y) + "_" + std::to_string(i % 5) + " |n s" +
            std::to_string(i % 11) + "\n";
  }
  return text;
}

std::vector<int> classes_of(const std::string& data) {
  std::vector<int> v;
  std::istringstream in(data);
  for (std::string line; std::getline(in, line);) v.push_back(line[0] - '0');
  return v;
}

// Trains on `data` with FLAGS (4 passes), then predicts it with -t -i and
// returns the number of wrong classes.
int training_errors(const std::string& flags, const std::string& data) {
  const std::string train = temp_path("mc_train.vw"), model = temp_path("mc.model"), preds = temp_path("mc.preds");
  write_file(train, data);
  const RunResult fit = run_learner("-d " + train + " " + flags + " --passes 4 --holdout_off -f " + model + " --quiet");
  EXPECT_EQ(fit.exit_code, 0) << flags << "\n" << fit.err;
  const RunResult test = run_learner("-t -i " + model + " -d " + train + " -p " + preds + " --quiet");
  EXPECT_EQ(test.exit_code, 0) << test.err;
  const std::vector<double> predicted = first_column(slurp(preds));
  const std::vector<int> truth = classes_of(data);
  EXPECT_EQ(predicted.size(), truth.size());
  int wrong = 0;
  for (std::size_t i = 0; i < predicted.size() && i < truth.size(); ++i) wrong += predicted[i] != truth[i];
  return wrong;
}

TEST(ReductionMulticlass, EveryReductionFitsSeparableDataAndRoundTrips) {
  const std::string data = classes_data(150);
  EXPECT_EQ(training_errors("--oaa 3", data), 0);
  EXPECT_EQ(training_errors("--oaa 3 --loss logistic", data), 0);
  EXPECT_EQ(training_errors("--filter_tree 3 --loss hinge", data), 0);
  EXPECT_EQ(training_errors("--scoring_filter_tree 3 --loss hinge", data), 0);
  EXPECT_EQ(training_errors("--scoring_filter_tree 3 --loss logistic --dotproduct wn --rank 2", data), 0);
}

TEST(ReductionMulticlass, ProgressAndSummaryShowTheMulticlassLoss) {
  const std::string train = temp_path("mc_summary.vw");
  write_file(train, classes_data(60));
  const RunResult r = run_learner("-d " + train + " --scoring_filter_tree 3 --loss hinge");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("reduction = scoring_filter_tree 3"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("best constant class = "), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("best constant = "), std::string::npos) << "no scalar best constant for classes";
  // The progress rows show classes as labels and predictions.
  EXPECT_NE(r.err.find("        1.0000"), std::string::npos) << r.err;
}

TEST(ReductionMulticlass, PredictionTextsWithScoresProbabilitiesAndTags) {
  const RunResult probs = run_learner("--oaa 3 --loss logistic --probabilities -p /dev/stdout --quiet", "2 'a |w x\n");
  ASSERT_EQ(probs.exit_code, 0) << probs.err;
  EXPECT_EQ(probs.out, "1:0.333333 2:0.333333 3:0.333333 a\n");
  const RunResult scores = run_learner("--scoring_filter_tree 3 --scores -p /dev/stdout --quiet", "2 |w x\n");
  EXPECT_EQ(scores.out, "1:0 2:0 3:0\n");
  const RunResult cls = run_learner("--oaa 3 -p /dev/stdout --quiet", "2 |w x\n2 |w x\n");
  EXPECT_EQ(cls.out, "1\n2\n");
}

TEST(ReductionMulticlass, CostSensitiveLabels) {
  const std::string data = "1:1 2:0 3:0.5 |w a\n1:1 2:0 3:0.5 |w a\n1:0 2:1 |w b\n";
  for (const char* flags : {"--csoaa 3", "--filter_tree 3", "--scoring_filter_tree 3"}) {
    std::string text;
    for (int i = 0; i < 20; ++i) text += data;
    const RunResult r = run_learner(std::string(flags) + " -p /dev/stdout", text);
    ASSERT_EQ(r.exit_code, 0) << flags << r.err;
    const std::vector<double> p = first_column(r.out);
    ASSERT_EQ(p.size(), 60u);
    EXPECT_EQ(p[57], 2.0) << flags;
    EXPECT_EQ(p[59], 1.0) << flags;
  }
}

TEST(ReductionMulticlass, UsageAndLabelErrors) {
  EXPECT_EQ(run_learner("--oaa 3 --csoaa 3", "1 |a x\n").exit_code, 2);
  EXPECT_EQ(run_learner("--filter_tree 1", "1 |a x\n").exit_code, 2);
  EXPECT_EQ(run_learner("--oaa 3 --probabilities", "1 |a x\n").exit_code, 2) << "needs logistic loss";
  EXPECT_EQ(run_learner("--filter_tree 3 --scores", "1 |a x\n").exit_code, 2);
  EXPECT_EQ(run_learner("--oaa 3 --active", "1 |a x\n").exit_code, 2);
  const RunResult bad = run_learner("--oaa 3", "1 |a x\n4 |a y\n");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find(":2: class out of range 1..3 (token '4')"), std::string::npos) << bad.err;
  const RunResult lenient = run_learner("--oaa 3 --lenient", "1 |a x\n4 |a y\n2 |a z\n");
  EXPECT_EQ(lenient.exit_code, 0) << lenient.err;
  EXPECT_NE(lenient.err.find("skipped malformed lines = 1"), std::string::npos) << lenient.err;
}

// The cache stores cost-sensitive labels: cached passes predict exactly as
// passes that re-read the text; a cache made for other labels is rebuilt.
TEST(ReductionMulticlass, CostSensitiveCachedPassesMatchTextPasses) {
  const std::string data = temp_path("cs_cache.vw"), cache = temp_path("cs_cache.cache");
  std::string text;
  for (int i = 0; i < 60; ++i) {
    const int best = 1 + i % 3;
    for (int k = 1; k <= 3; ++k) text += std::to_string(k) + ":" + (k == best ? "0 " : "1 ");
    text += "|a f" + std::to_string(best) + " g" + std::to_string(i % 7) + "\n";
  }
  write_file(data, text);
  for (const char* reduction : {"--csoaa 3", "--filter_tree 3", "--scoring_filter_tree 3"}) {
    SCOPED_TRACE(reduction);
    const std::string base = std::string(" ") + reduction + " --passes 3 --holdout_off -p /dev/stdout --quiet";
    const RunResult plain = run_learner("-d " + data + base);
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    std::filesystem::remove(cache);
    const RunResult cached = run_learner("-d " + data + " --cache_file " + cache + base);
    ASSERT_EQ(cached.exit_code, 0) << cached.err;
    EXPECT_EQ(cached.out, plain.out);
    EXPECT_EQ(std::count(plain.out.begin(), plain.out.end(), '\n'), 180);
    const RunResult reread = run_learner("-d " + data + " --cache_file " + cache + base);  // reads the cache
    EXPECT_EQ(reread.out, plain.out);
  }
  // A cache written for simple labels is not used for cost-sensitive ones.
  std::filesystem::remove(cache);
  write_file(data, "1 |a x\n2 |a y\n");
  ASSERT_EQ(run_learner("-d " + data + " --cache_file " + cache + " --quiet").exit_code, 0);
  write_file(data, "1:0 2:1 |a x\n");
  const RunResult rebuilt = run_learner("-d " + data + " --cache_file " + cache + " --csoaa 2");
  EXPECT_EQ(rebuilt.exit_code, 0) << rebuilt.err;
}

TEST(ReductionMulticlass, ModelRemembersTheReduction) {
  const std::string train = temp_path("mc_remember.vw"), model = temp_path("mc_remember.model");
  write_file(train, classes_data(30));
  ASSERT_EQ(run_learner("-d " + train + " --oaa 3 -f " + model + " --quiet").exit_code, 0);
  const RunResult conflict = run_learner("-t -i " + model + " -d " + train + " --oaa 4 --quiet");
  EXPECT_EQ(conflict.exit_code, 2) << conflict.err;
  const RunResult again = run_learner("-t -i " + model + " -d " + train + " -p /dev/stdout --quiet");
  EXPECT_EQ(first_column(again.out).size(), 30u);
}

}  // namespace
}  // namespace learner::test
