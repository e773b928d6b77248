// --allreduce and --shard_by on the command line, without mpirun: the checks
// made before MPI starts, and a group of one (no launcher) that trains
// exactly as the run without --allreduce. The multi-rank runs are in
// tests/mpi/run.sh (they need mpirun).
#include <gtest/gtest.h>

#include <filesystem>

#include "run_helper.h"
#include "support/files.h"

namespace learner::test {
namespace {

TEST(AllreduceOptions, ShardByNeedsAllreduceAndAKnownValue) {
  const RunResult a = run_learner("--shard_by line", "1 |a x\n");
  EXPECT_EQ(a.exit_code, 2);
  EXPECT_NE(a.err.find("--shard_by needs --allreduce"), std::string::npos) << a.err;
  const RunResult b = run_learner("--allreduce -d x.vw --shard_by word", "");
  EXPECT_EQ(b.exit_code, 2);
  EXPECT_NE(b.err.find("--shard_by takes 'file' or 'line', got 'word'"), std::string::npos) << b.err;
}

TEST(AllreduceOptions, RefusesStandardInputAndSignalSaving) {
  const RunResult a = run_learner("--allreduce", "1 |a x\n");
  EXPECT_EQ(a.exit_code, 2);
  EXPECT_NE(a.err.find("not standard input"), std::string::npos) << a.err;
  const RunResult b = run_learner("--allreduce -d x.vw --save_on_signal", "");
  EXPECT_EQ(b.exit_code, 2);
}

// --shard_by line with -c keeps a cache per rank, <data>.<rank>.cache (it was
// refused); the cached passes train the same model as the text passes.
TEST(AllreduceOptions, LineShardsKeepACachePerRank) {
  const std::string data = temp_path("allreduce_lines.vw");
  write_file(data, "1 |a x:1 y:2\n-1 |a y:1 z:3\n1 |a x:2 z:1\n-1 |b w\n");
  const std::string cache = data + ".0.cache", plain = temp_path("lines_plain.model"),
                    cached = temp_path("lines_cached.model");
  std::filesystem::remove(cache);
  const std::string common = "--allreduce -d " + data + " --shard_by line --passes 3 --holdout_off --quiet -f ";
  const RunResult r = run_learner_with_env("ASAN_OPTIONS=detect_leaks=0", common + cached + " -c");
  if (r.err.find("built with MPI") != std::string::npos) GTEST_SKIP() << "learner was built without MPI";
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(cache));
  ASSERT_EQ(run_learner_with_env("ASAN_OPTIONS=detect_leaks=0", common + plain).exit_code, 0);
  EXPECT_EQ(slurp(plain), slurp(cached));
}

TEST(AllreduceOptions, HelpListsTheFlags) {
  const RunResult r = run_learner("--help");
  EXPECT_NE(r.out.find("--allreduce"), std::string::npos);
  EXPECT_NE(r.out.find("--shard_by"), std::string::npos);
}

// Without mpirun, --allreduce is a group of one (or, built without MPI, a
// clear error); as a group of one it writes the same model as the plain run.
TEST(AllreduceOptions, GroupOfOneWithoutLauncherEqualsThePlainRun) {
  const std::string data = temp_path("allreduce_one.vw");
  write_file(data, "1 |a x:1 y:2\n-1 |a y:1 z:3\n1 |a x:2 z:1\n-1 |b w\n");
  const std::string plain = temp_path("allreduce_plain.model"), one = temp_path("allreduce_one.model");
  ASSERT_EQ(run_learner("-d " + data + " --passes 2 --holdout_off -f " + plain + " --quiet").exit_code, 0);
  // Open MPI's start-up keeps blocks it never frees (libmpi and its plug-ins): in the sanitizer
  // build LeakSanitizer would fail the run on them, so this run (MPI's, not ours) skips leak checks.
  const RunResult r = run_learner_wrapped("env ASAN_OPTIONS=detect_leaks=0",
                                          "--allreduce -d " + data + " --passes 2 --holdout_off -f " + one + " --quiet");
  if (r.err.find("built with MPI") != std::string::npos) {
    EXPECT_EQ(r.exit_code, 2);
    GTEST_SKIP() << "learner was built without MPI";
  }
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(plain), slurp(one));
}

}  // namespace
}  // namespace learner::test
