// --threads (issue 32): parsing on several threads gives the models,
// predictions, audit lines and errors of one parser thread, byte for byte, on
// the test corpus: the text parser's fuzz corpus, a generated file of every
// line kind (blank, malformed, tagged, weighted), its gzip copy and the
// shared data's VW text files when present; under several option sets (one
// pass, passes re-reading the text, a cache written then read, -q, the
// dyadic model, --lenient, --audit).
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <vector>

#include "run_helper.h"

namespace learner::test {
namespace {

std::string generated_corpus(int lines) {
  std::mt19937 rng(32);
  std::string text;
  for (int i = 0; i < lines; ++i) {
    switch (rng() % 50) {
      case 0: text += "\n"; continue;
      case 1: text += " \t \n"; continue;
      case 2: text += "1 |a bad:1.5x\n"; continue;  // malformed (strict runs stop here)
      default: break;
    }
    text += rng() % 2 ? "1" : "-1";
    if (rng() % 5 == 0) text.append(" 0.5 'id").append(std::to_string(i));
    for (const char ns : {'a', 'b', 'u', 'i'}) {
      if (rng() % 3 == 0) continue;
      text.append(" |").append(1, ns);
      if (rng() % 7 == 0) text += ":2";
      for (unsigned f = 0, n = 1 + rng() % 12; f < n; ++f) {
        text.append(1, ' ').append(std::to_string(rng() % 300));
        if (rng() % 2) text.append(1, ':').append(std::to_string(rng() % 1000)).append("e-3");
      }
    }
    text += '\n';
  }
  return text;
}

// The files of the corpus that hold VW text.
std::vector<std::string> corpus_files() {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(std::string(LEARNER_SOURCE_DIR) + "/tests/fuzz/corpus/text_parser"))
    files.push_back(e.path().string());
  const std::string gen = temp_path("threads_corpus.vw");
  std::string text = generated_corpus(6000);
  write_file(gen, text);
  files.push_back(gen);
  const std::string clean = temp_path("threads_clean.vw");  // no malformed line: strict runs read it all
  std::string kept;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at) + 1;
    const std::string line = text.substr(at, end - at);
    if (line.find("bad:") == std::string::npos) kept += line;
    at = end;
  }
  write_file(clean, kept);
  files.push_back(clean);
  EXPECT_EQ(std::system(("gzip -c " + clean + " > " + clean + ".gz").c_str()), 0);
  files.push_back(clean + ".gz");
  for (const char* shared : {"vw-ref/0002_25.dat", "vw-ref/poisson_small.dat", "vw-ref/probabilities.dat"})
    if (std::filesystem::exists(data_dir() + "/" + shared)) files.push_back(data_dir() + "/" + shared);
  return files;
}

struct Outputs {
  int exit_code;
  std::string out, err, predictions, model;
};

Outputs run_with(const std::string& data, const std::string& options, unsigned threads) {
  const std::string p = temp_path("threads.p"), f = temp_path("threads.f");
  std::filesystem::remove(p);
  std::filesystem::remove(f);
  const RunResult r = run_learner("-d " + data + " " + options + " --quiet -p " + p + " -f " + f + " --threads " +
                                  std::to_string(threads));
  return {r.exit_code, r.out, r.err, slurp(p), slurp(f)};
}

TEST(ParseThreads, ModelsAndPredictionsOfOneThreadOnTheCorpus) {
  const std::vector<std::string> options = {
      "",
      "-q ab --passes 3 --pass_memory 0 --holdout_off",  // every pass re-reads the text on the threads
      "--passes 2 --cache_file " + temp_path("threads.cache") + " -k",  // pass 1 writes a cache: one thread
      "--dotproduct ui --rank 3 --lenient",
      "--lenient --pad_skipped --loss_function logistic",
      "--audit -b 12",
  };
  int clean_runs = 0;
  for (const std::string& data : corpus_files()) {
    for (const std::string& o : options) {
      const Outputs one = run_with(data, o, 1);
      if (one.exit_code == 0) ++clean_runs;
      for (unsigned threads : {2u, 5u}) {
        const Outputs many = run_with(data, o, threads);
        const std::string what = data + " " + o + " --threads " + std::to_string(threads);
        EXPECT_EQ(many.exit_code, one.exit_code) << what << "\n" << many.err;
        EXPECT_EQ(many.err, one.err) << what;
        EXPECT_EQ(many.out, one.out) << what;
        EXPECT_EQ(many.predictions, one.predictions) << what;
        EXPECT_EQ(many.model, one.model) << what;
      }
    }
  }
  // Most runs train (the fuzz corpus holds malformed lines on purpose).
  EXPECT_GE(clean_runs, 40);
}

TEST(ParseThreads, ThreadsIsRangeChecked) {
  for (const char* bad : {"-1", "257", "2.5", "x"}) {
    const RunResult r = run_learner(std::string("--threads ") + bad + " --quiet", "1 |a x\n");
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.err;
    EXPECT_NE(r.err.find("threads"), std::string::npos) << r.err;
  }
  EXPECT_EQ(run_learner("--threads 0 --quiet", "1 |a x\n").exit_code, 0);  // the cores available
}

}  // namespace
}  // namespace learner::test
