// Runs the learner binary as a user would, for end-to-end tests.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/files.h"

namespace learner::test {

struct RunResult {
  int exit_code;
  std::string out, err;
};

// The binary under test: $LEARNER_UNDER_TEST (another build's, e.g. to see a
// test fail before a fix) or this build's.
inline std::string learner_binary() {
  const char* other = std::getenv("LEARNER_UNDER_TEST");
  return other ? other : LEARNER_BINARY;
}

// Runs "learner ARGS" through /bin/sh (ARGS may hold redirections).
inline RunResult run_learner(const std::string& args, const std::string& stdin_text = "") {
  const std::string in = temp_path("stdin.txt"), out = temp_path("stdout.txt"), err = temp_path("stderr.txt");
  write_file(in, stdin_text);
  const std::string cmd = learner_binary() + " " + args + " <" + in + " >" + out + " 2>" + err;
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
