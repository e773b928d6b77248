// End-to-end runs of multi-pass training: the binary cache, holdout and
// early termination, resumable models, --examples and --save_on_signal.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <thread>

#include "learner/model/model_file.h"
#include "run_helper.h"

namespace learner::test {
namespace {

// Deterministic data: `n` lines, label from a hidden linear rule (or noise),
// namespaces |a (ids with values), |b (words), sometimes a tag or importance.
std::string make_data(int n, uint32_t seed, bool noise = false) {
  uint64_t state = seed * 2654435761u + 1;
  auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>(state >> 33);
  };
  std::string text;
  for (int i = 0; i < n; ++i) {
    std::string a, b;
    double score = 0;
    for (int k = 0; k < 8; ++k) {
      const int id = static_cast<int>(next() % 500);
      const double v = (next() % 1000) / 1000.0 + 0.01;
      score += (id % 7 - 3) * v;
      a += " f" + std::to_string(id) + ":" + std::to_string(v).substr(0, 5);
    }
    for (int k = 0; k < 4; ++k) b += " w" + std::to_string(next() % 50);
    const bool positive = noise ? (next() & 1) : score > 0;
    std::string label = positive ? "1" : "-1";
    if (i % 13 == 5) label += " 2";
    if (i % 17 == 3) label += " 'tag" + std::to_string(i);
    text += label + " |a" + a + " |b" + b + "\n";
  }
  return text;
}

std::string data_file(const std::string& name, int n, uint32_t seed, bool noise = false) {
  const std::string path = temp_path(name);
  write_file(path, make_data(n, seed, noise));
  std::filesystem::remove(path + ".cache");
  return path;
}

bool passes_has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

RunResult ok(const std::string& args, const std::string& stdin_text = "") {
  RunResult r = run_learner(args, stdin_text);
  EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
  return r;
}

std::vector<std::string> files_starting_with(const std::string& prefix) {
  std::vector<std::string> out;
  const std::filesystem::path p(prefix);
  for (const auto& e : std::filesystem::directory_iterator(p.parent_path()))
    if (e.path().filename().string().rfind(p.filename().string(), 0) == 0) out.push_back(e.path().string());
  return out;
}

// --- cache -----------------------------------------------------------------

TEST(Cache, TextAndCachedPassesGiveIdenticalPredictions) {
  const std::string data = data_file("cache_same.txt", 20000, 1);  // > 1 cache block
  const std::string args = " --passes 3 --loss_function logistic -q ab -p /dev/stdout --quiet";
  const RunResult text = ok("-d " + data + args);
  const RunResult create = run_learner("-d " + data + " -c" + args.substr(0, args.size() - 8));
  ASSERT_EQ(create.exit_code, 0) << create.err;
  EXPECT_TRUE(passes_has(create.err, "creating cache_file = " + data + ".cache")) << create.err;
  EXPECT_TRUE(std::filesystem::exists(data + ".cache"));
  const RunResult reuse = run_learner("-d " + data + " -c" + args.substr(0, args.size() - 8));
  ASSERT_EQ(reuse.exit_code, 0) << reuse.err;
  EXPECT_TRUE(passes_has(reuse.err, "using cache_file = " + data + ".cache")) << reuse.err;
  EXPECT_TRUE(passes_has(reuse.err, "(cache) ")) << reuse.err;
  EXPECT_FALSE(passes_has(reuse.err, "(text)")) << "a valid cache is read on pass 1 too\n" << reuse.err;
  const RunResult zipped = ok("-d " + data + " --cache_file " + temp_path("cache_same.z") + " --compressed" + args);
  ASSERT_EQ(first_column(text.out).size(), 60000u);
  EXPECT_EQ(text.out, create.out);
  EXPECT_EQ(text.out, reuse.out);
  EXPECT_EQ(text.out, zipped.out);
  // One pass, and a cache read with other -b / -q / --ignore (the cache holds
  // unmasked parser output, so they need no rebuild).
  for (const char* extra : {"", " -b 12", " --ignore b", " --noconstant -q aa"}) {
    const RunResult t = ok("-d " + data + " -p /dev/stdout --quiet" + extra);
    const RunResult c = ok("-d " + data + " -c -p /dev/stdout" + extra);
    EXPECT_FALSE(passes_has(c.err, "rebuilding")) << extra << "\n" << c.err;
    EXPECT_EQ(t.out, c.out) << extra;
  }
}

// --- passes from memory ------------------------------------------------------

TEST(PassMemory, MemoryPassesEqualCacheAndTextPasses) {
  const std::string data = data_file("pass_memory.txt", 3000, 4);
  const std::string args = " --passes 3 --loss_function logistic -q ab -p /dev/stdout";
  const RunResult memory = ok("-d " + data + args);
  EXPECT_TRUE(passes_has(memory.err, "(text) ")) << memory.err;
  EXPECT_TRUE(passes_has(memory.err, "(memory) ")) << memory.err;
  const RunResult text = ok("-d " + data + args + " --pass_memory 0");
  EXPECT_FALSE(passes_has(text.err, "(memory)")) << text.err;
  const RunResult cached = ok("-d " + data + args + " -c --pass_memory 0 -k");
  EXPECT_TRUE(passes_has(cached.err, "(cache)")) << cached.err;
  const RunResult cached_memory = ok("-d " + data + args + " -c");  // pass 1 from the cache, then memory
  EXPECT_TRUE(passes_has(cached_memory.err, "(cache) ")) << cached_memory.err;
  EXPECT_TRUE(passes_has(cached_memory.err, "(memory)")) << cached_memory.err;
  ASSERT_EQ(first_column(memory.out).size(), 9000u);
  EXPECT_EQ(memory.out, text.out);
  EXPECT_EQ(memory.out, cached.out);
  EXPECT_EQ(memory.out, cached_memory.out);
}

TEST(PassMemory, DataLargerThanTheBudgetIsReadAgain) {
  const std::string data = data_file("pass_memory_big.txt", 20000, 5);  // several MiB of examples
  const std::string args = " --passes 2 -p /dev/stdout";
  const RunResult small = ok("-d " + data + args + " --pass_memory 1");
  EXPECT_FALSE(passes_has(small.err, "(memory)")) << small.err;
  EXPECT_TRUE(passes_has(small.err, "(text) 0") && small.err.find("(text)") != small.err.rfind("(text)")) << small.err;
  const RunResult large = ok("-d " + data + args);
  EXPECT_TRUE(passes_has(large.err, "(memory)")) << large.err;
  EXPECT_EQ(small.out, large.out);
}

// The dyadic model reads the parsed features (ex.features) in every pass:
// its memory passes keep them and equal passes that read the text again.
TEST(PassMemory, DotproductMemoryPassesEqualTextPasses) {
  const std::string data = data_file("pass_memory_dot.txt", 2000, 6);
  const std::string args = " --passes 3 --dotproduct ab --rank 3 -p /dev/stdout";
  const RunResult memory = ok("-d " + data + args);
  EXPECT_TRUE(passes_has(memory.err, "(memory)")) << memory.err;
  const RunResult text = ok("-d " + data + args + " --pass_memory 0");
  EXPECT_FALSE(passes_has(text.err, "(memory)")) << text.err;
  ASSERT_EQ(first_column(memory.out).size(), 6000u);
  EXPECT_EQ(memory.out, text.out);
}

// Without a dyadic term only the built features are kept for the memory
// passes (the parsed ones were a second copy): 600 lines of 300 features
// (about 1.4 MB with both copies' other parts; 2.9 MB kept twice) fit a
// 2 MiB budget. With --dotproduct ab the parsed copy stays and they do not.
TEST(PassMemory, ALinearModelKeepsOneCopyOfTheFeatures) {
  std::string text;
  for (int i = 0; i < 600; ++i) {
    text += (i % 2 ? "1 |a" : "-1 |a");
    for (int k = 0; k < 150; ++k) text += " x" + std::to_string((i * 7 + k * 13) % 5000) + ":0.5";
    text += " |b";
    for (int k = 0; k < 150; ++k) text += " y" + std::to_string((i * 11 + k * 3) % 5000);
    text += "\n";
  }
  const std::string data = temp_path("pass_memory_one_copy.txt");
  write_file(data, text);
  const RunResult linear = ok("-d " + data + " --passes 2 --holdout_off --pass_memory 2 -p /dev/stdout");
  EXPECT_TRUE(passes_has(linear.err, "(memory)")) << linear.err;
  const RunResult reread = ok("-d " + data + " --passes 2 --holdout_off --pass_memory 0 -p /dev/stdout");
  EXPECT_EQ(linear.out, reread.out);
  const RunResult dyadic = ok("-d " + data + " --passes 2 --holdout_off --pass_memory 2 --dotproduct ab");
  EXPECT_FALSE(passes_has(dyadic.err, "(memory)")) << dyadic.err;
}

TEST(PassMemory, ClassWeightsAreNotAppliedTwice) {
  // A memory pass hands out the same example again: a weight applied to the
  // stored example would compound pass after pass.
  std::string text;
  for (int i = 0; i < 200; ++i) text += std::to_string(1 + i % 3) + " | a" + std::to_string(i % 7) + " b" + std::to_string(i % 5) + "\n";
  const std::string data = temp_path("pass_memory_cw.txt");
  write_file(data, text);
  const std::string args = " --oaa 3 --classweight 2:4 --passes 4 --holdout_off -p /dev/stdout";
  const RunResult memory = ok("-d " + data + args);
  const RunResult reread = ok("-d " + data + args + " --pass_memory 0");
  EXPECT_TRUE(passes_has(memory.err, "(memory)")) << memory.err;
  EXPECT_EQ(memory.out, reread.out);
  auto weighted = [](const std::string& err) {
    const std::size_t at = err.find("weighted example sum");
    return err.substr(at, err.find('\n', at) - at);
  };
  EXPECT_EQ(weighted(memory.err), weighted(reread.err));
}

// A pass 1 that does not fit --pass_memory and no -c: pass 2 writes a
// temporary cache that the later passes read (src/cli/auto_cache.h); the same
// predictions as reading the text, nothing left in $TMPDIR.
TEST(PassMemory, PassesAfterAPassThatDoesNotFitReadAnAutomaticCache) {
  const std::string data = data_file("pass_memory_auto.txt", 20000, 7);
  const std::string tmp = temp_path("auto_cache_tmp");
  std::filesystem::remove_all(tmp);
  std::filesystem::create_directories(tmp);
  const std::string args = "-d " + data + " --passes 4 --holdout_off --dotproduct ab -p " + temp_path("auto.pred");
  const RunResult automatic = run_learner_with_env("TMPDIR=" + tmp, args + " --pass_memory 1");
  ASSERT_EQ(automatic.exit_code, 0) << automatic.err;
  EXPECT_TRUE(passes_has(automatic.err, "pass 1 does not fit --pass_memory (1 MiB): pass 2 writes a temporary cache (" + tmp +
                                     "/learner-passes."))
      << automatic.err;
  EXPECT_TRUE(passes_has(automatic.err, "(text) ") && passes_has(automatic.err, "(cache) ") && !passes_has(automatic.err, "(memory)"))
      << automatic.err;
  EXPECT_TRUE(std::filesystem::is_empty(tmp));
  const std::string with_cache = slurp(temp_path("auto.pred"));
  const RunResult text = run_learner_with_env("TMPDIR=" + tmp, args + " --pass_memory 0");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_FALSE(passes_has(text.err, "(cache)") || passes_has(text.err, "temporary cache")) << text.err;  // 0: every pass reads the text
  EXPECT_EQ(slurp(temp_path("auto.pred")), with_cache);
  // Two passes (no pass would read it), -c (the user's cache), a pass that fits: no automatic cache.
  for (const std::string extra : {" --passes 2 --pass_memory 1", " --passes 3 --pass_memory 1 -c -k", " --passes 3"}) {
    const RunResult r = run_learner_with_env("TMPDIR=" + tmp, "-d " + data + " --holdout_off" + extra);
    EXPECT_EQ(r.exit_code, 0) << extra << r.err;
    EXPECT_FALSE(passes_has(r.err, "temporary cache")) << extra << "\n" << r.err;
  }
  EXPECT_TRUE(std::filesystem::is_empty(tmp));
}

TEST(PassMemory, RangeChecked) {
  const RunResult r = run_learner("-d /dev/null --pass_memory -1");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(passes_has(r.err, "pass_memory")) << r.err;
}

TEST(Cache, FlippedByteIsDetectedAndTheCacheRebuilt) {
  const std::string data = data_file("cache_flip.txt", 20000, 2);
  const RunResult text = ok("-d " + data + " --passes 2 -p /dev/stdout --quiet");
  ok("-d " + data + " -c --passes 2 --quiet");
  const std::string cache = data + ".cache";
  const std::string good = slurp(cache);
  for (double where : {0.2, 0.75}) {  // first block (nothing read yet) and a later one (examples already used)
    std::string bad = good;
    bad[static_cast<std::size_t>(bad.size() * where)] ^= 0x08;
    write_file(cache, bad);
    const RunResult r = ok("-d " + data + " -c --passes 2 -p /dev/stdout");
    EXPECT_TRUE(passes_has(r.err, "warning: cache " + cache + " is corrupt")) << r.err;
    EXPECT_EQ(r.out, text.out) << "corruption at " << where;
    EXPECT_EQ(slurp(cache), good) << "the cache was rebuilt";
    const RunResult again = ok("-d " + data + " -c --passes 2 -p /dev/stdout");
    EXPECT_FALSE(passes_has(again.err, "corrupt")) << again.err;
    EXPECT_EQ(again.out, text.out);
  }
}

TEST(Cache, TruncatedCacheIsRebuiltNeverReadShort) {
  const std::string data = data_file("cache_cut.txt", 20000, 3);
  const RunResult text = ok("-d " + data + " -p /dev/stdout --quiet");
  ok("-d " + data + " -c --quiet");
  const std::string cache = data + ".cache";
  const std::string good = slurp(cache);
  for (std::size_t keep : {good.size() - 1, good.size() - 56, good.size() / 2, std::size_t{10}}) {
    write_file(cache, good.substr(0, keep));
    const RunResult r = ok("-d " + data + " -c -p /dev/stdout");
    EXPECT_TRUE(passes_has(r.err, "rebuilding cache " + cache + ": it is truncated")) << r.err;
    EXPECT_EQ(r.out, text.out);
    EXPECT_EQ(slurp(cache), good);
  }
}

TEST(Cache, OtherHashOptionsOrAChangedDataFileRebuildIt) {
  const std::string data = data_file("cache_opts.txt", 300, 4);
  const std::string cache = data + ".cache";
  ok("-d " + data + " -c --quiet");
  RunResult r = ok("-d " + data + " -c --hash all -p /dev/stdout --quiet");
  EXPECT_TRUE(passes_has(r.err, "rebuilding cache " + cache + ": it was made with --hash strings (now all)")) << r.err;
  EXPECT_EQ(r.out, ok("-d " + data + " --hash all -p /dev/stdout --quiet").out);
  r = ok("-d " + data + " -c --hash all --hash_seed 9 --quiet");
  EXPECT_TRUE(passes_has(r.err, "--hash_seed 0 (now 9)")) << r.err;
  r = ok("-d " + data + " -c --hash all --hash_seed 9 --quiet");
  EXPECT_FALSE(passes_has(r.err, "rebuilding")) << r.err;
  write_file(data, make_data(301, 4));
  r = ok("-d " + data + " -c --hash all --hash_seed 9 -p /dev/stdout --quiet");
  EXPECT_TRUE(passes_has(r.err, "the data file changed since")) << r.err;
  EXPECT_EQ(first_column(r.out).size(), 301u);
  // -k rebuilds a valid cache without a reason line.
  r = ok("-d " + data + " -c -k --hash all --hash_seed 9");
  EXPECT_TRUE(passes_has(r.err, "creating cache_file")) << r.err;
  EXPECT_FALSE(passes_has(r.err, "rebuilding")) << r.err;
}

TEST(Cache, InterruptedOrFailedRunsLeaveNoCache) {
  const std::string data = data_file("cache_partial.txt", 20000, 5);
  ok("-d " + data + " -c --examples 10 --quiet");
  EXPECT_FALSE(std::filesystem::exists(data + ".cache"));
  EXPECT_TRUE(files_starting_with(data + ".cache").empty());

  const std::string bad = temp_path("cache_bad.txt");
  write_file(bad, make_data(2000, 6) + "1 |a x:1.5abc\n" + make_data(10, 7));
  std::filesystem::remove(bad + ".cache");
  RunResult r = run_learner("-d " + bad + " -c --quiet");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(passes_has(r.err, bad + ":2001")) << r.err;
  EXPECT_TRUE(files_starting_with(bad + ".cache").empty()) << "strict error: no cache";

  // --lenient caches the good lines and remembers the skipped one.
  r = ok("--lenient -d " + bad + " -c --passes 2 --holdout_off");
  EXPECT_TRUE(passes_has(r.err, "skipped malformed lines = 1")) << r.err;
  r = ok("--lenient -d " + bad + " -c");
  EXPECT_TRUE(passes_has(r.err, "using cache_file")) << r.err;
  EXPECT_TRUE(passes_has(r.err, "number of examples = 2010")) << r.err;
  EXPECT_TRUE(passes_has(r.err, "skipped malformed lines = 1")) << r.err;
  // A strict run does not silently use it.
  r = run_learner("-d " + bad + " -c --quiet");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(passes_has(r.err, "made with --lenient")) << r.err;
  EXPECT_TRUE(passes_has(r.err, bad + ":2001")) << r.err;
}

TEST(Cache, StandardInputNeedsACacheFileForSeveralPasses) {
  const std::string text = make_data(400, 8);
  const std::string file = temp_path("stdin_passes.txt");
  write_file(file, text);
  const std::string cache = temp_path("stdin_passes.cache");
  std::filesystem::remove(cache);
  RunResult r = run_learner("--passes 2 --quiet", text);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(passes_has(r.err, "--cache_file")) << r.err;
  r = run_learner("-c --quiet", text);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(passes_has(r.err, "--cache_file")) << r.err;
  const RunResult from_stdin = ok("--passes 3 --cache_file " + cache + " -p /dev/stdout --quiet", text);
  EXPECT_EQ(from_stdin.out, ok("-d " + file + " --passes 3 -p /dev/stdout --quiet").out);
  // An existing cache cannot be checked against standard input: rebuilt.
  r = ok("--passes 2 --cache_file " + cache + " --quiet", text);
  EXPECT_TRUE(passes_has(r.err, "standard input")) << r.err;
}

TEST(Cache, BadCacheOptionsAreUsageErrors) {
  const std::string data = data_file("cache_usage.txt", 10, 9);
  for (const std::string& args : std::vector<std::string>{"--cache_file " + data, "--save_per_pass",
                                                          "--early_terminate 0", "--holdout_period 0"}) {
    const RunResult r = run_learner("-d " + data + " " + args + " --quiet");
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
  }
}

// --- holdout and early termination -------------------------------------------

TEST(Holdout, EveryTenthExampleIsHeldOutAndReportedWithH) {
  const std::string data = data_file("holdout.txt", 1000, 10);
  const RunResult r = ok("-d " + data + " --passes 3 -c -P 500");
  EXPECT_TRUE(passes_has(r.err, "number of examples per pass = 900")) << r.err;
  EXPECT_TRUE(passes_has(r.err, "passes used = 3")) << r.err;
  EXPECT_TRUE(std::regex_search(r.err, std::regex("\naverage loss = [0-9.]+ h\n"))) << r.err;
  EXPECT_TRUE(passes_has(r.err, "predict features  pass\n")) << r.err;
  // Pass 1 rows are progressive loss; from pass 2 on holdout loss with " h".
  EXPECT_TRUE(std::regex_search(r.err, std::regex("[0-9]     1\n"))) << r.err;
  EXPECT_TRUE(std::regex_search(r.err, std::regex("[0-9]     2 h\n"))) << r.err;
  EXPECT_TRUE(std::regex_search(r.err, std::regex("[0-9]     3 h\n"))) << r.err;
  EXPECT_FALSE(passes_has(r.err, "1 h\n")) << r.err;

  const RunResult off = ok("-d " + data + " --passes 3 --holdout_off");
  EXPECT_TRUE(passes_has(off.err, "number of examples per pass = 1000")) << off.err;
  EXPECT_FALSE(passes_has(off.err, " h\n")) << off.err;

  const RunResult after = ok("-d " + data + " --holdout_after 600");
  EXPECT_TRUE(passes_has(after.err, "number of examples = 600")) << after.err;
  EXPECT_TRUE(std::regex_search(after.err, std::regex("\naverage loss = [0-9.]+ h\n"))) << after.err;
  EXPECT_FALSE(passes_has(after.err, "  pass\n")) << "one pass: VW's columns only";
}

TEST(Holdout, HeldOutExamplesAreNotLearnedFrom) {
  const std::string data = data_file("holdout_all.txt", 200, 11);
  const RunResult r = ok("-d " + data + " --passes 2 --holdout_period 1 -p /dev/stdout --quiet");
  const std::vector<double> p = first_column(r.out);
  ASSERT_EQ(p.size(), 400u);
  for (double v : p) EXPECT_EQ(v, 0.0);
  // Holding out every other example: the non-held-out half alone gives the
  // same model as learning from that half with holdout off.
  const std::string text = slurp(data);
  std::string odd;
  std::istringstream lines(text);
  int i = 0;
  for (std::string line; std::getline(lines, line); ++i)
    if (i % 2 == 0) odd += line + "\n";
  const std::string half = temp_path("holdout_half.txt");
  write_file(half, odd);
  const std::string m1 = temp_path("holdout_m1"), m2 = temp_path("holdout_m2");
  ok("-d " + data + " --passes 2 --holdout_period 2 --save_per_pass -f " + m1 + " --quiet");
  ok("-d " + half + " --passes 2 --holdout_off --save_per_pass -f " + m2 + " --quiet");
  for (const char* pass : {".1", ".2"}) {
    EXPECT_EQ(slurp(m1 + pass), slurp(m2 + pass)) << pass;
    EXPECT_GT(read_gd_summary(m1 + pass).total_weight, 0.0);
  }
}

TEST(Holdout, EarlyTerminationKeepsTheBestPassModel) {
  const std::string data = data_file("early.txt", 2000, 12, /*noise=*/true);  // later passes only overfit
  const std::string model = temp_path("early.model");
  for (const std::string& f : files_starting_with(model)) std::filesystem::remove(f);
  const RunResult r = ok("-d " + data + " -c --passes 30 -l 10 --early_terminate 2 --save_per_pass -f " + model);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.err, m, std::regex("passes used = ([0-9]+)"))) << r.err;
  const int used = std::stoi(m[1]);
  EXPECT_LT(used, 30) << r.err;
  ASSERT_TRUE(std::regex_search(r.err, m, std::regex("model outputs hold pass ([0-9]+), the best holdout loss \\(([0-9.]+)\\)")))
      << r.err;
  const int best = std::stoi(m[1]);
  EXPECT_EQ(used, best + 2) << "stopped after 2 passes without improvement";
  EXPECT_TRUE(passes_has(r.err, "average loss = " + std::string(m[2]) + " h")) << r.err;
  for (int p = 1; p <= used; ++p) EXPECT_TRUE(std::filesystem::exists(model + "." + std::to_string(p))) << p;
  EXPECT_FALSE(std::filesystem::exists(model + "." + std::to_string(used + 1)));
  EXPECT_EQ(slurp(model), slurp(model + "." + std::to_string(best))) << "-f holds the best pass's model";
  EXPECT_NE(slurp(model), slurp(model + "." + std::to_string(used)));
}

