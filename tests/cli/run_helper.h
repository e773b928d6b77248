// Runs the learner binary as a user would, for end-to-end tests.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "learner/model/model_file.h"
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

// Runs "learner ARGS" with ENV ("NAME=value ...") added to its environment.
inline RunResult run_learner_with_env(const std::string& env, const std::string& args) {
  const std::string out = temp_path("stdout.txt"), err = temp_path("stderr.txt");
  const std::string cmd = "env " + env + " " + learner_binary() + " " + args + " </dev/null >" + out + " 2>" + err;
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

// Runs "WRAPPER learner ARGS" (e.g. WRAPPER = "/usr/bin/time -f %M -o F").
inline RunResult run_learner_wrapped(const std::string& wrapper, const std::string& args) {
  const std::string out = temp_path("stdout.txt"), err = temp_path("stderr.txt");
  const std::string cmd = wrapper + " " + learner_binary() + " " + args + " </dev/null >" + out + " 2>" + err;
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

// What a gradient-learner model file says of its optimizer (every section
// read, so the checksum is verified too).
struct GdSummary {
  bool has_state = false;
  double learning_rate = 0.0;
  double total_weight = 0.0;  // sub-model 0
};

inline GdSummary read_gd_summary(const std::string& path, bool latent = false) {
  ModelReader in(path);
  GdSummary g;
  const uint32_t version = in.section("gd.state", 2);
  g.has_state = in.get<uint8_t>() != 0;
  if (g.has_state) {
    g.learning_rate = in.get<double>();
    const uint64_t n = in.get<uint64_t>();
    for (uint64_t i = 0; i < n; ++i) {
      in.get<double>();
      const double t = in.get<double>();
      if (i == 0) g.total_weight = t;
    }
    if (version >= 2) in.get<double>();  // --l1's G
  }
  in.section("gd.linear", 2);  // 2: the power-of-two interleave (same bytes)
  in.get<uint32_t>();
  std::vector<float> table(in.get_count(uint64_t{1} << 34, "table"));
  in.get_bytes(table.data(), table.size() * sizeof(float));
  if (latent) {
    in.section("gd.latent", 1);
    table.resize(in.get_count(uint64_t{1} << 34, "latent"));
    in.get_bytes(table.data(), table.size() * sizeof(float));
  }
  const uint32_t labels = in.section("labels", 2);  // train/model_output.h
  in.get<double>();
  in.get<double>();
  in.get<uint8_t>();
  in.get<uint8_t>();
  if (labels >= 2) {  // the lowest and highest label learned from
    in.get<double>();
    in.get<double>();
  }
  in.finish();
  return g;
}

}  // namespace learner::test
