// Runs the learner binary as a user would, for end-to-end tests.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace learner::test {

struct RunResult {
  int exit_code;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string temp_dir() {
  static const std::string dir = [] {
    std::string d = (std::filesystem::temp_directory_path() / ("learner_e2e_" + std::to_string(::getpid()))).string();
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

inline std::string temp_path(const std::string& name) { return temp_dir() + "/" + name; }

inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

// Runs "learner ARGS" through /bin/sh (ARGS may hold redirections).
inline RunResult run_learner(const std::string& args, const std::string& stdin_text = "") {
  const std::string in = temp_path("stdin.txt"), out = temp_path("stdout.txt"), err = temp_path("stderr.txt");
  write_file(in, stdin_text);
  const std::string cmd = std::string(LEARNER_BINARY) + " " + args + " <" + in + " >" + out + " 2>" + err;
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

inline std::vector<double> first_column(const std::string& text) {
  std::vector<double> v;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) v.push_back(std::stod(line));
  return v;
}

// ../shared/data, or $LEARNER_DATA.
inline std::string data_dir() {
  if (const char* d = std::getenv("LEARNER_DATA")) return d;
  return std::string(LEARNER_SOURCE_DIR) + "/../shared/data";
}

}  // namespace learner::test