TEST(Passes, DecayLearningRateIsAppliedBetweenPassesAndSaved) {
  const std::string data = data_file("decay.txt", 100, 13);
  const std::string model = temp_path("decay.model");
  ok("-d " + data + " --passes 3 --holdout_off --decay_learning_rate 0.5 -f " + model + " --quiet");
  EXPECT_EQ(read_gd_summary(model).learning_rate, 0.125);
  ok("-d " + data + " --passes 3 --holdout_off --decay_learning_rate 0.5 -l 2 -f " + model + " --quiet");
  EXPECT_EQ(read_gd_summary(model).learning_rate, 0.5);
}

TEST(Passes, ExamplesStopsAfterNAcrossPasses) {
  const std::string data = data_file("examples.txt", 100, 14);
  RunResult r = ok("-d " + data + " --examples 7 -p /dev/stdout");
  EXPECT_EQ(first_column(r.out).size(), 7u);
  EXPECT_TRUE(passes_has(r.err, "number of examples = 7")) << r.err;
  r = ok("-d " + data + " --passes 3 --holdout_off --examples 250 -p /dev/stdout --quiet");
  EXPECT_EQ(first_column(r.out).size(), 250u);
}

// --- resumable models --------------------------------------------------------

TEST(Resume, SecondHalfAfterFirstHalfEqualsOneRun) {
  const std::string all = make_data(3000, 15);
  const std::size_t cut = [&] {
    std::size_t pos = 0;
    for (int i = 0; i < 1400; ++i) pos = all.find('\n', pos) + 1;
    return pos;
  }();
  const std::string whole = temp_path("resume_all.txt"), first = temp_path("resume_1.txt"),
                    second = temp_path("resume_2.txt");
  write_file(whole, all);
  write_file(first, all.substr(0, cut));
  write_file(second, all.substr(cut));
  const std::string m1 = temp_path("resume_m1"), m2 = temp_path("resume_m2"), m_all = temp_path("resume_mall");
  for (const std::string args :
       {"", "--loss_function logistic -q ab", "--sgd -l 0.1", "--adaptive --power_t 0.3 --l2 1e-5",
        "--loss_function quantile --quantile_tau 0.3 --dotproduct ab --rank 3", "--initial_t 3 --l1 1e-6 -b 10"}) {
    SCOPED_TRACE(args);
    const RunResult one = ok("-d " + whole + " " + args + " -p /dev/stdout -f " + m_all + " --quiet");
    ok("-d " + first + " " + args + " -f " + m1 + " --quiet");
    const RunResult resumed = ok("-d " + second + " -i " + m1 + " -f " + m2 + " -p /dev/stdout --quiet");
    const std::vector<double> a = first_column(one.out), b = first_column(resumed.out);
    ASSERT_EQ(a.size(), 3000u);
    ASSERT_EQ(b.size(), 1600u);
    EXPECT_EQ(one.out.substr(one.out.size() - resumed.out.size()), resumed.out);
    EXPECT_EQ(slurp(m2), slurp(m_all)) << "the resumed model is the one-run model, byte for byte";
  }
}

