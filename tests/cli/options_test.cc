// Options declared as data (option_table.cc, plugin.h): every numeric value
// range-checked, every option that changes predictions stored in the model
// and checked against the command line, a model's learner named.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "learner/model/model_file.h"
#include "run_helper.h"

namespace learner::test {
namespace {

const char* kOptionsData = "1 |a x:1 y:0.5\n0 |a x:-1 z:0.2\n1 |a y:0.7\n0 |a z:-0.3\n";

std::string data_path() {
  const std::string path = temp_path("options_data.txt");
  write_file(path, kOptionsData);
  return path;
}

bool options_has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Settings that were accepted and meant nothing (NaN rates, negative counts)
// are usage errors naming the flag, exit 2.
TEST(Options, NumericValuesAreRangeChecked) {
  const std::string data = data_path();
  const struct {
    const char* args;
    const char* says;
  } cases[] = {
      {"--power_t nan", "--power_t takes a finite number, got 'nan'"},
      {"--power_t inf", "--power_t takes a finite number"},
      {"--l1 nan", "--l1 takes a finite number"},
      {"--l2 nan", "--l2 takes a finite number"},
      {"--l2 inf", "--l2 takes a finite number"},
      {"--initial_t nan", "--initial_t takes a finite number"},
      {"--min_prediction nan", "--min_prediction takes a finite number"},
      {"--passes -1", "--passes must be in [1, 1000000000], got '-1'"},
      {"--passes 2.5", "--passes takes a whole number"},
      {"--holdout_period -5", "--holdout_period must be in [1,"},
      {"--examples -5", "--examples must be in [-1,"},
      {"-b 0", "--bit_precision must be in [1, 30]"},
      {"-b abc", "--bit_precision takes a number, got 'abc'"},
      {"--rank 0 --dotproduct ab", "--rank must be in [1, 256]"},
      {"--decay_learning_rate 0", "--decay_learning_rate must be > 0"},
      {"--quantile_tau 1 --loss_function quantile", "--quantile_tau must be in (0, 1)"},
      {"--oaa 0", "--oaa must be in [1, 1048576]"},
      {"--active --mellowness 0", "--mellowness must be > 0"},
      {"-l -1", "--learning_rate must be >= 0"},
  };
  for (const auto& c : cases) {
    const RunResult r = run_learner(std::string(c.args) + " -d " + data + " --quiet");
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.err;
    EXPECT_TRUE(options_has(r.err, c.says)) << c.args << "\n" << r.err;
  }
}

TEST(Options, APluginsOptionNeedsItsSelector) {
  const std::string data = data_path();
  RunResult r = run_learner("--multilabel_loss zero_one -d " + data);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(options_has(r.err, "--multilabel_loss needs --multilabel")) << r.err;
  r = run_learner("--simulation -d " + data);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(options_has(r.err, "--simulation needs --active")) << r.err;
}

// --noconstant at test time on a model trained with a constant silently
// moved the loss from 2.07 to 4.93; -q added on resume silently added
// interactions. Every stored option is now checked, switches and empty
// lists included.
TEST(Options, EveryStoredOptionIsCheckedAgainstTheModel) {
  const std::string data = data_path(), model = temp_path("options_model.bin");
  ASSERT_EQ(run_learner("-d " + data + " -f " + model + " --quiet").exit_code, 0);
  RunResult r = run_learner("-t -i " + model + " -d " + data + " --noconstant --quiet");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(options_has(r.err, "--noconstant given conflicts with the model")) << r.err;
  r = run_learner("-i " + model + " -d " + data + " -q aa --quiet");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(options_has(r.err, "--quadratic aa conflicts with the model")) << r.err;
  EXPECT_TRUE(options_has(r.err, "trained with --quadratic none")) << r.err;
  r = run_learner("-i " + model + " -d " + data + " --oaa 2 --quiet");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(options_has(r.err, "--oaa conflicts with the model " + model + ", which was trained without it")) << r.err;
  // The same values, or none, are fine; --l2 may change when resuming.
  EXPECT_EQ(run_learner("-t -i " + model + " -d " + data + " -b 18 --quiet").exit_code, 0);
  EXPECT_EQ(run_learner("-i " + model + " -d " + data + " --l2 0.001 --quiet").exit_code, 0);
}

TEST(Options, ModelsRecordDefaultsAndTheLearner) {
  const std::string data = data_path(), model = temp_path("options_defaults.model");
  ASSERT_EQ(run_learner("-d " + data + " -f " + model + " --quiet").exit_code, 0);
  const ModelReader in(model);
  EXPECT_EQ(in.learner(), "gd");
  for (const auto& [name, value] : std::initializer_list<std::pair<std::string, std::string>>{
           {"bit_precision", "18"}, {"noconstant", "0"}, {"loss_function", "squared"}, {"power_t", "0.5"}}) {
    const std::string* stored = in.option(name);
    ASSERT_NE(stored, nullptr) << name;
    EXPECT_EQ(*stored, value) << name;
  }
}

// A crafted model's bad option is reported as the model's, not as if the
// user had typed it.
TEST(Options, ACorruptStoredOptionNamesTheModel) {
  const std::string data = data_path(), model = temp_path("options_crafted.bin");
  {
    ModelWriter w(model, {{"bit_precision", "abc"}}, "gd");
    w.commit();
  }
  RunResult r = run_learner("-t -i " + model + " -d " + data + " --quiet");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_TRUE(options_has(r.err, model + ": the model's stored option --bit_precision 'abc' is invalid")) << r.err;
  {
    ModelWriter w(model, {{"no_such_flag", "1"}}, "gd");
    w.commit();
  }
  r = run_learner("-t -i " + model + " -d " + data + " --quiet");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_TRUE(options_has(r.err, "stores an option this learner does not know (--no_such_flag)")) << r.err;
}

// --lenient drops skipped lines from -p; --pad_skipped keeps the lines aligned.
TEST(Options, PadSkippedKeepsPredictionsAlignedWithTheInput) {
  const std::string data = temp_path("options_lenient.txt");
  write_file(data, "1 |a x\n1 |a x:1.5q\n0 |a y\n");
  RunResult r = run_learner("--lenient -d " + data + " -p /dev/stdout --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(first_column(r.out).size(), 2u) << r.out;
  r = run_learner("--lenient --pad_skipped -d " + data + " -p /dev/stdout --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = first_column(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_TRUE(std::isnan(lines[1])) << r.out;
  EXPECT_EQ(run_learner("--pad_skipped -d " + data + " --quiet").exit_code, 2);
}

// Peak resident memory (KiB) of one run, from /usr/bin/time.
long peak_kib(const std::string& args) {
  const std::string out = temp_path("peak.txt");
  const RunResult r = run_learner_wrapped("/usr/bin/time -f %M -o " + out, args);
  EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
  return std::stol(slurp(out));
}

// A huge table with a few weights: saving, loading (-t -i) and the text
// dump cost what the weights cost, not the table (a -b 27 model took 54 s and
// 4.2 GB to load; --readable_model at -b 28 used 4.2 GB).
TEST(Options, HugeSparseModelsCostWhatTheirWeightsCost) {
  if (!std::filesystem::exists("/usr/bin/time")) GTEST_SKIP() << "no /usr/bin/time";
  const std::string data = data_path(), model = temp_path("options_b26.bin");
  EXPECT_LT(peak_kib("-d " + data + " -b 26 -f " + model + " --quiet"), 128 * 1024) << "save";
  EXPECT_LT(peak_kib("-t -i " + model + " -d " + data + " --quiet"), 128 * 1024) << "load";
  EXPECT_LT(peak_kib("-d " + data + " -b 26 --readable_model " + temp_path("options_b26.txt") + " --quiet"),
            128 * 1024)
      << "text dump";
  EXPECT_EQ(std::filesystem::file_size(model) > (std::uintmax_t{1} << 30), true) << "the file itself is dense";
  std::filesystem::remove(model);
}

}  // namespace
}  // namespace learner::test
