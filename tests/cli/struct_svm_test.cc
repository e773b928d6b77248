// End-to-end runs of --struct_svm K (issue 14): usage errors for the cost
// flags, training and -t -i prediction with learned costs, the cost matrix in
// the summary and in --readable_model, the options a model keeps, and a
// quality floor on R8 (when ../shared/data is there).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "learner/model/model_file.h"
#include "run_helper.h"

namespace learner::test {
namespace {

// Three classes with their own words plus shared noise words; class 1 is
// four times as frequent as classes 2 and 3.
std::string svm_data(int n) {
  std::string text;
  for (int i = 0; i < n; ++i) {
    const int y = i % 6 < 4 ? 1 : 2 + i % 2;
    text += std::to_string(y) + " |w c" + std::to_string(y) + "_" + std::to_string(i % 5) + " |n s" +
            std::to_string(i % 11) + "\n";
  }
  return text;
}

void expect_usage(const std::string& flags, const std::string& message) {
  const RunResult r = run_learner(flags + " --quiet", "1 |a x\n");
  EXPECT_EQ(r.exit_code, 2) << flags << "\n" << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos) << flags << "\n" << r.err;
}

TEST(StructSvmCli, BadFlagsAreUsageErrors) {
  expect_usage("--struct_svm 0", "--struct_svm");
  expect_usage("--struct_svm -3", "--struct_svm");
  expect_usage("--struct_svm 1", "--struct_svm");
  expect_usage("--struct_svm 2000", "--struct_svm");
  expect_usage("--struct_svm 3 --cost_norm logical", "--cost_norm applies to learned costs");
  expect_usage("--struct_svm 3 --learn_costs objective1 --cost_norm expected", "--cost_norm applies");
  expect_usage("--struct_svm 3 --learn_costs kappa_cosine --cost_norm none", "--cost_norm applies");
  expect_usage("--struct_svm 3 --cost_factors diagonal", "unknown cost factor type 'diagonal'");
  expect_usage("--struct_svm 3 --learn_costs objective2", "unknown cost learning 'objective2'");
  expect_usage("--struct_svm 3 --learn_costs objective10 --cost_norm max", "unknown cost normaliser 'max'");
  expect_usage("--struct_svm 3 --cost_scale 0", "--cost_scale");
  expect_usage("--struct_svm 3 --cost_scale -1", "--cost_scale");
  expect_usage("--struct_svm 3 --cost_scale nan", "--cost_scale");
  expect_usage("--struct_svm 3 --cost_rate 0", "--cost_rate");
  expect_usage("--struct_svm 3 --l1 -0.1", "--l1");
  expect_usage("--struct_svm 3 --l2 inf", "--l2");
  expect_usage("--learn_costs objective10", "--learn_costs needs --struct_svm");
  expect_usage("--cost_scale 2", "--cost_scale needs --struct_svm");
  expect_usage("--struct_svm 3 --perceptron", "--struct_svm trains its own learner");
  expect_usage("--struct_svm 3 --power_t 0.3", "applies to the gradient learner, not to the struct_svm learner");
  expect_usage("--perceptron --l1 0.1", "--l1 applies to the gradient learner");
}

TEST(StructSvmCli, LearnsPredictsWithTheModelAndPrintsTheCostMatrix) {
  const std::string data = svm_data(300), train = temp_path("ssvm_train.vw"), model = temp_path("ssvm.model"),
                    readable = temp_path("ssvm_readable.txt"), preds = temp_path("ssvm.preds");
  write_file(train, data);
  for (const std::string costs : {"", "--learn_costs objective1", "--learn_costs objective10 --cost_norm expected",
                                  "--learn_costs objective10_gradient --cost_norm logical",
                                  "--learn_costs kappa_cosine --cost_factors ordered"}) {
    SCOPED_TRACE(costs);
    const RunResult fit = run_learner("-d " + train + " --struct_svm 3 " + costs + " --l2 1e-6 --passes 4 -c -k " +
                                      "--holdout_off -f " + model + " --readable_model " + readable);
    ASSERT_EQ(fit.exit_code, 0) << fit.err;
    EXPECT_NE(fit.err.find("cost matrix (--learn_costs "), std::string::npos) << fit.err;
    EXPECT_NE(fit.err.find("factor "), std::string::npos) << fit.err;
    EXPECT_NE(fit.err.find("best constant class = 1"), std::string::npos) << fit.err;
    const std::string text = slurp(readable);
    EXPECT_EQ(ModelReader(model).learner(), "struct_svm");
    EXPECT_NE(text.find("cost matrix: learn_costs"), std::string::npos) << text;
    const RunResult test = run_learner("-t -i " + model + " -d " + train + " -p " + preds + " --quiet");
    ASSERT_EQ(test.exit_code, 0) << test.err;
    const std::vector<double> predicted = first_column(slurp(preds));
    ASSERT_EQ(predicted.size(), 300u);
    int wrong = 0;
    for (int i = 0; i < 300; ++i) wrong += predicted[i] != (i % 6 < 4 ? 1 : 2 + i % 2);
    EXPECT_EQ(wrong, 0);
  }
  // The model keeps its cost options: another value is a conflict, resuming works.
  const RunResult conflict = run_learner("-i " + model + " -d " + train + " --learn_costs objective1 --quiet");
  EXPECT_EQ(conflict.exit_code, 2) << conflict.err;
  EXPECT_NE(conflict.err.find("--learn_costs"), std::string::npos) << conflict.err;
  const RunResult resume = run_learner("-i " + model + " -d " + train + " --quiet -f " + model + ".2");
  EXPECT_EQ(resume.exit_code, 0) << resume.err;
}

// --l1 and --l2 are the gradient learner's flags, shared: they reach the
// structured SVM (a strong L1 leaves fewer non-zero weights) and the model
// stores them.
TEST(StructSvmCli, SharedRegularisationFlagsReachTheLearner) {
  const std::string train = temp_path("ssvm_l1.vw"), readable = temp_path("ssvm_l1.txt"),
                    model = temp_path("ssvm_l1.model");
  write_file(train, svm_data(120));
  auto weights = [&](const std::string& flags) {
    const RunResult r =
        run_learner("-d " + train + " --struct_svm 3 --quiet -f " + model + " --readable_model " + readable + " " + flags);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const std::string text = slurp(readable);
    const std::size_t start = text.find("\n:0\n"), end = text.find("cost matrix:");
    EXPECT_NE(start, std::string::npos);
    EXPECT_NE(end, std::string::npos);
    const ModelReader stored(model);  // option() points into it: it must outlive l1
    const std::string* l1 = stored.option("l1");
    EXPECT_TRUE(l1 && *l1 == (flags.empty() ? "0" : "0.2")) << (l1 ? *l1 : "none");
    std::size_t lines = 0;
    for (std::size_t i = start + 4; i < end; ++i) lines += text[i] == '\n';
    return lines;
  };
  const std::size_t plain = weights(""), sparse = weights("--l1 0.2");
  EXPECT_GT(plain, 20u);
  EXPECT_LT(sparse, plain / 2) << "--l1 did not reach the structured SVM";
}

TEST(StructSvmCli, ScoresAndGoldenProgress) {
  const RunResult r = run_learner("--struct_svm 3 --scores -p /dev/stdout --quiet", "2 |a x\n1 |a y\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Example 1: all scores 0. Step on {2: +1, 1: -1} with rate 0.5 and AdaGrad's
  // first step |w| = eta: class 2 gets +0.5 on x and on the constant, class 1 -0.5.
  // Example 2 (features y and the constant): scores -0.5, 0.5, 0.
  EXPECT_EQ(r.out, "1:0 2:0 3:0\n1:-0.500000 2:0.500000 3:0\n");
  // -l 0 is test only, as for every learner: nothing moves.
  const RunResult still = run_learner("--struct_svm 3 -l 0 --scores -p /dev/stdout --quiet", "2 |a x\n1 |a y\n");
  ASSERT_EQ(still.exit_code, 0) << still.err;
  EXPECT_EQ(still.out, "1:0 2:0 3:0\n1:0 2:0 3:0\n");
}

// R8 (8 very unequal classes): a quality floor for the plain structured SVM
// and objective 10 with expected normalisers (LIBLINEAR -s 4 reaches 97.35%).
TEST(StructSvmCli, R8QualityFloor) {
  const std::string dir = data_dir() + "/r8";
  if (!std::filesystem::exists(dir + "/r8-train-all-terms.txt")) GTEST_SKIP() << "no R8 in " << dir;
  const std::string train = temp_path("r8_train.vw"), test = temp_path("r8_test.vw"), model = temp_path("r8.model"),
                    preds = temp_path("r8.preds");
  const std::string tool = std::string(LEARNER_SOURCE_DIR) + "/scripts/r8tovw ";
  ASSERT_EQ(std::system((tool + dir + "/r8-train-all-terms.txt > " + train).c_str()), 0);
  ASSERT_EQ(std::system((tool + dir + "/r8-test-all-terms.txt > " + test).c_str()), 0);
  for (const std::string costs : {"", "--learn_costs objective10 --cost_norm expected"}) {
    SCOPED_TRACE(costs);
    const RunResult fit = run_learner("-d " + train + " --struct_svm 8 -b 22 " + costs +
                                      " --passes 5 -c -k --holdout_off --quiet -f " + model);
    ASSERT_EQ(fit.exit_code, 0) << fit.err;
    const RunResult predict = run_learner("-t -i " + model + " -d " + test + " -p " + preds + " --quiet");
    ASSERT_EQ(predict.exit_code, 0) << predict.err;
    const std::vector<double> predicted = first_column(slurp(preds));
    const std::string labels = slurp(test);
    std::istringstream in(labels);
    int right = 0, n = 0;
    for (std::string line; std::getline(in, line); ++n) right += n < static_cast<int>(predicted.size()) &&
                                                                 std::stod(line.substr(0, line.find(' '))) == predicted[n];
    ASSERT_EQ(n, 2189);
    EXPECT_GE(right / 2189.0, 0.95);
  }
}

}  // namespace
}  // namespace learner::test
