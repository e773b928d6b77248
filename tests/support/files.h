// Test support shared by the stages' tests: files under a per-process
// temporary folder, read and written as bytes.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

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

// <temp>/learner_tests_<pid>, created on first use.
inline std::string temp_dir() {
  static const std::string dir = [] {
    std::string d = (std::filesystem::temp_directory_path() / ("learner_tests_" + std::to_string(::getpid()))).string();
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

inline std::string temp_path(const std::string& name) { return temp_dir() + "/" + name; }

}  // namespace learner::test
