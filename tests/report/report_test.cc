#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "learner/report/best_constant.h"
#include "learner/report/label_histogram.h"
#include "learner/report/progress.h"

namespace learner {
namespace {

std::optional<BestConstant> best(const char* name, const LabelHistogram& labels, double tau = 0.5) {
  LossSpec spec;
  spec.name = name;
  spec.quantile_tau = tau;
  const auto loss = make_loss(spec);
  return best_constant(*loss, labels);
}

std::optional<BestConstant> best(const char* name, const std::map<double, double>& labels, double tau = 0.5) {
  LabelHistogram histogram;
  for (const auto& [y, w] : labels) histogram.add(y, w);
  return best(name, histogram, tau);
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

TEST(BestConstant, NoLabelsNoConstant) { EXPECT_FALSE(best("squared", std::map<double, double>{})); }

TEST(LabelHistogram, ExactForFewDistinctLabelsInAnyOrder) {
  LabelHistogram h;
  const double labels[] = {3, 1, 3, 3, 5, 1, 2, 3, 5, 4};
  for (double y : labels) h.add(y, y == 5 ? 2.0 : 1.0);
  h.add(4, 0.0);   // no importance: ignored
  h.add(4, -1.0);
  ASSERT_TRUE(h.exact());
  const std::vector<LabelHistogram::Bin> bins = h.bins();
  ASSERT_EQ(bins.size(), 5u);
  const double want[][2] = {{1, 2}, {2, 1}, {3, 4}, {4, 1}, {5, 4}};
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(bins[i].value, want[i][0]);
    EXPECT_EQ(bins[i].weight, want[i][1]);
  }
  EXPECT_DOUBLE_EQ(h.total(), 12.0);
  EXPECT_DOUBLE_EQ(h.mean(), (2 * 1 + 2 + 4 * 3 + 4 + 4 * 5) / 12.0);
  EXPECT_EQ(h.min(), 1.0);
  EXPECT_EQ(h.max(), 5.0);
}

// The table of recently met labels is a hint only: thousands of distinct
// labels (many sharing a table entry), met in random order and again, and
// new ones arriving between repeats (which moves the bins after them), give
// every label its summed weight; 0 and -0 are one label.
TEST(LabelHistogram, ExactForManyDistinctLabelsMetAgain) {
  LabelHistogram h;
  std::map<double, double> want;
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> pick(-2000, 2000);
  for (int i = 0; i < 60000; ++i) {
    const double y = pick(rng) * 0.25;
    const double w = 1.0 + (i % 3);
    h.add(y, w);
    want[y] += w;
  }
  h.add(-0.0, 1.0);
  want[0.0] += 1.0;
  ASSERT_TRUE(h.exact());
  const std::vector<LabelHistogram::Bin> bins = h.bins();
  ASSERT_EQ(bins.size(), want.size());
  std::size_t i = 0;
  for (const auto& [value, weight] : want) {
    EXPECT_EQ(bins[i].value, value);
    EXPECT_EQ(bins[i].weight, weight) << value;
    ++i;
  }
}

// Real-valued labels: bounded memory, exact mean and variance, quantiles
// within one bin's mass.
TEST(LabelHistogram, BoundedForRealValuedLabels) {
  std::mt19937_64 rng(3);
  std::lognormal_distribution<double> draw(0.0, 1.0);
  std::vector<double> ys(200000);
  LabelHistogram h;
  double sum = 0.0;
  for (double& y : ys) {
    y = draw(rng);
    sum += y;
    h.add(y, 1.0);
  }
  EXPECT_FALSE(h.exact());
  const std::vector<LabelHistogram::Bin> bins = h.bins();
  EXPECT_LE(bins.size(), 2 * LabelHistogram::kBins + LabelHistogram::kBuffer);
  const double mean = sum / ys.size();
  double squares = 0.0;
  for (double y : ys) squares += (y - mean) * (y - mean);
  EXPECT_NEAR(h.mean(), mean, 1e-12 * mean);
  EXPECT_NEAR(h.variance(), squares / ys.size(), 1e-9 * squares / ys.size());
  double weight = 0.0;
  for (const auto& b : bins) weight += b.weight;
  EXPECT_DOUBLE_EQ(weight, static_cast<double>(ys.size()));
  EXPECT_TRUE(std::is_sorted(bins.begin(), bins.end(), [](const auto& a, const auto& b) { return a.value < b.value; }));

  std::sort(ys.begin(), ys.end());
  for (double tau : {0.1, 0.5, 0.9}) {
    const double c = best("quantile", h, tau)->value;
    // The rank of c among the labels is within 2 / kBins of tau (one group
    // of about 1 / kBins of the mass each side).
    const double rank = static_cast<double>(std::lower_bound(ys.begin(), ys.end(), c) - ys.begin()) / ys.size();
    EXPECT_NEAR(rank, tau, 2.0 / LabelHistogram::kBins) << tau;
  }
  const auto sq = best("squared", h);
  EXPECT_NEAR(sq->value, mean, 1e-12 * mean);
  EXPECT_NEAR(sq->loss, squares / ys.size(), 1e-9 * squares / ys.size());
}

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

std::string read_all(std::FILE* f) {
  std::rewind(f);
  std::string text;
  char buf[256];
  while (std::fgets(buf, sizeof buf, f)) text += buf;
  std::fclose(f);
  return text;
}

// --allreduce: each row is decided by this process's own count and shows what
// the RowSums hook returns (here: as if a second, identical rank had seen the
// same examples); a mute table calls the hook at the same rows, prints nothing.
TEST(ProgressTable, RowsShowTheSumsOverRanks) {
  for (const bool mute : {false, true}) {
    std::FILE* f = std::tmpfile();
    ASSERT_NE(f, nullptr);
    ProgressOptions options;
    options.mute = mute;
    ProgressTable table(f, options);
    RunStats sums;
    std::vector<uint64_t> called_at;
    table.sum_rows_with([&](const RunStats& mine) -> const RunStats& {
      called_at.push_back(mine.examples);
      sums.examples = 2 * mine.examples;
      sums.weighted_examples = 2 * mine.weighted_examples;
      sums.weighted_labeled = 2 * mine.weighted_labeled;
      sums.sum_loss = 2 * mine.sum_loss + 1.0;  // the other rank lost 1 more in all
      return sums;
    });
    RunStats stats;
    for (int i = 1; i <= 5; ++i) {
      stats.add(true, 1.0, 1.0, 0.5, 3);
      table.after_example(stats, true, 1.0, 0.25, 3);
    }
    sums.examples = 14;  // the other rank went on to 9 examples after this one's pass ended
    sums.weighted_examples = 14.0;
    sums.weighted_labeled = 14.0;
    sums.sum_loss = 7.0;
    table.peer_row(sums);
    const std::string text = read_all(f);
    EXPECT_EQ(called_at, (std::vector<uint64_t>{1, 2, 4})) << mute;
    if (mute) {
      EXPECT_EQ(text, "");
      continue;
    }
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 6) << text;  // header + 3 rows + the peer's row
    EXPECT_NE(text.find("1.000000 1.000000            2            2.0         1.0000         0.2500        3"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("0.625000 0.500000            8            8.0"), std::string::npos) << text;
    EXPECT_NE(text.find("0.500000 0.333333           14           14.0"), std::string::npos) << text;
  }
}

}  // namespace
}  // namespace learner
