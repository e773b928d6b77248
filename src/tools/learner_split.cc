// learner-split: reproducible random train/test split of a line-oriented file
// (plain or .gz, or standard input), by a fraction of the lines or by leaving K
// lines of every user out. The hash and the rules are learner/prep/split.h's.
//
// Exit status: 0 on success; 1 on bad input (file:line named) or a failed
// write; 2 on a usage error. The outputs go through learner::OutputFile: they
// are replaced only when the whole split succeeded.
#include <boost/program_options.hpp>
#include <charconv>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>

#include "learner/error.h"
#include "learner/io/line_reader.h"
#include "learner/io/output_file.h"
#include "learner/io/same_file.h"
#include "learner/prep/split.h"

namespace po = boost::program_options;

namespace {

const char* const kUsage =
    "Usage: learner-split [--seed S] --test-fraction F --train FILE --test FILE [INPUT|-]\n"
    "       learner-split [--seed S] --leave-out K (--user-field N [--field-sep SEP] | --vw-user-ns NS)\n"
    "                     --train FILE --test FILE [INPUT|-]\n\n"
    "Reproducible random train/test split of INPUT (plain or .gz; default standard input).\n"
    "Line order is kept in both outputs. Line n goes by a fixed hash of (seed, n), not by its\n"
    "content, so a split is the same on every run and machine (and the same as the awk\n"
    "scripts/split of earlier versions). Blank lines are an error.\n\n"
    "Options";

struct Parsed {
  learner::SplitSettings settings;
  std::string input = "-", train, test;
  bool quiet = false;
};

template <class T>
T number(const po::variables_map& vm, const char* name, const char* what) {
  const std::string text = vm[name].as<std::string>();
  T v{};
  const auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || err != std::errc() || end != text.data() + text.size())
    throw learner::UsageError(std::string("--") + name + " must be " + what + ", not '" + text + "'");
  return v;
}

// Returns false after --help.
bool parse(int argc, char** argv, Parsed& p) {
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "show this help")("seed", po::value<std::string>()->default_value("1"),
                                                      "seed, a whole number in 0..2^64-1")(
      "test-fraction", po::value<std::string>(), "send each line to test with probability F (0 <= F <= 1)")(
      "leave-out", po::value<std::string>(),
      "per user: K random lines to test, the others to train; users with at most K lines go entirely to train")(
      "user-field", po::value<std::string>(),
      "the user is field N (1-based), fields separated by blanks/tabs or by --field-sep")(
      "field-sep", po::value<std::string>(),
      "separator for --user-field: one character, or an extended regular expression (\"::\" for MovieLens 1M "
      "ratings.dat); \"\\t\" means tab")(
      "vw-user-ns", po::value<std::string>(),
      "the user is the first feature after \"|NS\" in learner/VW lines (\"3 |u 196 |i 242\" with NS=u gives 196)")(
      "train", po::value<std::string>(), "output for training lines (required)")(
      "test", po::value<std::string>(), "output for test lines (required)")("quiet", "no summary on standard error");
  po::options_description all;
  all.add(visible).add_options()("input", po::value<std::string>());
  po::positional_options_description positional;
  positional.add("input", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << visible;
    return false;
  }
  auto text = [&](const char* name) { return vm.count(name) ? vm[name].as<std::string>() : std::string(); };
  learner::SplitSettings& s = p.settings;
  s.seed = number<std::uint64_t>(vm, "seed", "a whole number in 0..18446744073709551615");
  p.train = text("train");
  p.test = text("test");
  p.quiet = vm.count("quiet") > 0;
  if (vm.count("input")) p.input = text("input");
  if (p.train.empty() || p.test.empty()) throw learner::UsageError("--train FILE and --test FILE are required");
  std::error_code ec1, ec2;
  if (p.train == p.test || learner::same_regular_file(p.train, p.test) ||
      (std::filesystem::weakly_canonical(p.train, ec1) == std::filesystem::weakly_canonical(p.test, ec2) && !ec1 &&
       !ec2))
    throw learner::UsageError("--train and --test must be different files");
  const bool fraction = vm.count("test-fraction") > 0, leave_out = vm.count("leave-out") > 0;
  const bool by_field = vm.count("user-field") > 0, by_ns = vm.count("vw-user-ns") > 0;
  if (fraction && leave_out) throw learner::UsageError("use either --test-fraction or --leave-out, not both");
  if (fraction) {
    s.test_fraction = number<double>(vm, "test-fraction", "a number in [0, 1]");
    if (!(s.test_fraction >= 0 && s.test_fraction <= 1))
      throw learner::UsageError("--test-fraction must be a number in [0, 1], not '" + text("test-fraction") + "'");
    if (by_field || by_ns || vm.count("field-sep"))
      throw learner::UsageError("--user-field/--vw-user-ns/--field-sep need --leave-out");
  } else if (leave_out) {
    s.leave_out = number<std::uint64_t>(vm, "leave-out", "a positive whole number");
    if (s.leave_out == 0) throw learner::UsageError("--leave-out must be a positive whole number, not 0");
    if (by_field && by_ns) throw learner::UsageError("use either --user-field or --vw-user-ns, not both");
    if (by_field) {
      s.user_field = number<int>(vm, "user-field", "a positive whole number");
      if (s.user_field < 1) throw learner::UsageError("--user-field must be a positive whole number");
      s.field_sep = text("field-sep") == "\\t" ? "\t" : text("field-sep");
    } else if (by_ns) {
      s.vw_user_ns = text("vw-user-ns");
      if (s.vw_user_ns.empty() || s.vw_user_ns.find_first_of(" \t\r\n|:") != std::string::npos)
        throw learner::UsageError("--vw-user-ns: bad namespace name '" + s.vw_user_ns + "'");
      if (vm.count("field-sep")) throw learner::UsageError("--field-sep applies to --user-field only");
    } else {
      throw learner::UsageError("--leave-out needs --user-field N or --vw-user-ns NS");
    }
  } else {
    throw learner::UsageError("give --test-fraction F or --leave-out K");
  }
  learner::refuse_outputs_over_inputs({{"--train", p.train}, {"--test", p.test}}, {{"input", p.input}});
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Parsed p;
  try {
    if (!parse(argc, argv, p)) return 0;
  } catch (const std::exception& e) {
    std::cerr << "learner-split: " << e.what() << "\nTry 'learner-split --help'.\n";
    return 2;
  }
  try {
    auto in = learner::LineReader::open(p.input);
    learner::OutputFile train(p.train, "train output"), test(p.test, "test output");
    const learner::SplitCounts c = learner::split_lines(p.settings, *in, train, test);
    train.commit();
    test.commit();
    if (!p.quiet) {
      std::fprintf(stderr, "learner-split: %llu lines: %llu train, %llu test (seed %llu)",
                   static_cast<unsigned long long>(c.train + c.test), static_cast<unsigned long long>(c.train),
                   static_cast<unsigned long long>(c.test), static_cast<unsigned long long>(p.settings.seed));
      if (p.settings.leave_out)
        std::fprintf(stderr, ", %llu users, %llu of them with at most %llu lines (kept in train)",
                     static_cast<unsigned long long>(c.users), static_cast<unsigned long long>(c.small_users),
                     static_cast<unsigned long long>(p.settings.leave_out));
      std::fprintf(stderr, "\n");
    }
  } catch (const learner::UsageError& e) {
    std::cerr << "learner-split: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "learner-split: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
