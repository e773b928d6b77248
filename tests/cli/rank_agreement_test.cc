// The start-up check of an --allreduce group (cli/rank_agreement.h): which
// options must agree, and that every rank of a group whose options differ
// fails with the same message, run on an in-process group of threads
// (support/thread_group.h). The same over mpirun: tests/mpi/run.sh.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "learner/cli/options.h"
#include "src/cli/rank_agreement.h"
#include "learner/error.h"
#include "support/thread_group.h"

namespace learner::test {
namespace {

// The agreement text of a command line ("learner ARGS").
std::string text_of(const std::string& args) {
  std::vector<std::string> words{"learner"};
  std::istringstream in(args);
  for (std::string w; in >> w;) words.push_back(w);
  std::vector<const char*> argv;
  for (const std::string& w : words) argv.push_back(w.c_str());
  std::ostringstream out;
  const auto o = parse_options(static_cast<int>(argv.size()), argv.data(), out);
  EXPECT_TRUE(o.has_value());
  return agreement_text(*o->values);
}

TEST(RankAgreement, PerRankFilesMayDifferModelAndLearningOptionsMayNot) {
  const std::string base = text_of("--allreduce -d a-%r.vw");
  // Defaults count as given, numbers as numbers, --loss as --loss_function.
  EXPECT_EQ(base, text_of("--allreduce -d a-%r.vw -b 18.0 --loss_function squared"));
  EXPECT_EQ(text_of("--allreduce -d x --loss logistic"), text_of("--allreduce -d x --loss_function logistic"));
  // Each rank's own files and limits.
  EXPECT_EQ(base, text_of("--allreduce -d other.vw -p p.txt -r r.txt -f m.bin --readable_model m.txt --cache_file "
                          "c.cache -k --compressed --examples 10 --pass_memory 0 --save_per_pass"));
  // What shapes the model, the learning or the collectives.
  for (const char* differs : {"-b 20", "--perceptron", "--passes 3", "--loss_function logistic", "--holdout_off",
                              "--oaa 3", "--dotproduct ab --rank 4", "-q ab", "-l 2", "--quiet", "-P 10", "--sgd",
                              "--bfgs --passes 2", "-t", "--random_seed 3", "--shard_by line"})
    EXPECT_NE(base, text_of(std::string("--allreduce -d a-%r.vw ") + differs)) << differs;
}

TEST(RankAgreement, DisagreementNamesEachOptionWithItsValuesAndRanks) {
  const std::string a = text_of("--allreduce -d x"), b = text_of("--allreduce -d x -b 20 --perceptron");
  EXPECT_EQ(disagreement({a, a, a}), "");
  EXPECT_EQ(disagreement({a, b, a, a}),
            "-b: 18 (ranks 0, 2-3), 20 (rank 1); --perceptron: not given (ranks 0, 2-3), given (rank 1)");
  // Many values: the first few, then a count.
  std::vector<std::string> seeds;
  for (int r = 0; r < 7; ++r) seeds.push_back(text_of("--allreduce -d x --random_seed " + std::to_string(r % 6)));
  EXPECT_EQ(disagreement(seeds), "--random_seed: 0 (ranks 0, 6), 1 (rank 1), 2 (rank 2), 3 (rank 3), and 2 other values");
}

// Every rank throws, with the same message; a group that agrees goes on.
TEST(RankAgreement, EveryRankOfADisagreeingGroupFailsWithOneMessage) {
  const std::string same = text_of("--allreduce -d x"), other = text_of("--allreduce -d x --passes 2");
  std::vector<std::string> messages(3);
  run_group(3, [&](AllReduce& g) {
    try {
      check_ranks_agree(g, g.rank() == 2 ? other : same);
    } catch (const UsageError& e) {
      messages[static_cast<std::size_t>(g.rank())] = e.what();
    }
  });
  EXPECT_NE(messages[0].find("the ranks were started with different options: --passes: 1 (ranks 0-1), 2 (rank 2)."),
            std::string::npos)
      << messages[0];
  EXPECT_EQ(messages[0], messages[1]);
  EXPECT_EQ(messages[0], messages[2]);

  std::vector<int> passed(3, 0);
  run_group(3, [&](AllReduce& g) {
    check_ranks_agree(g, same);
    passed[static_cast<std::size_t>(g.rank())] = 1;
  });
  EXPECT_EQ(passed, std::vector<int>({1, 1, 1}));
}

}  // namespace
}  // namespace learner::test
