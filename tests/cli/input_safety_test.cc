// Issue 17: caches that must not be wiped or trusted when stale (defects 3,
// 4), interactions that must not eat the machine (defect 9). Issue 28: nor
// n-grams (defect 2); binary data is refused by every text format (defect 10);
// arguments that read as something else are refused (defect 15).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli/run_helper.h"

namespace learner::test {
namespace {

namespace fs = std::filesystem;

std::string input_safety_lines(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += std::to_string(i % 3) + " |x a" + std::to_string(i % 7) + " b\n";
  return s;
}

// Defect 3: a cache built from stdin is read, not replaced, when stdin is empty.
TEST(InputSafety, AStdinCacheIsReadWhenStdinIsEmpty) {
  const std::string c = temp_path("stdin_built.cache"), m = temp_path("stdin_built.bin");
  fs::remove(c);
  const RunResult built = run_learner("--cache_file " + c + " --passes 2", input_safety_lines(90));
  ASSERT_EQ(built.exit_code, 0) << built.err;
  const std::string cache = slurp(c);
  ASSERT_FALSE(cache.empty());
  const RunResult again = run_learner("--cache_file " + c + " --passes 2 -f " + m, "");
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(slurp(c), cache);
  EXPECT_NE(again.err.find("using cache_file"), std::string::npos) << again.err;
  EXPECT_NE(again.err.find("number of examples per pass = 81"), std::string::npos) << again.err;  // 90, 1 in 10 held out
}

// Defect 3: empty stdin never replaces a cache it cannot use.
TEST(InputSafety, EmptyStdinKeepsAnUnusableCache) {
  const std::string d = temp_path("file_built.txt"), c = temp_path("file_built.cache");
  write_file(d, input_safety_lines(50));
  fs::remove(c);
  ASSERT_EQ(run_learner("--quiet -d " + d + " --cache_file " + c).exit_code, 0);
  const std::string cache = slurp(c);
  const RunResult r = run_learner("--quiet --cache_file " + c, "");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("kept as it is"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(c), cache);
}

// Defect 4: a same-size edit with the modification time restored rebuilds the cache.
TEST(InputSafety, ASameSizeEditWithTheTimeRestoredRebuildsTheCache) {
  const std::string d = temp_path("edited.txt"), c = d + ".cache", ref = temp_path("edited.ref");
  fs::remove(c);
  write_file(d, "1 |x a\n1 |x a\n1 |x a\n");
  ASSERT_EQ(run_learner("--quiet -d " + d + " -c").exit_code, 0);
  ASSERT_EQ(std::system(("touch -r " + d + " " + ref + " && sed -i 's/1 |x a/5 |x a/' " + d + " && touch -r " + ref +
                         " " + d).c_str()),
            0);
  const RunResult r = run_learner("-d " + d + " -c -p /dev/stdout");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("rebuilding cache"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("content changed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("average loss"), std::string::npos);
  const std::vector<double> p = first_column(r.out);
  ASSERT_EQ(p.size(), 3u);
  EXPECT_GT(p[2], 1.0);  // learned from the labels 5, not the cached 1s
}

// Defect 9: an interaction past --interaction_limit is an input error with
// file:line, the count and the flag, before anything is generated.
TEST(InputSafety, AHugeInteractionIsAnErrorNotAnOutOfMemory) {
  const std::string d = temp_path("wide.txt");
  std::string line = "1 |x";
  for (int i = 0; i < 3000; ++i) line += " f" + std::to_string(i);
  write_file(d, "1 |x a b\n" + line + "\n");
  const RunResult r = run_learner("--quiet -d " + d + " -q :: --interaction_limit 1000000");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(d + ":2:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("4501500 features"), std::string::npos) << r.err;  // 3000 * 3001 / 2 with the i <= j rule
  EXPECT_NE(r.err.find("--interaction_limit"), std::string::npos) << r.err;
  EXPECT_EQ(run_learner("--quiet -d " + d + " -q ::").exit_code, 0);  // the default limit (2^26) allows it
}

// Defect 15: --lenient on a file with no valid line (a binary) fails and writes nothing.
TEST(InputSafety, LenientOnABinaryFailsInsteadOfWritingAnEmptyModel) {
  const std::string d = temp_path("binary.elf"), m = temp_path("binary.bin");
  std::string bytes = "\x7f" "ELF\x02\x01\x01";
  for (int i = 0; i < 2000; ++i) {
    const char c = static_cast<char>(1 + (i * 37) % 120);
    bytes += c == '|' ? 'x' : c;
  }
  write_file(d, bytes);
  std::filesystem::remove(m);
  const RunResult r = run_learner("--quiet --lenient -d " + d + " -f " + m);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("lines were malformed"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(m));
}

// Defect 11: -i naming a directory says which path and why.
TEST(InputSafety, ADirectoryAsModelNamesIt) {
  const std::string dir = temp_path("model_dir");
  std::filesystem::create_directories(dir);
  const RunResult r = run_learner("-t -i " + dir, "1 |x a\n");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find(dir + ": it is a directory"), std::string::npos) << r.err;
}

// Issue 28 item 12: a bit flipped in a model's options ("bit_precision=18"
// becomes "=19") is a corrupt file, named, whether or not the command line
// gives the option: not a conflict with the command line, not a table size.
TEST(InputSafety, AFlippedBitInAModelsOptionsIsACorruptFile) {
  const std::string model = temp_path("flip_model.bin"), flipped = temp_path("flip_model_flipped.bin");
  ASSERT_EQ(run_learner("-f " + model + " --quiet", input_safety_lines(30)).exit_code, 0);
  std::string bytes = slurp(model);
  const auto at = bytes.find("bit_precision=18\n");
  ASSERT_NE(at, std::string::npos);
  bytes[at + 15] ^= 1;  // '8' -> '9'
  write_file(flipped, bytes);
  for (const char* args : {"-b 18 ", ""}) {
    const RunResult r = run_learner(std::string(args) + "-t -i " + flipped + " --quiet", input_safety_lines(5));
    EXPECT_NE(r.exit_code, 0) << args;
    EXPECT_NE(r.err.find(flipped + ": model file is corrupt"), std::string::npos) << args << r.err;
    EXPECT_EQ(r.err.find("conflicts"), std::string::npos) << args << r.err;
  }
}

std::string words(int n) {
  std::string line = "1 |w";
  for (int i = 0; i < n; ++i) line += " w" + std::to_string(i);
  return line + "\n";
}

// Issue 28, defect 2: `--ngram 16 --skips 16` on one 40-word line took 4 GB in
// 16 s; n-grams now count against --interaction_limit before any is made.
TEST(InputSafety, NgramsPastTheLimitAreAnErrorNotAnOutOfMemory) {
  const std::string d = temp_path("w40.vw");
  write_file(d, words(40));
  const RunResult r = run_learner_wrapped("timeout 120", "--quiet -d " + d + " --ngram 16 --skips 16");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find(d + ":1: --ngram 16 --skips 16 would make more than 67108864 n-gram features"),
            std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--interaction_limit 67108864"), std::string::npos) << r.err;
  // The limit counts every feature of the example: 40 words and 39 bigrams make 79.
  const RunResult over = run_learner("--quiet -d " + d + " --ngram 2 --interaction_limit 78");
  EXPECT_EQ(over.exit_code, 1) << over.err;
  EXPECT_NE(over.err.find("would make 39 n-gram features"), std::string::npos) << over.err;
  EXPECT_EQ(run_learner("--quiet -d " + d + " --ngram 2 --interaction_limit 79").exit_code, 0);
  // Long grams over a short namespace end at once (VW walks 33^31 gap patterns here).
  write_file(d, words(3));
  const RunResult longest = run_learner_wrapped("timeout 120", "--quiet -d " + d + " --ngram 32 --skips 32 -a");
  EXPECT_EQ(longest.exit_code, 0) << longest.err;
  EXPECT_NE(longest.out.find("w^w0^w1^w2"), std::string::npos) << longest.out;
}

// Issue 28, defect 15: arguments that VW would read as something else.
TEST(InputSafety, SignedNgramsAndRedefineListsAreUsageErrors) {
  const std::string d = temp_path("w3.vw");
  write_file(d, words(3));
  const RunResult ngram = run_learner("--quiet -d " + d + " --ngram -3");
  EXPECT_EQ(ngram.exit_code, 2) << ngram.err;
  EXPECT_NE(ngram.err.find("--ngram '-3': N is a count from 0 to 32, not signed"), std::string::npos) << ngram.err;
  const RunResult redefine = run_learner("--quiet -d " + d + " --redefine 'y:=w,z:=w'");
  EXPECT_EQ(redefine.exit_code, 2) << redefine.err;
  EXPECT_NE(redefine.err.find("one renaming N:=S per --redefine"), std::string::npos) << redefine.err;
  const RunResult separator = run_learner("--quiet -d " + d + " --csv --csv_separator 1");
  EXPECT_EQ(separator.exit_code, 2) << separator.err;
  EXPECT_NE(separator.err.find("--csv_separator cannot be '1'"), std::string::npos) << separator.err;
}

// Issue 28, defect 10: --csv --lenient learned 2,539 "examples" from an
// executable (and the text reader 1: a line without control bytes that
// parsed); the control-byte check is every format's, and a NUL byte, binary
// data, stops the run even with --lenient.
TEST(InputSafety, EveryFormatRefusesAnExecutable) {
  const std::string m = temp_path("from_binary.bin");
  for (const char* format : {"--csv", "--json", "--dsjson", ""}) {
    fs::remove(m);
    const RunResult r = run_learner("--quiet --lenient " + std::string(format) + " -d " + learner_binary() + " -f " + m);
    EXPECT_EQ(r.exit_code, 1) << format << ": " << r.err;
    EXPECT_NE(r.err.find(learner_binary() + ":1: NUL byte at column"), std::string::npos) << format << ": " << r.err;
    EXPECT_NE(r.err.find("binary data, not text"), std::string::npos) << format << ": " << r.err;
    EXPECT_FALSE(fs::exists(m)) << format;
    const RunResult strict = run_learner("--quiet " + std::string(format) + " -d " + learner_binary());
    EXPECT_EQ(strict.exit_code, 1) << format;
    EXPECT_NE(strict.err.find(learner_binary() + ":1: "), std::string::npos) << format << ": " << strict.err;
  }
}

}  // namespace
}  // namespace learner::test
