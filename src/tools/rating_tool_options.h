// The file options the rating tools share (learner-spectral, learner-lfl, learner-bpmf): --help, --train,
// --test, --predictions/-p and --format (the formats of learner/ratings/rating_reader.h), their
// parsing, the --predictions checks and the seeds' strict reading.
#pragma once

#include <boost/program_options.hpp>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>

#include "learner/io/same_file.h"

namespace learner::tools {

// A default as --help shows it: "0.1", where Boost would print the double's 17 digits
// (0.10000000000000001).
inline std::string shown(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

inline void add_rating_file_options(boost::program_options::options_description& options,
                                    const char* test_help, const char* predictions_help) {
  namespace po = boost::program_options;
  options.add_options()("help,h", "show this help")("train", po::value<std::string>(), "training ratings")(
      "test", po::value<std::string>(), test_help)("predictions,p", po::value<std::string>(), predictions_help)(
      "format", po::value<std::string>()->default_value("auto"), "auto, tab, dcolon or csv");
}

// Parses the command line into vm. With --help prints the options and returns false; without
// --train throws boost::program_options::error (the tools exit 2 on it).
inline bool parse_rating_tool_command_line(int argc, char** argv,
                                           const boost::program_options::options_description& options,
                                           boost::program_options::variables_map& vm) {
  namespace po = boost::program_options;
  po::store(po::parse_command_line(argc, argv, options), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << options;
    return false;
  }
  if (!vm.count("train")) throw po::error("needs --train FILE");
  return true;
}

// The value of a string option, "" when not given.
inline std::string text_option(const boost::program_options::variables_map& vm, const char* name) {
  return vm.count(name) ? vm[name].as<std::string>() : std::string();
}

// --predictions must not be --train or --test (the same regular file, through links too: its
// contents would be lost). Throws learner::UsageError (the tools exit 2 on it). The file itself
// is written through learner::OutputFile (learner/io/output_file.h): a failed run leaves the
// previous one as it was.
inline void refuse_predictions_over_inputs(const boost::program_options::variables_map& vm) {
  learner::refuse_outputs_over_inputs({{"--predictions", text_option(vm, "predictions")}},
                                      {{"--train", text_option(vm, "train")}, {"--test", text_option(vm, "test")}});
}

// A seed option (declared as a string): a whole number in 0..2^64-1, digits only (Boost would
// read "-1" as 2^64-1). Throws boost::program_options::error naming the option.
inline std::uint64_t seed_option(const boost::program_options::variables_map& vm, const char* name) {
  const std::string text = vm[name].as<std::string>();
  std::uint64_t v = 0;
  const auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || err != std::errc() || end != text.data() + text.size())
    throw boost::program_options::error(std::string("--") + name + " must be a whole number in 0..18446744073709551615, not '" +
                                        text + "'");
  return v;
}

}  // namespace learner::tools
