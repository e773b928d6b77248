// End-to-end runs of --multilabel (both losses) and --active.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

TEST(ReductionMultilabel, PrintsSetsAndBothLosses) {
  std::string text;
  for (int i = 0; i < 30; ++i) text += "1,3 |w a c\n2 |w b\n1,2,3 |w a b c\n";
  const RunResult r = run_learner("--multilabel 3 -p /dev/stdout", text);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("hamming loss = "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("0/1 loss = "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("reduction = multilabel 3 (hamming)"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.substr(r.out.size() - 12), "1,3\n2\n1,2,3\n") << r.out.substr(r.out.size() - 40);
  const RunResult chain = run_learner("--multilabel 3 --multilabel_loss zero_one", text);
  EXPECT_EQ(chain.exit_code, 0) << chain.err;
  EXPECT_NE(chain.err.find("(zero_one chain)"), std::string::npos);
  EXPECT_EQ(run_learner("--multilabel_loss zero_one", "1 |a x\n").exit_code, 2);
  EXPECT_EQ(run_learner("--multilabel 3", "1,4 |a x\n").exit_code, 1);
}

std::string binary_data(int n) {
  std::string text;
  uint64_t s = 12345;
  for (int i = 0; i < n; ++i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    const int a = static_cast<int>((s >> 33) % 100), b = static_cast<int>((s >> 20) % 100);
    const double score = (a - 50) * 0.04 + (b - 40) * 0.02;
    text += std::string(score > 0 ? "1" : "-1") + " |f x:" + std::to_string(a / 100.0) + " y:" +
            std::to_string(b / 100.0) + "\n";
  }
  return text;
}

// Label sets are cached: cached passes predict exactly as re-read text.
TEST(ReductionMultilabel, CachedPassesMatchTextPasses) {
  const std::string data = temp_path("ml_cache.vw"), cache = temp_path("ml_cache.cache");
  std::string text;
  for (int i = 0; i < 40; ++i) text += (i % 3 == 0 ? "1,2 |a x y\n" : i % 3 == 1 ? "2 |a y\n" : "3 |a z w\n");
  write_file(data, text);
  for (const char* loss : {"", " --multilabel_loss zero_one"}) {
    const std::string base = std::string(" --multilabel 3") + loss + " --passes 3 --holdout_off -p /dev/stdout --quiet";
    const RunResult plain = run_learner("-d " + data + base);
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    std::filesystem::remove(cache);
    const RunResult written = run_learner("-d " + data + " --cache_file " + cache + base);
    const RunResult read = run_learner("-d " + data + " --cache_file " + cache + base);
    EXPECT_EQ(written.out, plain.out) << loss;
    EXPECT_EQ(read.out, plain.out) << loss;
    EXPECT_NE(plain.out.find("1,2"), std::string::npos) << plain.out;
  }
}

TEST(ReductionActive, SimulationQueriesSomeLabelsAndReportsThem) {
  const std::string data = temp_path("active.vw");
  write_file(data, binary_data(3000));
  const RunResult r = run_learner("-d " + data + " --loss logistic --active --simulation --mellowness 0.01");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto at = r.err.find("total queries = ");
  ASSERT_NE(at, std::string::npos) << r.err;
  const long queries = std::stol(r.err.substr(at + 16));
  EXPECT_GT(queries, 10);
  EXPECT_LT(queries, 3000);
  EXPECT_NE(r.err.find("labels queried = "), std::string::npos);
  // Deterministic for a seed.
  const RunResult again = run_learner("-d " + data + " --loss logistic --active --simulation --mellowness 0.01");
  EXPECT_NE(again.err.find("total queries = " + std::to_string(queries) + "\n"), std::string::npos);
}

TEST(ReductionActive, InteractiveModePrintsImportanceForUnlabeledExamples) {
  const RunResult r = run_learner("--active -p /dev/stdout --quiet", "|f x\n1 |f x\n|f y\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, 5), "0  1\n") << "prediction, empty tag, importance 1 (VW's format)";
  EXPECT_EQ(run_learner("--simulation", "1 |a x\n").exit_code, 2);
  EXPECT_EQ(run_learner("--active --mellowness 0", "1 |a x\n").exit_code, 2);
}

TEST(ReductionActive, DotproductModelsQueryToo) {
  std::string text;
  uint64_t s = 99;
  for (int i = 0; i < 2000; ++i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    const int u = static_cast<int>((s >> 33) % 10), it = static_cast<int>((s >> 45) % 10);
    text += std::string(u + it >= 9 ? "1" : "-1") + " |u u" + std::to_string(u) + " |i i" +
            std::to_string(it) + "\n";
  }
  const RunResult r = run_learner("--loss logistic --dotproduct ui --rank 2 --active --simulation --mellowness 0.001",
                                  text);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto at = r.err.find("total queries = ");
  ASSERT_NE(at, std::string::npos);
  EXPECT_LT(std::stol(r.err.substr(at + 16)), 2000);
}

}  // namespace
}  // namespace learner::test
