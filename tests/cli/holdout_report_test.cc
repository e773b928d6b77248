// Units of the report stage used by multi-pass runs: HoldoutTracker and the
// progress table's pass column and holdout rows. (They live with the cli
// tests, which link the report stage.)
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "learner/report/holdout.h"
#include "learner/report/progress.h"
#include "learner/report/summary.h"

namespace learner {
namespace {

using Verdict = HoldoutTracker::Verdict;

Verdict pass_with_loss(HoldoutTracker& t, unsigned pass, double loss) {
  t.add(2.0, loss);  // weighted: the average is still `loss`
  t.add(1.0, loss);
  return t.end_pass(pass);
}

TEST(HoldoutTracker, BestPassAndEarlyTermination) {
  HoldoutTracker t(3);
  EXPECT_FALSE(t.has_best());
  EXPECT_EQ(pass_with_loss(t, 0, 0.5), Verdict::kImproved);
  EXPECT_EQ(pass_with_loss(t, 1, 0.4), Verdict::kImproved);
  EXPECT_EQ(pass_with_loss(t, 2, 0.45), Verdict::kWorse);
  EXPECT_EQ(pass_with_loss(t, 3, 0.4), Verdict::kWorse) << "equal is not better";
  EXPECT_FALSE(t.should_stop());
  EXPECT_EQ(t.end_pass(4), Verdict::kNoHoldout) << "a pass without holdout examples";
  EXPECT_FALSE(t.should_stop()) << "and it does not count";
  EXPECT_EQ(pass_with_loss(t, 5, 0.6), Verdict::kWorse);
  EXPECT_TRUE(t.should_stop());
  EXPECT_EQ(t.best_pass(), 1u);
  EXPECT_DOUBLE_EQ(t.best_loss(), 0.4);
  EXPECT_DOUBLE_EQ(t.last_loss(), 0.6);
}

TEST(HoldoutTracker, ImprovementResetsTheCount) {
  HoldoutTracker t(2);
  pass_with_loss(t, 0, 1.0);
  pass_with_loss(t, 1, 2.0);
  EXPECT_EQ(pass_with_loss(t, 2, 0.9), Verdict::kImproved);
  pass_with_loss(t, 3, 2.0);
  EXPECT_FALSE(t.should_stop());
  pass_with_loss(t, 4, 2.0);
  EXPECT_TRUE(t.should_stop());
  EXPECT_EQ(t.best_pass(), 2u);
}

std::string read_all(std::FILE* f) {
  std::rewind(f);
  std::string text;
  char buf[512];
  while (std::fgets(buf, sizeof buf, f)) text += buf;
  std::fclose(f);
  return text;
}

TEST(ProgressTable, PassColumnAndHoldoutRows) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  ProgressOptions options;
  options.show_pass = true;
  options.holdout = true;
  options.additive = true;
  options.interval = 2;
  ProgressTable table(f, options);
  RunStats stats;
  for (int i = 0; i < 2; ++i) {  // pass 1: rows of progressive loss
    stats.add(true, 1.0, 1.0, 0.5, 3);
    table.after_example(stats, true, 1.0, 0.5, 3);
  }
  stats.add_holdout(1.0, 0.25);
  table.start_pass(1);
  for (int i = 0; i < 2; ++i) {  // pass 2: holdout loss, " h"
    stats.add(true, 1.0, 1.0, 0.5, 3);
    table.after_example(stats, true, 1.0, 0.5, 3);
  }
  stats.add_holdout(3.0, 0.75);
  for (int i = 0; i < 2; ++i) {
    stats.add(true, 1.0, 1.0, 0.5, 3);
    table.after_example(stats, true, 1.0, 0.5, 3);
  }
  for (int i = 0; i < 2; ++i) {  // no new holdout weight: since last is n.a.
    stats.add(true, 1.0, 1.0, 0.5, 3);
    table.after_example(stats, true, 1.0, 0.5, 3);
  }
  const std::string text = read_all(f);
  EXPECT_NE(text.find("loss     last          counter         weight          label        predict features  pass\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("0.500000 0.500000            2            2.0         1.0000         0.5000        3     1\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("0.250000 0.250000            4            4.0         1.0000         0.5000        3     2 h\n"),
            std::string::npos)
      << text;
  // (0.25 + 3 * 0.75) / 4 = 0.625 overall; 0.75 since the last row.
  EXPECT_NE(text.find("0.625000 0.750000            6            6.0"), std::string::npos) << text;
  EXPECT_NE(text.find("0.625000 n.a.                8            8.0"), std::string::npos) << text;
}

TEST(ProgressTable, HoldoutRowWithoutHoldoutExamplesIsUnknown) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  ProgressOptions options;
  options.holdout = true;
  ProgressTable table(f, options);
  table.start_pass(1);
  RunStats stats;
  stats.add(true, 1.0, 1.0, 0.5, 3);
  table.after_example(stats, true, 1.0, 0.5, 3);
  const std::string text = read_all(f);
  EXPECT_NE(text.find("unknown  n.a.                1"), std::string::npos) << text;
  EXPECT_NE(text.find(" h\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("  pass"), std::string::npos) << "no pass column unless asked";
}

TEST(Summary, HoldoutLossAndPassTimes) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  LossSpec spec;
  const auto loss = make_loss(spec);
  RunStats stats;
  for (int i = 0; i < 10; ++i) stats.add(true, 1.0, 1.0, 0.5, 3);
  HoldoutTracker holdout(3);
  holdout.add(1.0, 0.125);
  holdout.end_pass(0);
  RunTiming timing{1.0, 1e6, 3, {{0.75, PassSource::kText}, {0.25, PassSource::kCache}, {0.125, PassSource::kMemory}}};
  print_summary(f, stats, *loss, false, timing, &holdout);
  const std::string text = read_all(f);
  EXPECT_NE(text.find("number of examples per pass = 3\npasses used = 3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("average loss = 0.125000 h\n"), std::string::npos) << text;
  EXPECT_NE(text.find("seconds per pass = 0.750 (text) 0.250 (cache) 0.125 (memory)\n"), std::string::npos) << text;

  std::FILE* g = std::tmpfile();
  HoldoutTracker none(3);
  print_summary(g, stats, *loss, false, RunTiming{}, &none);
  EXPECT_NE(read_all(g).find("average loss = undefined (no holdout)\n"), std::string::npos);
}

}  // namespace
}  // namespace learner
