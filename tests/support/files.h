// Test support shared by the stages' tests: files under a per-process
// temporary folder, read and written as bytes.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>

namespace learner::test {

// The whole content of `path` ("" when it cannot be read).
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Replaces the content of `path` with `bytes`.
inline void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

// <temp>/learner_tests_<pid>, created on first use and removed with everything
// in it when the test process exits normally (a run left 150-250 MB behind per
// test executable before, and /tmp filled up). LEARNER_KEEP_TEST_FILES=1 keeps it.
struct TempDirOwner {
  std::string dir;
  pid_t owner_pid = ::getpid();  // a forked child that exits normally must not remove it
  TempDirOwner() : dir((std::filesystem::temp_directory_path() / ("learner_tests_" + std::to_string(::getpid()))).string()) {
    std::filesystem::create_directories(dir);
  }
  ~TempDirOwner() {
    if (::getpid() != owner_pid) return;
    const char* keep = std::getenv("LEARNER_KEEP_TEST_FILES");
    if (keep && *keep && std::string(keep) != "0") return;
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  }
  TempDirOwner(const TempDirOwner&) = delete;
  TempDirOwner& operator=(const TempDirOwner&) = delete;
};

inline std::string temp_dir() {
  static const TempDirOwner owner;
  return owner.dir;
}

inline std::string temp_path(const std::string& name) { return temp_dir() + "/" + name; }

}  // namespace learner::test