TEST(Resume, PredictOnlyModelDropsTheStateAndSaysSo) {
  const std::string data = data_file("resume_po.txt", 500, 16);
  const std::string full = temp_path("po_full"), small = temp_path("po_small");
  ok("-d " + data + " -f " + full + " --quiet");
  ok("-d " + data + " -f " + small + " --predict_only_model --quiet");
  EXPECT_LT(std::filesystem::file_size(small) * 3, std::filesystem::file_size(full));
  EXPECT_FALSE(read_gd_summary(small).has_state);
  EXPECT_EQ(ok("-t -i " + full + " -d " + data + " -p /dev/stdout --quiet").out,
            ok("-t -i " + small + " -d " + data + " -p /dev/stdout --quiet").out);
  const RunResult r = ok("-i " + small + " -d " + data + " --quiet");
  EXPECT_TRUE(passes_has(r.err, "no optimizer state")) << r.err;
}

TEST(Resume, LoadingAModelNeverSilentlyChangesBitsOrLoss) {
  const std::string data = data_file("resume_conflict.txt", 50, 17);
  const std::string model = temp_path("conflict2.model");
  ok("-d " + data + " -b 12 --loss_function hinge -f " + model + " --quiet");
  for (const char* args : {"-b 14", "--loss logistic", "--loss_function squared", "--initial_t 2"}) {
    const RunResult r = run_learner("-i " + model + " " + args + " -d " + data + " --quiet");
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_TRUE(passes_has(r.err, "conflicts with the model")) << args << "\n" << r.err;
  }
  const RunResult r = ok("-i " + model + " -d " + data);
  EXPECT_TRUE(passes_has(r.err, "Num weight bits = 12")) << r.err;
  EXPECT_TRUE(passes_has(r.err, "loss = hinge")) << r.err;
}

