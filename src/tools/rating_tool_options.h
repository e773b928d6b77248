// The file options the rating tools share (learner-spectral, learner-lfl, learner-bpmf): --help, --train,
// --test, --predictions/-p and --format (the formats of learner/ratings/rating_reader.h), and
// their parsing.
#pragma once

#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>
#include <string>

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

}  // namespace learner::tools
