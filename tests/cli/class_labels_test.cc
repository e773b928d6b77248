// --named_labels and --indexing (parse/class_labels.h) end to end: labels
// read as names or 0-based ids, predictions and scores written the same way,
// for every multiclass reduction; bad lists and tokens are errors.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <string>

#include "run_helper.h"

namespace learner::test {
namespace {

bool class_labels_has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const char* kNamed = "det | the\nnoun | dog\nverb | runs\ndet | a\nnoun | cat\nverb | sleeps\n";

std::string file_of(const char* name, const std::string& text) {
  const std::string path = temp_path(name);
  write_file(path, text);
  return path;
}

// VW test 358 (--probabilities --oaa=4 --loss_function=logistic --indexing 0
// on probabilities_zero_ind.dat, 6 lines of VW's test suite): VW's -p lines,
// agreed to 1e-3 (docs/vw-compat.md: VW's approximate inverse square root).
TEST(ClassLabels, ZeroBasedOaaMatchesVw) {
  const std::string data = file_of("zero_ind.dat",
                                   "0 | 1:2 2:3\n1 | 5:2 2:3\n3 | 1:2 2:3\n3 | 2:2 3:3\n1 | 2:2 4:3\n2 | 5:2 4:3\n");
  const RunResult r =
      run_learner("-d " + data + " --probabilities --oaa=4 --loss_function=logistic -p /dev/stdout --indexing 0");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const double vw[6][4] = {{0.25, 0.25, 0.25, 0.25},
                           {0.347964, 0.217345, 0.217345, 0.217345},
                           {0.376255, 0.273924, 0.174911, 0.174911},
                           {0.280201, 0.26746, 0.190765, 0.261574},
                           {0.26616, 0.252345, 0.177906, 0.303589},
                           {0.206406, 0.40289, 0.159818, 0.230886}};
  std::istringstream lines(r.out);
  std::string line;
  for (int i = 0; i < 6; ++i) {
    ASSERT_TRUE(std::getline(lines, line));
    double p[4];
    ASSERT_EQ(std::sscanf(line.c_str(), "0:%lf 1:%lf 2:%lf 3:%lf", &p[0], &p[1], &p[2], &p[3]), 4) << line;
    for (int k = 0; k < 4; ++k) EXPECT_NEAR(p[k], vw[i][k], 1e-3) << i << " " << k;
  }
  EXPECT_TRUE(class_labels_has(r.err, "average loss = 0.833333")) << r.err;  // VW's too
  EXPECT_TRUE(class_labels_has(r.err, "best constant class = 1\n")) << r.err;
}

TEST(ClassLabels, ZeroBasedClassesAreTheSameModelShifted) {
  const std::string one = file_of("one.txt", "1 | a\n2 | b\n3 | c\n1 | a\n2 | b\n");
  const std::string zero = file_of("zero.txt", "0 | a\n1 | b\n2 | c\n0 | a\n1 | b\n");
  const RunResult a = run_learner("-d " + one + " --oaa 3 -p /dev/stdout --quiet");
  const RunResult b = run_learner("-d " + zero + " --oaa 3 --indexing 0 -p /dev/stdout --quiet");
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(a.out, "1\n1\n1\n1\n2\n");
  EXPECT_EQ(b.out, "0\n0\n0\n0\n1\n");
  // --indexing 1 is the default; class 0 without --indexing 0 says what to give.
  EXPECT_EQ(run_learner("-d " + one + " --oaa 3 --indexing 1 -p /dev/stdout --quiet").out, a.out);
  const RunResult bad = run_learner("-d " + zero + " --oaa 3");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_TRUE(class_labels_has(bad.err, ":1: class out of range 1..3 (0-based classes need --indexing 0)")) << bad.err;
  const RunResult high = run_learner("-d " + one + " --oaa 3 --indexing 0");
  EXPECT_TRUE(class_labels_has(high.err, ":3: a class must be a class id in 0..2 (--indexing 0)")) << high.err;
}

TEST(ClassLabels, NamedLabelsInAndOut) {
  const std::string data = file_of("named.txt", kNamed);
  RunResult r = run_learner("--named_labels det,noun,verb --oaa 3 -d " + data +
                            " -c -k --passes 3 --holdout_off -p /dev/stdout --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(r.out.size() - 28), "det\nnoun\nverb\ndet\nnoun\nverb\n");
  r = run_learner("--named_labels det,noun,verb --oaa 3 -d " + data + " --scores -p /dev/stdout --quiet");
  EXPECT_TRUE(class_labels_has(r.out, "det:0.253466 noun:-0.253466 verb:-0.253466\n")) << r.out;
  // The same names in every multiclass grammar: cost-sensitive and filter trees.
  const std::string costs = file_of("named_costs.txt", "det:0 noun:1 verb:1 | the\nnoun:0 det:1 | dog\n");
  r = run_learner("--named_labels det,noun,verb --csoaa 3 -d " + costs + " -p /dev/stdout --quiet");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "det\ndet\n");
  r = run_learner("--named_labels det,noun,verb --filter_tree 3 -d " + data + " -p /dev/stdout --quiet");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // A model remembers its names: -i without --named_labels reads names.
  const std::string model = temp_path("named.model");
  ASSERT_EQ(run_learner("--named_labels det,noun,verb --oaa 3 -d " + data + " -f " + model + " --quiet").exit_code, 0);
  r = run_learner("-i " + model + " -t -d " + data + " -p /dev/stdout --quiet");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(class_labels_has(r.out, "noun\n")) << r.out;
  r = run_learner("-i " + model + " --named_labels a,b,c -t -d " + data);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(class_labels_has(r.err, "conflicts with the model")) << r.err;
}

TEST(ClassLabels, BadListsAndTokens) {
  const std::string data = file_of("named_bad.txt", kNamed);
  const struct {
    const char* args;
    int code;
    const char* says;
  } cases[] = {
      {"--named_labels det,noun --oaa 3", 2, "--named_labels gives 2 names; the reduction has 3 classes"},
      {"--named_labels det,,verb --oaa 3", 2, "has an empty name"},
      {"--named_labels det,det,verb --oaa 3", 2, "names 'det' twice"},
      {"--named_labels a:b,c,d --oaa 3", 2, "holds a blank, ':', '|'"},
      {"--named_labels det,noun,verb", 2, "--named_labels needs a multiclass reduction"},
      {"--indexing 2 --oaa 3", 2, "--indexing must be 0 or 1, got '2'"},
      {"--indexing 0 --named_labels det,noun,verb --oaa 3", 2, "cannot be combined"},
      {"--named_labels det,noun,adj --oaa 3", 1, ":3: a class must be a class name of --named_labels det,noun,adj "
                                                 "(token 'verb')"},
  };
  for (const auto& c : cases) {
    const RunResult r = run_learner("-d " + data + " " + c.args);
    EXPECT_EQ(r.exit_code, c.code) << c.args << ": " << r.err;
    EXPECT_TRUE(class_labels_has(r.err, c.says)) << c.args << ": " << r.err;
  }
}


// VW test 190 (--oaa 10 -d train-sets/multiclass --classweight 4:0,7:0.1,2:10
// --classweight 10:3, ten lines "k | word"): weighted example sum 19.1 and
// average loss 0.947644, VW's figures.
TEST(ClassWeight, MulticlassMatchesVw) {
  const std::string data = file_of("classweight.txt",
                                   "1 | one\n2 | two\n3 | three\n4 | four\n5 | five\n6 | six\n7 | seven\n"
                                   "8 | eight\n9 | nine\n10 | ten\n");
  const RunResult r = run_learner("--oaa 10 -d " + data + " --classweight 4:0,7:0.1,2:10 --classweight 10:3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(class_labels_has(r.err, "weighted example sum = 19.100000")) << r.err;
  EXPECT_TRUE(class_labels_has(r.err, "average loss = 0.947644")) << r.err;
}

TEST(ClassWeight, SimpleLabelsNamesAndErrors) {
  const std::string data = file_of("classweight_simple.txt", "1 | a\n-1 | b\n0.5 | c\n");
  RunResult r = run_learner("-d " + data + " --classweight 1:2,-1:0.5,0:3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(class_labels_has(r.err, "weighted example sum = 5.500000")) << r.err;  // 2 + 0.5 + 3 (0.5 -> class 0)
  // -t: nothing is learned, nothing weighted (VW weights in learn only).
  r = run_learner("-d " + data + " --classweight 1:2 -t");
  EXPECT_TRUE(class_labels_has(r.err, "weighted example sum = 3.000000")) << r.err;
  const std::string named = file_of("classweight_named.txt", kNamed);
  r = run_learner("--named_labels det,noun,verb --oaa 3 -d " + named + " --classweight noun:0");
  EXPECT_TRUE(class_labels_has(r.err, "weighted example sum = 4.000000")) << r.err;
  const struct {
    const char* args;
    const char* says;
  } cases[] = {
      {"--classweight 1", "--classweight '1': not class:weight"},
      {"--classweight 1:2,", "--classweight '': not class:weight"},
      {"--classweight a:2", "the class is not an integer"},
      {"--classweight 1:-2", "the weight is not a finite number >= 0"},
      {"--classweight 1:nan", "the weight is not a finite number >= 0"},
      {"--classweight 1:2 --classweight 1:3", "the class has a weight already"},
      {"--csoaa 3 --classweight 1:2", "not to cost-sensitive or multilabel ones"},
  };
  for (const auto& c : cases) {
    r = run_learner("-d " + data + " " + c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args;
    EXPECT_TRUE(class_labels_has(r.err, c.says)) << c.args << ": " << r.err;
  }
}


// VW test (check multilabel_oaa): --multilabel_oaa 10 on VW's ten-line
// train-sets/multilabel; VW's -p lines (pred-sets/ref/multilabel.predict) and
// average loss 2.6.
TEST(MultilabelOaa, MatchesVw) {
  const std::string data = file_of("multilabel.txt",
                                   "0,1 | one\n1,2 | two\n2,3 | three\n3,4 | four\n2,3,4,5 | five\n6 | six\n"
                                   "5,7 | seven\n8 | eight\n9 | nine\n1,8 | ten\n");
  const RunResult r = run_learner("--multilabel_oaa 10 -d " + data + " -p /dev/stdout");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "\n0,1\n0,1\n1,2\n1\n2,3\n\n\n\n\n");
  EXPECT_TRUE(class_labels_has(r.err, "average loss = 2.600000")) << r.err;
  // --indexing 1 reads the same sets 1-based, as --multilabel does.
  const RunResult one = run_learner("--multilabel_oaa 10 --indexing 1 -d " + data + " -p /dev/stdout --quiet");
  EXPECT_EQ(one.exit_code, 1);
  EXPECT_TRUE(class_labels_has(one.err, ":1: class out of range 1..10 (0-based classes need --indexing 0)")) << one.err;
  const RunResult both = run_learner("--multilabel_oaa 10 --multilabel 10 -d " + data);
  EXPECT_EQ(both.exit_code, 2);
}

}  // namespace
}  // namespace learner::test
