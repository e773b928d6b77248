// The command line: one options table (src/cli/options.cc, the only
// translation unit that sees Boost.ProgramOptions) turned into plain structs,
// with every flag-dependent default resolved in one place.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "learner/core/config.h"
#include "learner/features/feature_builder.h"
#include "learner/loss/loss.h"
#include "learner/model/model_file.h"
#include "learner/parse/text_parser.h"
#include "learner/report/progress.h"

namespace learner {

struct Options {
  // Input and output.
  std::string data = "-";          // -d / positional; "-" = stdin
  std::string predictions;         // -p
  std::string raw_predictions;     // -r
  std::string final_regressor;     // -f
  std::string initial_regressor;   // -i
  std::string readable_model;      // --readable_model
  std::string invert_hash;         // --invert_hash
  bool testonly = false;           // -t (or -l 0)
  bool lenient = false;            // --lenient
  bool predict_only_model = false; // --predict_only_model
  unsigned passes = 1;             // --passes
  int64_t max_examples = -1;       // --examples
  double decay_learning_rate = 1;  // --decay_learning_rate
  ProgressOptions progress;        // --quiet, -P

  // Stages.
  ParseOptions parse;
  FeatureSpec features;
  LossSpec loss;
  CoreConfig core;

  // Options that change predictions, as "flag" -> "value" (stored in models).
  std::vector<std::pair<std::string, std::string>> model_options;
  // The model given with -i, already read (its options were applied above).
  std::optional<ModelFile> initial_model;
};

// Parses the command line. Returns std::nullopt when --help or --version was
// printed to `out`. Throws UsageError for unknown flags, bad values or
// options that conflict with each other or with the -i model.
std::optional<Options> parse_options(int argc, const char* const* argv, std::ostream& out);

}  // namespace learner
