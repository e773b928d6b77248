// VW's own reference predictions (shared/data/vw-ref, VW 9.11.2): matching
// them to 1e-3 shows hashing, the default update and clipping are VW's.
#include <gtest/gtest.h>

#include <filesystem>

#include "run_helper.h"

namespace learner::test {
namespace {

struct Case {
  const char* name;
  const char* args;
  const char* data;
  const char* reference;
};

class VwReference : public ::testing::TestWithParam<Case> {};

TEST_P(VwReference, MatchesPredictions) {
  const Case& c = GetParam();
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
    ::testing::Values(Case{"squared", "-b 7", "0002_25.dat", "sparse_weights_simple.predict"},
                      Case{"hinge", "--loss_function hinge -b 7", "0002_25.dat", "hinge_loss.predict"},
                      Case{"quantile", "--loss_function quantile --quantile_tau 0.5 -b 7", "0002_25.dat",
                           "quantile_loss.predict"},
                      Case{"quantile025", "--loss_function quantile --quantile_tau 0.25 -b 7", "0002_25.dat",
                           "quantile_loss_025.predict"},
                      Case{"expectile", "--loss_function expectile --expectile_q 0.5 -b 7", "0002_25.dat",
                           "expectile_loss.predict"},
                      Case{"classic", "--loss_function classic -b 7", "0002_25.dat", "classic_loss.predict"},
                      Case{"poisson", "--loss_function poisson --link poisson -b 2", "poisson_small.dat",
                           "poisson.train.predict"}),
    [](const ::testing::TestParamInfo<Case>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace learner::test
