#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "learner/report/best_constant.h"
#include "learner/report/progress.h"

namespace learner {
namespace {

std::optional<BestConstant> best(const char* name, const std::map<double, double>& labels, double tau = 0.5) {
  LossSpec spec;
  spec.name = name;
  spec.quantile_tau = tau;
  const auto loss = make_loss(spec);
  return best_constant(*loss, spec, labels);
}

TEST(BestConstant, SquaredIsWeightedMeanWithItsLoss) {
  // VW's 0080 example: labels 1, 2, 1, 2 -> 1.5 with squared loss 0.25.
  const auto b = best("squared", {{1.0, 2.0}, {2.0, 2.0}});
  ASSERT_TRUE(b);
  EXPECT_DOUBLE_EQ(b->value, 1.5);
  EXPECT_DOUBLE_EQ(b->loss, 0.25);
}

TEST(BestConstant, QuantileIsTheWeightedQuantileOfAllLabels) {
  const std::map<double, double> labels = {{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 6}};
  EXPECT_DOUBLE_EQ(best("quantile", labels)->value, 5.0);
  EXPECT_DOUBLE_EQ(best("quantile", labels, 0.25)->value, 3.0);
  EXPECT_DOUBLE_EQ(best("quantile", labels, 0.1)->value, 1.0);
  EXPECT_DOUBLE_EQ(best("absolute", {{1, 1}, {2, 1}, {9, 1}})->value, 2.0);
}

TEST(BestConstant, LogisticIsLogOdds) {
  const auto b = best("logistic", {{-1, 1}, {1, 3}});
  EXPECT_NEAR(b->value, std::log(3.0), 1e-12);
}

TEST(BestConstant, NoLabelsNoConstant) { EXPECT_FALSE(best("squared", {})); }

TEST(ProgressTable, RowsDoubleAndSinceLastIsWindowed) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  ProgressTable table(f, ProgressOptions{});
  RunStats stats;
  for (int i = 1; i <= 9; ++i) {
    stats.add(true, 1.0, 1.0, i <= 4 ? 1.0 : 0.0, 3);
    table.after_example(stats, true, 1.0, 0.5, 3);
  }
  std::rewind(f);
  std::string text;
  char buf[256];
  while (std::fgets(buf, sizeof buf, f)) text += buf;
  std::fclose(f);
  // Rows after examples 1, 2, 4, 8 (plus two header lines).
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 6) << text;
  EXPECT_NE(text.find("1.000000 1.000000            1            1.0         1.0000         0.5000        3"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("0.500000 0.000000            8            8.0"), std::string::npos) << text;
}

}  // namespace
}  // namespace learner
