// The file options the rating tools share (learner-spectral, learner-lfl): --help, --train,
// --test, --predictions/-p and --format (the formats of learner/ratings/rating_reader.h).
#pragma once

#include <boost/program_options.hpp>
#include <string>

namespace learner::tools {

inline void add_rating_file_options(boost::program_options::options_description& options,
                                    const char* test_help, const char* predictions_help) {
  namespace po = boost::program_options;
  options.add_options()("help,h", "show this help")("train", po::value<std::string>(), "training ratings")(
      "test", po::value<std::string>(), test_help)("predictions,p", po::value<std::string>(), predictions_help)(
      "format", po::value<std::string>()->default_value("auto"), "auto, tab, dcolon or csv");
}

}  // namespace learner::tools
