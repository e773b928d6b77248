// End-to-end runs of --bootstrap: VW's -p line, the stack in the preamble and
// in model files (-i rebuilds it), bootstrap under --oaa, impossible stacks.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

std::string regression_data() {
  std::string text;
  for (int i = 0; i < 60; ++i)
    text += std::to_string(0.1 * (i % 7)) + " 'r" + std::to_string(i) + " |f a:" + std::to_string(i % 7) +
            " b:" + std::to_string((i * 3) % 5) + "\n";
  return text;
}

TEST(Bootstrap, PredictionLineIsMeanTagLowerUpper) {
  const RunResult r = run_learner("--bootstrap 4 -p /dev/stdout", regression_data());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("stack = gd, bootstrap 4 (mean)"), std::string::npos) << r.err;
  std::istringstream lines(r.out);
  int n = 0;
  for (std::string line; std::getline(lines, line); ++n) {
    std::istringstream fields(line);
    double mean = 0, low = 0, high = 0;
    std::string tag;
    ASSERT_TRUE(fields >> mean >> tag >> low >> high) << line;
    EXPECT_EQ(tag, std::string("r").append(std::to_string(n)));  // (GCC 12 misreads "r" + std::string&&)
    EXPECT_LE(low, mean + 1e-6) << line;
    EXPECT_LE(mean, high + 1e-6) << line;
    EXPECT_NE(line.substr(0, line.find(' ')).find('.'), std::string::npos) << line;  // fixed: "0.000000", not "0"
  }
  EXPECT_EQ(n, 60);
}

TEST(Bootstrap, ModelFileRebuildsTheStack) {
  const std::string model = temp_path("bs.model"), data = temp_path("bs.vw");
  write_file(data, regression_data());
  const RunResult train = run_learner("-d " + data + " --bootstrap 3 --bs_type vote -f " + model);
  ASSERT_EQ(train.exit_code, 0) << train.err;
  const RunResult test = run_learner("-t -d " + data + " -i " + model + " -p /dev/stdout");
  ASSERT_EQ(test.exit_code, 0) << test.err;
  EXPECT_NE(test.err.find("stack = gd, bootstrap 3 (vote)"), std::string::npos) << test.err;
  const RunResult other = run_learner("-t -d " + data + " -i " + model + " --bootstrap 5");
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_NE(other.err.find("--bootstrap"), std::string::npos) << other.err;
  // A model without the layer stores none of its options (models without it are unchanged).
  const std::string plain = temp_path("plain.model");
  ASSERT_EQ(run_learner("-d " + data + " -f " + plain).exit_code, 0);
  EXPECT_EQ(slurp(plain).find("bs_type"), std::string::npos);
}

// The gradient learner's state reaches the driver through the layer
// (Learner::loaded_without_state and the learning rate are forwarded).
TEST(Bootstrap, GradientLearnersStateIsSeenThroughTheLayer) {
  const std::string model = temp_path("bs_light.model"), data = temp_path("bs_light.vw");
  write_file(data, regression_data());
  ASSERT_EQ(run_learner("-d " + data + " --bootstrap 2 --predict_only_model -f " + model).exit_code, 0);
  const RunResult light = run_learner("-d " + data + " -i " + model);
  ASSERT_EQ(light.exit_code, 0) << light.err;
  EXPECT_NE(light.err.find("has no optimizer state"), std::string::npos) << light.err;
  ASSERT_EQ(run_learner("-d " + data + " --bootstrap 2 -l 0.25 -f " + model).exit_code, 0);
  const RunResult resumed = run_learner("-d " + data + " -i " + model);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("learning rate = 0.25"), std::string::npos) << resumed.err;  // the model's rate
}

TEST(Bootstrap, UnderOaaEveryClassHasItsRounds) {
  std::string text;
  for (int i = 0; i < 90; ++i) text += std::to_string(1 + i % 3) + " |w t" + std::to_string(i % 3) + "\n";
  const RunResult r = run_learner("--oaa 3 --bootstrap 4 -p /dev/stdout", text);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("stack = gd, bootstrap 4 (mean), oaa"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.ends_with("1\n2\n3\n")) << r.out;  // learned by the end
}

TEST(Bootstrap, RefusesImpossibleStacksAndStrayOptions) {
  const std::string data = "1 |a x\n-1 |a y\n";
  for (const char* args : {"--bs_type vote", "--bootstrap 3 --bs_type median", "--bootstrap 3 --active --simulation",
                           "--bootstrap 3 --struct_svm 3", "--bootstrap 0"}) {
    const RunResult r = run_learner(args, data);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
  }
}

}  // namespace
}  // namespace learner::test
