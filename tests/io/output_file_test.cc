// OutputFile: what each kind of path becomes (defect 1 of issue 17).
#include "learner/io/output_file.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <thread>

#include "learner/error.h"
#include "support/files.h"

namespace learner {
namespace {

using test::slurp;
using test::temp_path;
using test::write_file;

void write_text(const std::string& path, const std::string& text) {
  OutputFile out(path, "test output");
  out.write(text.data(), text.size());
  out.commit();
}

bool no_temporaries(const std::string& path) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  const std::string base = std::filesystem::path(path).filename().string() + ".tmp.";
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename().string().rfind(base, 0) == 0) return false;
  return true;
}

TEST(OutputFile, NewAndRegularFilesAreReplacedAtomicallyOnCommitOnly) {
  const std::string p = temp_path("of_regular.txt");
  std::filesystem::remove(p);
  write_text(p, "one");
  EXPECT_EQ(slurp(p), "one");
  {
    OutputFile out(p, "test output");
    EXPECT_TRUE(out.replaces());
    out.write("two", 3);
    std::fflush(out.stream());
    EXPECT_EQ(slurp(p), "one");  // untouched until commit
  }                              // destroyed without commit
  EXPECT_EQ(slurp(p), "one");
  EXPECT_TRUE(no_temporaries(p));
  write_text(p, "three");
  EXPECT_EQ(slurp(p), "three");
  EXPECT_TRUE(no_temporaries(p));
}

TEST(OutputFile, KeepsTheModeOfTheFileItReplaces) {
  const std::string p = temp_path("of_private.bin");
  write_file(p, "secret");
  ASSERT_EQ(::chmod(p.c_str(), 0600), 0);
  write_text(p, "new");
  struct stat st {};
  ASSERT_EQ(::stat(p.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  EXPECT_EQ(slurp(p), "new");
}

TEST(OutputFile, FollowsASymlinkAndKeepsIt) {
  const std::string target = temp_path("of_target.txt"), link = temp_path("of_link.txt");
  write_file(target, "old");
  std::filesystem::remove(link);
  std::filesystem::create_symlink(target, link);
  write_text(link, "new");
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  EXPECT_EQ(slurp(target), "new");
  EXPECT_TRUE(no_temporaries(target));
  EXPECT_TRUE(no_temporaries(link));
}

TEST(OutputFile, ADanglingSymlinkCreatesItsTarget) {
  const std::string target = temp_path("of_dangling_target.txt"), link = temp_path("of_dangling.txt");
  std::filesystem::remove(target);
  std::filesystem::remove(link);
  std::filesystem::create_symlink(target, link);
  write_text(link, "made");
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  EXPECT_EQ(slurp(target), "made");
}

TEST(OutputFile, AHardLinkedFileIsWrittenInPlaceSoTheLinkHolds) {
  const std::string a = temp_path("of_hard_a.txt"), b = temp_path("of_hard_b.txt");
  std::filesystem::remove(b);
  write_file(a, "old");
  std::filesystem::create_hard_link(a, b);
  write_text(a, "new content");
  EXPECT_EQ(slurp(b), "new content");
  EXPECT_EQ(std::filesystem::hard_link_count(a), 2u);
}

TEST(OutputFile, ACharacterDeviceIsWrittenThroughNotReplaced) {
  const std::string dev = temp_path("of_fnull");
  std::filesystem::remove(dev);
  if (::mknod(dev.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0)
    GTEST_SKIP() << "mknod is not allowed here (" << std::strerror(errno) << "): device case not tested";
  write_text(dev, "into the void");
  struct stat st {};
  ASSERT_EQ(::lstat(dev.c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  EXPECT_TRUE(no_temporaries(dev));
  std::filesystem::remove(dev);
}

TEST(OutputFile, AFifoIsWrittenThroughToItsReader) {
  const std::string fifo = temp_path("of_fifo");
  std::filesystem::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string got;
  std::thread reader([&] { got = slurp(fifo); });
  write_text(fifo, "through the pipe");
  reader.join();
  EXPECT_EQ(got, "through the pipe");
  struct stat st {};
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  std::filesystem::remove(fifo);
}

TEST(OutputFile, DevFdWritesToTheOpenDescriptor) {
  const std::string p = temp_path("of_devfd.txt");
  write_file(p, "");
  const int fd = ::open(p.c_str(), O_WRONLY | O_APPEND);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::write(fd, "head ", 5), 5);
  write_text("/dev/fd/" + std::to_string(fd), "tail");
  ::close(fd);
  EXPECT_EQ(slurp(p), "head tail");
}

TEST(OutputFile, ADirectoryIsAnError) {
  EXPECT_THROW(OutputFile(test::temp_dir(), "test output"), Error);
}

TEST(OutputFile, TheSameTemporaryTwiceIsAnError) {
  const std::string p = temp_path("of_twice.txt");
  OutputFile first(p, "test output");
  EXPECT_THROW(OutputFile(p, "test output"), Error);
}

TEST(OutputFile, RegisteredTemporariesAreRemovedOnRequest) {
  const std::string p = temp_path("of_signal.txt");
  write_file(p, "kept");
  OutputFile out(p, "test output");
  out.write("partial", 7);
  EXPECT_FALSE(no_temporaries(p));
  remove_registered_temporaries();  // what the SIGINT/SIGTERM handler does
  EXPECT_TRUE(no_temporaries(p));
  EXPECT_EQ(slurp(p), "kept");
}

TEST(OutputFile, StaleTemporariesOfDeadProcessesAreFound) {
  const std::string p = temp_path("of_stale.bin");
  // pid_max is at most 2^22 on Linux: 9999999 cannot be a running process.
  write_file(p + ".tmp.9999999", "left by a killed run");
  write_file(p + ".tmp." + std::to_string(::getpid()), "ours");
  EXPECT_EQ(stale_temporaries(p), std::vector<std::string>{p + ".tmp.9999999"});
  std::filesystem::remove(p + ".tmp." + std::to_string(::getpid()));
  write_text(p, "new");  // removes the stale one
  EXPECT_FALSE(std::filesystem::exists(p + ".tmp.9999999"));
  EXPECT_EQ(slurp(p), "new");
}

TEST(OutputFile, AFullDiskIsReportedWithErrnoAndLeavesNothing) {
  // Our own /dev/full node (1, 7): written through, every write fails with ENOSPC.
  const std::string dev = temp_path("of_ffull");
  std::filesystem::remove(dev);
  if (::mknod(dev.c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0)
    GTEST_SKIP() << "mknod is not allowed here (" << std::strerror(errno) << "): disk-full case not tested";
  try {
    OutputFile out(dev, "test output");
    const std::string big(1 << 17, 'x');
    out.write(big.data(), big.size());
    out.commit();
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("No space left"), std::string::npos) << e.what();
  }
  std::filesystem::remove(dev);
}

}  // namespace
}  // namespace learner
