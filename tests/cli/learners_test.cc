// The plug-in learners from the command line: --perceptron [--averaged],
// --kernel, --mira (passive-aggressive) and --passive_aggressive, through
// -f / -i / -t, passes, cache and -p; a model loaded into the wrong learner.
#include <gtest/gtest.h>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

bool learners_has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A separable binary problem: the label is the sign of x - y, with a margin.
std::string binary_file() {
  const std::string path = temp_path("learners_binary.txt");
  std::string text;
  for (int i = 0; i < 200; ++i) {
    const double x = (i * 37 % 100) / 100.0, y = (i * 61 % 100) / 100.0;
    if (std::abs(x - y) < 0.1) continue;
    text += std::string(x > y ? "1" : "-1") + " |a x:" + std::to_string(x) + " y:" + std::to_string(y) + "\n";
  }
  write_file(path, text);
  return path;
}

// Three classes, each with its own words.
std::string multiclass_file() {
  const std::string path = temp_path("learners_multi.txt");
  std::string text;
  for (int i = 0; i < 300; ++i) {
    const int k = i % 3 + 1;
    text += std::to_string(k) + " |w c" + std::to_string(k) + "_" + std::to_string(i % 5) + " c" + std::to_string(k) +
            "_" + std::to_string(i % 7) + " shared" + std::to_string(i % 4) + "\n";
  }
  write_file(path, text);
  return path;
}

double learners_average_loss(const std::string& err) {
  const auto at = err.find("average loss = ");
  return at == std::string::npos ? -1 : std::stod(err.substr(at + 15));
}

TEST(Learners, PerceptronLearnsASeparableSetAndItsModelRoundTrips) {
  const std::string data = binary_file(), model = temp_path("learners_p.bin");
  const RunResult train = run_learner("--perceptron -d " + data + " --passes 20 -c --holdout_off -f " + model);
  ASSERT_EQ(train.exit_code, 0) << train.err;
  EXPECT_TRUE(learners_has(train.err, "learner = perceptron")) << train.err;
  const RunResult test = run_learner("-t -i " + model + " -d " + data + " -p /dev/stdout");
  ASSERT_EQ(test.exit_code, 0) << test.err;
  EXPECT_EQ(learners_average_loss(test.err), 0.0) << "separable: no training mistake after convergence\n" << test.err;
  for (double p : first_column(test.out)) EXPECT_TRUE(p == 1 || p == -1) << p;
}

TEST(Learners, AveragedPredictionsAtTestTimeUseTheAverage) {
  const std::string data = binary_file(), plain = temp_path("learners_plain.bin"), avg = temp_path("learners_avg.bin");
  ASSERT_EQ(run_learner("--perceptron -d " + data + " -f " + plain + " --quiet").exit_code, 0);
  ASSERT_EQ(run_learner("--perceptron --averaged -d " + data + " -f " + avg + " --quiet").exit_code, 0);
  const RunResult a = run_learner("-t -i " + plain + " -d " + data + " -r /dev/stdout --quiet");
  const RunResult b = run_learner("-t -i " + avg + " -d " + data + " -r /dev/stdout --quiet");
  ASSERT_EQ(a.exit_code, 0);
  ASSERT_EQ(b.exit_code, 0);
  EXPECT_NE(a.out, b.out) << "the averaged model's raw scores are the average's";
  // --averaged is part of the model: restored by -i, refused as a conflict when it differs.
  const RunResult conflict = run_learner("-t -i " + plain + " --averaged -d " + data + " --quiet");
  EXPECT_EQ(conflict.exit_code, 2) << conflict.err;
}

TEST(Learners, MiraLearnsMulticlassAndCountsItsUpdates) {
  const std::string data = multiclass_file(), model = temp_path("learners_mira.bin");
  const RunResult r = run_learner("--mira 3 -d " + data + " --passes 3 -c --holdout_off -f " + model);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(learners_has(r.err, "learner = pa")) << r.err;
  EXPECT_TRUE(learners_has(r.err, "reduction = mira 3")) << r.err;
  EXPECT_TRUE(learners_has(r.err, "mira updates = ")) << r.err;
  const RunResult test = run_learner("-t -i " + model + " -d " + data + " -p /dev/stdout");
  ASSERT_EQ(test.exit_code, 0) << test.err;
  EXPECT_EQ(learners_average_loss(test.err), 0.0) << test.err;
  // The multiclass perceptron through the same reduction.
  const RunResult p = run_learner("--mira 3 --perceptron -d " + data + " --quiet");
  EXPECT_EQ(p.exit_code, 0) << p.err;
}

