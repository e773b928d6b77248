// VW's own reference predictions (shared/data/vw-ref, VW 9.11.2): matching
// them to 1e-3 shows hashing, the default update and clipping are VW's.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "run_helper.h"

namespace learner::test {
namespace {

struct VwReferenceCase {
  const char* name;
  const char* args;
  const char* data;
  const char* reference;
};

class VwReference : public ::testing::TestWithParam<VwReferenceCase> {};

TEST_P(VwReference, MatchesPredictions) {
  const VwReferenceCase& c = GetParam();
  const std::string dir = data_dir() + "/vw-ref";
  if (!std::filesystem::exists(dir + "/" + c.data)) GTEST_SKIP() << "no VW reference data at " << dir;
  const std::string preds = temp_path(std::string(c.name) + ".predict");
  const RunResult r = run_learner(std::string(c.args) + " -d " + dir + "/" + c.data + " -p " + preds + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<double> mine = first_column(slurp(preds));
  const std::vector<double> theirs = first_column(slurp(dir + "/" + c.reference));
  ASSERT_EQ(mine.size(), theirs.size());
  ASSERT_FALSE(mine.empty());
  for (std::size_t i = 0; i < mine.size(); ++i) EXPECT_NEAR(mine[i], theirs[i], 1e-3) << "example " << i + 1;
  // Tags are written after the value, as VW does.
  EXPECT_EQ(slurp(preds).substr(0, 2), slurp(dir + "/" + c.reference).substr(0, 2));
}

INSTANTIATE_TEST_SUITE_P(
    Losses, VwReference,
    ::testing::Values(VwReferenceCase{"squared", "-b 7", "0002_25.dat", "sparse_weights_simple.predict"},
                      // VW test 532's own command line
                      VwReferenceCase{"sparse_weights", "--sparse_weights -b 7", "0002_25.dat", "sparse_weights_simple.predict"},
                      VwReferenceCase{"hinge", "--loss_function hinge -b 7", "0002_25.dat", "hinge_loss.predict"},
                      VwReferenceCase{"quantile", "--loss_function quantile --quantile_tau 0.5 -b 7", "0002_25.dat",
                           "quantile_loss.predict"},
                      VwReferenceCase{"quantile025", "--loss_function quantile --quantile_tau 0.25 -b 7", "0002_25.dat",
                           "quantile_loss_025.predict"},
                      VwReferenceCase{"expectile", "--loss_function expectile --expectile_q 0.5 -b 7", "0002_25.dat",
                           "expectile_loss.predict"},
                      VwReferenceCase{"classic", "--loss_function classic -b 7", "0002_25.dat", "classic_loss.predict"},
                      VwReferenceCase{"poisson", "--loss_function poisson --link poisson -b 2", "poisson_small.dat",
                           "poisson.train.predict"}),
    [](const ::testing::TestParamInfo<VwReferenceCase>& c) { return std::string(c.param.name); });

// "1:s1 2:s2 ..." lines as rows of numbers.
std::vector<std::vector<double>> class_scores(const std::string& text) {
  std::vector<std::vector<double>> rows;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::vector<double> row;
    std::istringstream tokens(line);
    for (std::string t; tokens >> t;) row.push_back(std::stod(t.substr(t.find(':') + 1)));
    rows.push_back(row);
  }
  return rows;
}

struct MulticlassCase {
  const char* name;
  const char* args;
  const char* reference;
};

class VwMulticlassReference : public ::testing::TestWithParam<MulticlassCase> {};

// --oaa at the default -b 18 gives VW's per-class predictions: sub-models
// interleaved within a feature (h K + i), each with its own normaliser, and
// the clipped scores VW's oaa ranks and prints.
TEST_P(VwMulticlassReference, MatchesEveryClassScore) {
  const MulticlassCase& c = GetParam();
  const std::string dir = data_dir() + "/vw-ref";
  if (!std::filesystem::exists(dir + "/probabilities.dat")) GTEST_SKIP() << "no VW reference data at " << dir;
  const std::string preds = temp_path(std::string(c.name) + ".predict");
  const RunResult r = run_learner(std::string(c.args) + " -d " + dir + "/probabilities.dat -p " + preds + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto mine = class_scores(slurp(preds)), theirs = class_scores(slurp(dir + "/" + c.reference));
  ASSERT_EQ(mine.size(), theirs.size());
  ASSERT_EQ(mine.size(), 200u);
  for (std::size_t i = 0; i < mine.size(); ++i) {
    ASSERT_EQ(mine[i].size(), 4u);
    ASSERT_EQ(theirs[i].size(), 4u);
    for (std::size_t k = 0; k < 4; ++k) EXPECT_NEAR(mine[i][k], theirs[i][k], 1e-3) << "example " << i + 1;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Oaa, VwMulticlassReference,
    ::testing::Values(MulticlassCase{"oaa_scores", "--oaa 4 --scores", "oaa_scores.predict"},
                      MulticlassCase{"oaa_probabilities", "--oaa 4 --probabilities --loss_function logistic",
                                     "oaa_probabilities.predict"}),
    [](const ::testing::TestParamInfo<MulticlassCase>& c) { return std::string(c.param.name); });

}  // namespace
}  // namespace learner::test
