// Issue 28: outputs never replace inputs, whatever names them: '%r' outputs
// over '%r' inputs (item 4), the --dictionary file, a --cache_file that is
// not a cache, --save_per_pass copies (item 11); --audit_regressor refuses
// the outputs it would drop (item 12).
#include <gtest/gtest.h>

#include <filesystem>

#include "cli/run_helper.h"

namespace learner::test {
namespace {

namespace fs = std::filesystem;

const char kData[] = "1 |a x\n0 |a y\n1 |a x y\n";

// Item 4: with --allreduce, every %r-capable output is compared with the
// inputs once %r is the rank (here rank 0 of a group of one: no mpirun).
TEST(InputsKept, RankOutputsOverRankInputsAreRefused) {
  const std::string dir = temp_path("ranked");
  fs::create_directories(dir);
  const std::string d0 = dir + "/d-0.vw", pattern = dir + "/d-%r.vw";
  for (const std::string flag : {"-p", "-r", "-f", "--readable_model", "--invert_hash", "--cache_file"}) {
    write_file(d0, kData);
    // (Open MPI's start-up leaks: no LeakSanitizer on MPI's blocks, as in allreduce_options_test.cc.)
    const RunResult r = run_learner_with_env("ASAN_OPTIONS=detect_leaks=0",
                                             "--quiet --allreduce -d " + pattern + " " + flag + " " + pattern);
    if (r.err.find("built with MPI") != std::string::npos) GTEST_SKIP() << "learner was built without MPI";
    EXPECT_EQ(r.exit_code, 2) << flag << ": " << r.err;
    // (--cache_file d-%r.vw is refused as given: the same name as -d.)
    const std::string why = flag == "--cache_file" ? "--cache_file " + pattern + " is the data file itself"
                                                   : flag + " " + d0 + " is the same file as the input -d " + d0;
    EXPECT_NE(r.err.find(why), std::string::npos) << flag << ": " << r.err;
    EXPECT_EQ(slurp(d0), kData) << flag;
  }
  // Another rank's name is no input of rank 0: -p p-%r.txt is written.
  write_file(d0, kData);
  const RunResult ok = run_learner_with_env("ASAN_OPTIONS=detect_leaks=0",
                                            "--quiet --allreduce -d " + pattern + " -p " + dir + "/p-%r.txt");
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(first_column(slurp(dir + "/p-0.txt")).size(), 3u);
}

// Item 11: a --dictionary file is an input, found along --dictionary_path too.
TEST(InputsKept, TheDictionaryIsAnInput) {
  const std::string d = temp_path("dict_data.txt"), dict = temp_path("dict_words.txt");
  write_file(d, "1 |w cat\n0 |w dog\n");
  const std::string words = "cat feline pet\ndog canine pet\n";
  for (const std::string flag : {"-p", "-f", "--cache_file", "--readable_model", "-r"}) {
    write_file(dict, words);
    for (const std::string& args : {"--dictionary w:" + dict + " " + flag + " " + dict,
                                    "--dictionary w:dict_words.txt --dictionary_path " + temp_dir() + " " + flag +
                                        " " + dict}) {
      const RunResult r = run_learner("--quiet -d " + d + " " + args);
      EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
      EXPECT_NE(r.err.find("is the same file as the input --dictionary"), std::string::npos) << args << ": " << r.err;
      EXPECT_EQ(slurp(dict), words) << args;
    }
  }
}

// Item 11: --save_per_pass writes F.1, F.2, ...: none may be an input.
TEST(InputsKept, SavePerPassCopiesAreOutputs) {
  const std::string d = temp_path("perpass.1");
  write_file(d, kData);
  const RunResult r = run_learner("--quiet -d " + d + " --passes 2 --holdout_off --save_per_pass -f " +
                                  temp_path("perpass"));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("--save_per_pass " + d + " is the same file as the input -d " + d), std::string::npos) << r.err;
  EXPECT_EQ(slurp(d), kData);
}

// Item 11: a --cache_file (or -c's <data>.cache) that exists and is not a
// learner cache is kept, with a message; a cache, a stale one included, or
// an empty file is rebuilt as before.
TEST(InputsKept, ACacheFileThatIsNoCacheIsKept) {
  const std::string d = temp_path("cachekeep.txt"), m = temp_path("cachekeep.model");
  write_file(d, kData);
  ASSERT_EQ(run_learner("--quiet -d " + d + " -f " + m).exit_code, 0);
  const std::string model = slurp(m);
  for (const std::string& args : {"--cache_file " + m, "--cache_file " + m + " --kill_cache",
                                  "--cache_file " + m + " --passes 2"}) {
    const RunResult r = run_learner("--quiet -d " + d + " " + args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_NE(r.err.find("the cache file " + m + " (-c / --cache_file) exists and is not a learner cache"),
              std::string::npos)
        << args << ": " << r.err;
    EXPECT_EQ(slurp(m), model) << args;
  }
  write_file(d + ".cache", "notes\n");
  const RunResult c = run_learner("--quiet -c -d " + d);
  EXPECT_EQ(c.exit_code, 2) << c.err;
  EXPECT_EQ(slurp(d + ".cache"), "notes\n");
  // A cache of other data, and an empty file, are replaced.
  const std::string cache = temp_path("cachekeep.cache"), other = temp_path("cachekeep_other.txt");
  write_file(other, "1 |b z\n");
  ASSERT_EQ(run_learner("--quiet -d " + other + " --cache_file " + cache).exit_code, 0);
  const RunResult stale = run_learner("-d " + d + " --cache_file " + cache);
  EXPECT_EQ(stale.exit_code, 0) << stale.err;
  EXPECT_NE(stale.err.find("rebuilding cache"), std::string::npos) << stale.err;
  write_file(cache, "");
  EXPECT_EQ(run_learner("--quiet -d " + d + " --cache_file " + cache).exit_code, 0);
  EXPECT_EQ(slurp(cache).rfind("LRNRCACH", 0), 0u);
}

// Item 12: --audit_regressor neither trains nor predicts; the outputs it
// would silently drop are refused, and nothing is written.
TEST(InputsKept, AuditRegressorRefusesTheOutputsItWouldDrop) {
  const std::string d = temp_path("auditdrop.txt"), m = temp_path("auditdrop.model"),
                    audit = temp_path("auditdrop.audit"), out = temp_path("auditdrop.out");
  write_file(d, kData);
  ASSERT_EQ(run_learner("--quiet -d " + d + " -f " + m).exit_code, 0);
  for (const std::string flag : {"-f", "-p", "-r", "--readable_model", "--invert_hash"}) {
    fs::remove(out);
    fs::remove(audit);
    const RunResult r = run_learner("--quiet -d " + d + " -i " + m + " --audit_regressor " + audit + " " + flag +
                                    " " + out);
    EXPECT_EQ(r.exit_code, 2) << flag << ": " << r.err;
    EXPECT_NE(r.err.find("--audit_regressor lists the -i model's weights"), std::string::npos) << flag << ": " << r.err;
    EXPECT_NE(r.err.find("would not write " + flag + " " + out), std::string::npos) << flag << ": " << r.err;
    EXPECT_FALSE(fs::exists(out)) << flag;
    EXPECT_FALSE(fs::exists(audit)) << flag;
  }
  const RunResult a = run_learner("--quiet -d " + d + " -i " + m + " --audit_regressor " + audit + " -a");
  EXPECT_EQ(a.exit_code, 2) << a.err;
  // Alone it still works.
  const RunResult ok = run_learner("--quiet -d " + d + " -i " + m + " --audit_regressor " + audit);
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_NE(slurp(audit).find("a^x"), std::string::npos) << slurp(audit);
}

}  // namespace
}  // namespace learner::test