// Issue 28 item 15: MIRA's passive-aggressive learner averages by default,
// so --averaged is accepted and changes nothing (same model file, and it
// resumes a model trained without it); with --no_average it contradicts.
TEST(Learners, MiraAcceptsAveragedItsDefault) {
  const std::string data = multiclass_file(), plain = temp_path("learners_mira_plain.bin"),
                    averaged = temp_path("learners_mira_averaged.bin");
  ASSERT_EQ(run_learner("--mira 3 -d " + data + " -f " + plain + " --quiet").exit_code, 0);
  const RunResult r = run_learner("--mira 3 --averaged -d " + data + " -f " + averaged + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(plain), slurp(averaged));
  const RunResult resume = run_learner("--mira 3 --averaged -i " + plain + " -d " + data + " --quiet");
  EXPECT_EQ(resume.exit_code, 0) << resume.err;
  const RunResult test = run_learner("--averaged -t -i " + averaged + " -d " + data + " --quiet");
  EXPECT_EQ(test.exit_code, 0) << test.err;
  const RunResult both = run_learner("--mira 3 --averaged --no_average -d " + data + " --quiet");
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_TRUE(learners_has(both.err, "--averaged and --no_average contradict")) << both.err;
}

// Issue 28 item 8: the mistake-driven learners read any positive label as 1
// and any other as -1, and --binary reports a 0/1 loss against the label:
// labels other than -1 and 1 are input errors naming file:line (VW's binary
// reduction also calls them errors). Hinge loss alone accepts them, as VW
// (which warns): VW's own tests train hinge on labels in (0, 1).
TEST(Learners, MistakeDrivenLearnersAndBinaryNeedLabelsMinusOneOrOne) {
  const std::string data = temp_path("learners_labels.txt");
  write_file(data, "1 |a x\n7 |a x\n-1 |a y\n");
  for (const std::string flags : {"--perceptron", "--kernel linear", "--passive_aggressive", "--perceptron --averaged",
                                  "--binary", "--binary --loss_function hinge", "--binary --loss_function logistic"}) {
    const RunResult r = run_learner(flags + " -d " + data + " --quiet");
    EXPECT_EQ(r.exit_code, 1) << flags << "\n" << r.err;
    EXPECT_TRUE(learners_has(r.err, data + ":2: label 7 is not -1 or 1")) << flags << "\n" << r.err;
  }
  write_file(data, "1 |a x\n0 |a x\n");
  EXPECT_TRUE(learners_has(run_learner("--perceptron -d " + data + " --quiet").err, data + ":2: label 0 is not -1 or 1"));
  write_file(data, "1 |a x\n-1 2 |a x\n|a y\n");
  EXPECT_EQ(run_learner("--perceptron -d " + data + " --quiet").exit_code, 0);
  EXPECT_EQ(run_learner("--binary -d " + data + " --quiet").exit_code, 0);
  write_file(data, "0.5 |a x\n0.25 |a y\n");
  EXPECT_EQ(run_learner("--loss_function hinge -d " + data + " --quiet").exit_code, 0);
}

// MIRA's class scores come from a row loop built twice (baseline and AVX2,
// picked at run time): both give the same scores and model bit for bit, for
// K = 2..16 (one loop per K) and a table small enough that rows wrap.
TEST(Learners, MiraScoresAreTheSameWithAndWithoutAvx2) {
  for (const int k : {2, 3, 4, 5, 8, 10, 16}) {
    const std::string data = temp_path("learners_avx2.txt");
    std::string text;
    for (int i = 0; i < 200; ++i)
      text += std::to_string(i % k + 1) + " |w a" + std::to_string(i % k) + ":0.7 b" + std::to_string(i % 13) +
              ":1.3 c" + std::to_string(i % 5) + "\n";
    write_file(data, text);
    for (const std::string bits : {"18", "5"}) {
      const std::string args = "--mira " + std::to_string(k) + " -b " + bits + " -d " + data +
                               " --passes 2 -c -k --holdout_off --quiet -r /dev/stdout --readable_model /dev/stdout";
      const RunResult best = run_learner(args);
      const RunResult baseline = run_learner_with_env("LEARNER_NO_AVX2=1", args);
      ASSERT_EQ(best.exit_code, 0) << best.err;
      ASSERT_EQ(baseline.exit_code, 0) << baseline.err;
      EXPECT_GT(best.out.size(), 200u * k);
      EXPECT_EQ(best.out, baseline.out) << "K " << k << " -b " << bits;
    }
  }
}