// --- --save_on_signal ----------------------------------------------------------

TEST(Signal, SigintFinishesTheExampleSavesTheModelAndExitsNonZero) {
  ::signal(SIGPIPE, SIG_IGN);
  const std::string fifo = temp_path("signal.fifo"), model = temp_path("signal.model"), err = temp_path("signal.err"),
                    preds = temp_path("signal.pred");
  std::filesystem::remove(fifo);
  std::filesystem::remove(model);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string text = make_data(520, 18);  // < the fifo's 64 KiB: written at once
  ASSERT_LT(text.size(), 60000u);
  // The writer keeps the pipe open (idle) until released: the learner's
  // reader thread is then blocked in read() when the signal comes.
  std::atomic<bool> release{false};
  std::thread writer([&] {
    const int fd = ::open(fifo.c_str(), O_WRONLY);
    if (fd < 0) return;
    (void)!::write(fd, text.data(), text.size());
    for (int i = 0; i < 400 && !release; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ::close(fd);
  });
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const std::string cmd = "exec " + std::string(LEARNER_BINARY) + " --save_on_signal -f " + model + " -p " + preds +
                            " <" + fifo + " 2>" + err;
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  const auto t0 = std::chrono::steady_clock::now();
  ::kill(pid, SIGINT);
  int status = 0;
  ::waitpid(pid, &status, 0);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  release = true;
  writer.join();
  ASSERT_TRUE(WIFEXITED(status)) << "killed instead of a clean stop";
  EXPECT_EQ(WEXITSTATUS(status), 130);
  EXPECT_LT(seconds, 6.0) << "waited for the idle input (open 20 s) to close";
  const std::string log = slurp(err);
  EXPECT_TRUE(passes_has(log, "stopped by SIGINT after 512 examples; model written to " + model)) << log;
  EXPECT_EQ(first_column(slurp(preds)).size(), 512u);
  EXPECT_TRUE(files_starting_with(model + ".tmp").empty());
  const GdSummary m = read_gd_summary(model);  // complete: checksum verified
  EXPECT_TRUE(m.has_state);
  EXPECT_GT(m.total_weight, 0.0);
}

TEST(Cli, HelpListsTheMultiPassFlags) {
  const RunResult r = ok("--help");
  for (const char* flag : {"--cache", "--cache_file", "--kill_cache", "--compressed", "--holdout_period",
                           "--holdout_after", "--holdout_off", "--early_terminate", "--save_per_pass",
                           "--save_on_signal", "--examples", "--decay_learning_rate", "--predict_only_model"})
    EXPECT_TRUE(passes_has(r.out, flag)) << flag;
}

}  // namespace
}  // namespace learner::test
