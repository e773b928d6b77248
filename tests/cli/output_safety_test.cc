// Issue 17: no output destroys data (defects 1, 2, 12, 15 and the -p part of 11).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <thread>

#include "cli/run_helper.h"

namespace learner::test {
namespace {

namespace fs = std::filesystem;

const char kOutputSafetyData[] = "1 |x a b\n0 |x c\n1 |x a\n0 |x c d\n";

std::string fresh(const std::string& name) {
  const std::string p = temp_path(name);
  fs::remove(p);
  return p;
}

std::string data_file() {
  const std::string d = temp_path("safety_data.txt");
  write_file(d, kOutputSafetyData);
  return d;
}

bool has_temporary(const std::string& path) {
  const std::string base = fs::path(path).filename().string() + ".tmp.";
  for (const auto& e : fs::directory_iterator(fs::path(path).parent_path()))
    if (e.path().filename().string().rfind(base, 0) == 0) return true;
  return false;
}

bool is_model(const std::string& bytes) { return bytes.rfind("LRNRMODL", 0) == 0; }

// Defect 1: -f to a symlink writes the file it points to; the symlink stays.
TEST(OutputSafety, ModelThroughASymlinkKeepsTheSymlink) {
  const std::string target = fresh("safety_target.bin"), link = fresh("safety_link.bin");
  write_file(target, "old");
  fs::create_symlink(target, link);
  const RunResult r = run_learner("--quiet -d " + data_file() + " -f " + link);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_TRUE(is_model(slurp(target)));
}

// Defect 1: a 0600 model stays 0600, for -f, --readable_model and -p.
TEST(OutputSafety, OutputsKeepTheModeOfTheFileTheyReplace) {
  const std::string m = fresh("safety_0600.bin"), rm = fresh("safety_0600.txt"), p = fresh("safety_0600.pred");
  for (const std::string& f : {m, rm, p}) {
    write_file(f, "old");
    ASSERT_EQ(::chmod(f.c_str(), 0600), 0);
  }
  const RunResult r = run_learner("--quiet -d " + data_file() + " -f " + m + " --readable_model " + rm + " -p " + p);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const std::string& f : {m, rm, p}) {
    struct stat st {};
    ASSERT_EQ(::stat(f.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0600u) << f;
    EXPECT_NE(slurp(f), "old") << f;
  }
}

// Defect 1: a hard-linked model is written in place: both names see it.
TEST(OutputSafety, AHardLinkedModelStaysLinked) {
  const std::string a = fresh("safety_hard_a.bin"), b = fresh("safety_hard_b.bin");
  write_file(a, "old");
  fs::create_hard_link(a, b);
  const RunResult r = run_learner("--quiet -d " + data_file() + " -f " + a);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(fs::hard_link_count(a), 2u);
  EXPECT_TRUE(is_model(slurp(b)));
}

// Defect 1: a character device (our own null node, never the system's) is written through.
TEST(OutputSafety, ADeviceIsWrittenThroughNotReplaced) {
  const std::string dev = fresh("safety_fnull");
  if (::mknod(dev.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0)
    GTEST_SKIP() << "mknod is not allowed here (" << std::strerror(errno) << "): device case not tested";
  for (const char* flag : {"-f", "--readable_model", "--invert_hash", "-p"}) {
    const RunResult r = run_learner("--quiet -d " + data_file() + " " + flag + " " + dev);
    EXPECT_EQ(r.exit_code, 0) << flag << ": " << r.err;
    struct stat st {};
    ASSERT_EQ(::lstat(dev.c_str(), &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode)) << flag << " replaced the device";
    EXPECT_FALSE(has_temporary(dev)) << flag;
  }
  // A cache is read back: a device cannot be one (usage error, device untouched).
  const RunResult r = run_learner("--quiet -d " + data_file() + " --cache_file " + dev);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  struct stat st {};
  ASSERT_EQ(::lstat(dev.c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  fs::remove(dev);
}

// Defect 1: a FIFO's reader gets the model (the FIFO is not replaced).
TEST(OutputSafety, AFifoReaderGetsTheModel) {
  const std::string fifo = fresh("safety_fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string got;
  std::thread reader([&] { got = slurp(fifo); });
  const RunResult r = run_learner("--quiet -d " + data_file() + " -f " + fifo);
  reader.join();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(is_model(got));
  struct stat st {};
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

// Defect 1: -f /dev/stdout reaches stdout.
TEST(OutputSafety, ModelToDevStdoutReachesStdout) {
  const RunResult r = run_learner("--quiet -d " + data_file() + " -f /dev/stdout");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(is_model(r.out));
}

// Defect 2: an output that is an input is refused before anything is written.
TEST(OutputSafety, AnOutputThatIsAnInputIsRefused) {
  const std::string d = data_file(), m = fresh("safety_in.bin"), alias = fresh("safety_alias.txt");
  ASSERT_EQ(run_learner("--quiet -d " + d + " -f " + m).exit_code, 0);
  const std::string model = slurp(m);
  fs::create_symlink(d, alias);
  for (const std::string& args : {"-d " + d + " -p " + d, "-d " + d + " -f " + d, "-d " + d + " -p " + alias,
                                  "-d " + d + " -r " + d, "-d " + d + " --readable_model " + d,
                                  "-d " + d + " --invert_hash " + d, "-d " + d + " -i " + m + " -p " + m,
                                  "-d " + d + " -i " + m + " --cache_file " + m}) {
    const RunResult r = run_learner("--quiet " + args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_NE(r.err.find("is the same file as the input"), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(slurp(d), kOutputSafetyData) << args;
    EXPECT_EQ(slurp(m), model) << args;
  }
  // -f over -i resumes in place: allowed.
  EXPECT_EQ(run_learner("--quiet -d " + d + " -i " + m + " -f " + m).exit_code, 0);
}

// Defect 15: an input error leaves the previous -p file as it was, with no partial predictions.
TEST(OutputSafety, AnInputErrorLeavesThePreviousPredictions) {
  const std::string d = fresh("safety_bad.txt"), p = fresh("safety_bad.pred");
  write_file(d, "1 |x a\n1 |x b\nbad:label |x c\n");
  write_file(p, "previous\n");
  const RunResult r = run_learner("--quiet -d " + d + " -p " + p);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(slurp(p), "previous\n");
  EXPECT_FALSE(has_temporary(p));
}

// Defect 11: disk full on -p names the errno (our own /dev/full node).
TEST(OutputSafety, DiskFullOnPredictionsSaysSo) {
  const std::string dev = fresh("safety_ffull");
  if (::mknod(dev.c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0)
    GTEST_SKIP() << "mknod is not allowed here (" << std::strerror(errno) << "): disk-full case not tested";
  const RunResult r = run_learner("--quiet -d " + data_file() + " -p " + dev);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
  fs::remove(dev);
}

// Defect 12: SIGTERM while a cache is being built leaves no temporary.
TEST(OutputSafety, SigtermWhileBuildingACacheLeavesNoTemporary) {
  const std::string c = fresh("safety_sig.cache");
  // The learner blocks on a pipe kept open while the flag file exists; once
  // its cache temporary exists: SIGTERM, then the flag goes and the pipe ends.
  const std::string flag = temp_path("safety_sig.flag");
  const std::string script = "touch " + flag + "; ( printf '1 |x a\\n'; while [ -e " + flag +
                             " ]; do sleep 0.05; done ) | " + learner_binary() + " --quiet --cache_file " + c +
                             " 2>/dev/null & pid=$!; for i in $(seq 1 100); do ls " + c +
                             ".tmp.* >/dev/null 2>&1 && { echo had-temp; break; }; sleep 0.05; done; kill -TERM $pid; "
                             "rm -f " + flag + "; wait $pid; echo status=$?";
  const std::string out_file = temp_path("safety_sig.out");
  std::system(("{ " + script + "; } > " + out_file).c_str());
  const std::string out = slurp(out_file);
  EXPECT_NE(out.find("had-temp"), std::string::npos) << out;  // the run was mid-cache
  EXPECT_NE(out.find("status=143"), std::string::npos) << out;
  EXPECT_FALSE(has_temporary(c));
  EXPECT_FALSE(fs::exists(c));
}

}  // namespace
}  // namespace learner::test
