// End-to-end runs of --boosting: the stack in the preamble and in model
// files (-i restores the alphas), and its refusals.
#include <gtest/gtest.h>

#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

std::string signs_data() {
  std::string text;
  for (int i = 0; i < 80; ++i) text += std::string(i % 3 == 0 ? "1" : "-1") + " |f a:" + std::to_string(i % 3) + " b:1\n";
  return text;
}

TEST(Boosting, ModelFileRestoresTheWeakLearnersWeights) {
  const std::string model = temp_path("boost.model"), data = temp_path("boost.vw");
  write_file(data, signs_data());
  const RunResult train = run_learner("-d " + data + " --boosting 3 --alg logistic -f " + model);
  ASSERT_EQ(train.exit_code, 0) << train.err;
  EXPECT_NE(train.err.find("stack = gd, boosting 3 (logistic)"), std::string::npos) << train.err;
  const RunResult test = run_learner("-t -d " + data + " -i " + model + " -p /dev/stdout");
  ASSERT_EQ(test.exit_code, 0) << test.err;
  EXPECT_NE(test.err.find("stack = gd, boosting 3 (logistic)"), std::string::npos) << test.err;
  // The alphas start at 0: predictions that are not all 0 come from the model's alphas.
  bool nonzero = false;
  for (double p : first_column(test.out)) nonzero = nonzero || p != 0.0;
  EXPECT_TRUE(nonzero) << test.out;
}

TEST(Boosting, RefusesStrayOptionsAndBadAlgorithms) {
  const std::string data = "1 |a x\n-1 |a y\n";
  for (const char* args : {"--alg logistic", "--boosting 3 --alg adaboost", "--boosting 3 --kernel rbf",
                           "--boosting 3 --active --simulation"}) {
    const RunResult r = run_learner(args, data);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
  }
  EXPECT_EQ(run_learner("--boosting 2 --bootstrap 2 --binary", data).exit_code, 0);  // two layers, VW's order
}

}  // namespace
}  // namespace learner::test
