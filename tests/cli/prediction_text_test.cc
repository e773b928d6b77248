// Prediction files hold every digit of every number (issue 28, item 1: a raw
// score longer than 64 characters was copied out past its buffer, ASan: READ
// of size 66, and the file got the bytes that followed it on the stack).
#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <string>

#include "cli/run_helper.h"

namespace learner::test {
namespace {

// Each line is one number as -p/-r write it ("%f", integral values without
// decimals), and nothing else: no NUL bytes, no stack contents.
void expect_number_lines(const std::string& text, std::size_t lines, std::size_t min_length) {
  static const std::regex number("-?[0-9]+(\\.[0-9]{6})?");
  std::istringstream in(text);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line); ++n) {
    EXPECT_TRUE(std::regex_match(line, number)) << "line " << n + 1 << ": '" << line << "'";
    EXPECT_GE(line.size(), min_length) << line;
  }
  EXPECT_EQ(n, lines) << text;
}

TEST(PredictionText, AKernelScoreOfSixtySevenDigitsIsWrittenInFull) {
  const std::string data = temp_path("k.vw"), raw = temp_path("raw.txt");
  write_file(data, "1 |a f1 f2 f3 f4 f5 f6 f7 f8 f9 f10\n-1 |a f1 f2 f3 f4 f5 f6 f7 f8 f9 f10\n");
  const RunResult r = run_learner("-d " + data + " --kernel poly --degree 64 -r " + raw + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string text = slurp(raw);
  ASSERT_EQ(text.find('\0'), std::string::npos);
  std::istringstream in(text);
  std::string first, second;
  std::getline(in, first);
  std::getline(in, second);
  EXPECT_EQ(first, "0");  // nothing learned yet
  // The second score is 11^64 (the constant and ten features, each 1, against the first example).
  EXPECT_TRUE(std::regex_match(second, std::regex("[0-9]{67}"))) << second;
  EXPECT_NEAR(std::stod(second) / std::pow(11.0, 64), 1.0, 1e-6) << second;
}

TEST(PredictionText, HugePredictionsAndRawScoresAreWrittenInFull) {
  // Plain SGD towards labels of 1e30: predictions of 30 digits.
  const RunResult p = run_learner("--sgd -l 0.25 -p /dev/stdout --quiet", "1e30 |a x\n1e30 |a x\n-3e30 |a x\n");
  ASSERT_EQ(p.exit_code, 0) << p.err;
  expect_number_lines(p.out.substr(p.out.find('\n') + 1), 2, 30);
  // The base (third label number) starts the raw score: 3e38 and -3.4e38, 39 digits.
  const RunResult r = run_learner("-t -r /dev/stdout --quiet", "1 1 3e38 |a x\n1 1 -3.4e38 |a x\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_number_lines(r.out, 2, 39);
}

}  // namespace
}  // namespace learner::test