TEST(Learners, KernelPerceptronWithALinearKernelEqualsThePerceptron) {
  const std::string data = binary_file();
  const RunResult primal = run_learner("--perceptron -d " + data + " -r /dev/stdout --quiet");
  const RunResult dual = run_learner("--kernel linear -d " + data + " -r /dev/stdout --quiet");
  ASSERT_EQ(primal.exit_code, 0) << primal.err;
  ASSERT_EQ(dual.exit_code, 0) << dual.err;
  const auto a = first_column(primal.out), b = first_column(dual.out);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-4) << i;
}

TEST(Learners, KernelModelRoundTripsWithItsSupportSet) {
  const std::string data = multiclass_file(), model = temp_path("learners_kernel.bin");
  ASSERT_EQ(run_learner("--oaa 3 --kernel rbf --gamma 0.5 --budget 50 -d " + data + " -f " + model +
                        " -p " + temp_path("learners_k_train.txt") + " --quiet")
                .exit_code,
            0);
  const RunResult a = run_learner("-t -i " + model + " -d " + data + " -r /dev/stdout --quiet");
  const RunResult b = run_learner("-t -i " + model + " -d " + data + " -r /dev/stdout --quiet");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_FALSE(a.out.empty());
}

TEST(Learners, KernelOptionsAreRangeChecked) {
  // --gamma 1e308 or --coef0 1e308 made the poly kernel overflow: every
  // score infinite or NaN, the model saved with exit status 0.
  const std::string data = multiclass_file();
  for (const std::string bad :
       {"--kernel poly --gamma 1e308", "--kernel rbf --gamma 1e308", "--kernel poly --coef0 1e308",
        "--kernel poly --coef0 -1e7", "--kernel poly --degree 65", "--kernel rbf --gamma 0"}) {
    const RunResult r = run_learner("--oaa 3 " + bad + " -d " + data + " --quiet");
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.err;
    EXPECT_TRUE(learners_has(r.err, bad.substr(bad.rfind("--"), bad.rfind(' ') - bad.rfind("--")))) << bad << ": " << r.err;
  }
  EXPECT_EQ(run_learner("--oaa 3 --kernel poly --gamma 1e6 --coef0 -1e6 -d " + data + " --quiet").exit_code, 0);
}

TEST(Learners, AKernelModelLoadsUnderASmallerBudget) {
  // The model holds 30 vectors (the set fills its budget); -i with --budget
  // 12 applies the budget by the policy (it was "corrupt or truncated").
  const std::string data = multiclass_file(), model = temp_path("learners_kernel_big.bin"),
                    text = temp_path("learners_kernel_small.txt");
  ASSERT_EQ(run_learner("--oaa 3 --kernel rbf --gamma 0.5 --budget 30 -d " + data + " -f " + model + " --quiet")
                .exit_code,
            0);
  for (const std::string policy : {"merge", "oldest", "smallest"}) {
    const RunResult r = run_learner("-i " + model + " --budget 12 --budget_policy " + policy + " -t -d " + data +
                                    " --readable_model " + text + " --quiet");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(learners_has(r.err, "holds 30 support vectors, more than --budget 12: cut to 12 by --budget_policy " + policy))
        << r.err;
    const std::string dump = slurp(text);
    EXPECT_TRUE(learners_has(dump, "\nsv11:")) << dump;
    EXPECT_FALSE(learners_has(dump, "\nsv12:")) << dump;
  }
  // Training on from the cut model keeps the smaller budget.
  const RunResult r = run_learner("-i " + model + " --budget 10 -d " + data + " --readable_model " + text + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(learners_has(slurp(text), "\nsv10:"));
}

TEST(Learners, AModelLoadsOnlyIntoItsLearnerAndTheirOptionsNeedThem) {
  const std::string data = binary_file(), model = temp_path("learners_wrong.bin");
  ASSERT_EQ(run_learner("--perceptron -d " + data + " -f " + model + " --quiet").exit_code, 0);
  RunResult r = run_learner("-t -i " + model + " --kernel rbf -d " + data + " --quiet");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(learners_has(r.err, "--kernel conflicts with the model " + model + ", which was trained without it (by the 'perceptron' learner)")) << r.err;
  r = run_learner("--budget 10 -d " + data + " --quiet");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(learners_has(r.err, "--budget needs --kernel")) << r.err;
  r = run_learner("--perceptron --l2 0.1 -d " + data + " --quiet");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(learners_has(r.err, "--l2 applies to the gradient learner, not to --perceptron")) << r.err;
  r = run_learner("--kernel cosine -d " + data + " --quiet");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(learners_has(r.err, "unknown kernel 'cosine'")) << r.err;
  r = run_learner("--perceptron --active -d " + data + " --quiet");
  EXPECT_EQ(r.exit_code, 2) << r.err;
}

}  // namespace
}  // namespace learner::test
