// The command line turned into plain structs. Options are declared as data:
// the command line's own groups in src/cli/option_table.cc, each plug-in's
// (the gradient learner's too) beside its code (plugin.h). src/cli/options.cc (parse_options, the only
// translation unit that sees Boost.ProgramOptions) splits the command line
// into values and checks their ranges; the readers of option_readers.h
// (io_options.cc, feature_options.cc, learning_options.cc, ...) fill each
// group of fields and resolve its flag-dependent defaults.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "learner/features/feature_builder.h"
#include "learner/loss/loss.h"
#include "learner/model/model_file.h"
#include "learner/model/weight_init.h"
#include "learner/parse/text_parser.h"
#include "learner/plugin.h"
#include "learner/reduction/reduction.h"
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
  std::string extra_metrics;       // --extra_metrics: VW's metrics of the run as JSON (cli/vw_metrics.h)
  std::string summary_json;        // --summary_json: the run's summary as JSON (train/summary_json.h)
  bool audit = false;              // -a/--audit: per example, the prediction and each feature (train/audit.h)
  std::string audit_regressor;     // --audit_regressor FILE: the -i model's used weights by name
  bool testonly = false;           // -t (or -l 0)
  bool lenient = false;            // --lenient
  bool pad_skipped = false;        // --pad_skipped: a 'nan' -p/-r line per skipped line
  bool predict_only_model = false; // --predict_only_model
  unsigned passes = 1;             // --passes
  uint64_t pass_memory_mib = 64;   // --pass_memory: later passes from memory when pass 1 fits (else cli/auto_cache.h)
  unsigned threads = 1;            // --threads: text parsing threads (0 given: the cores available)
  int64_t max_examples = -1;       // --examples
  double decay_learning_rate = 1;  // --decay_learning_rate
  bool learning_rate_given = false;  // -l given: a -i model's stored (decayed) rate is not restored
  ProgressOptions progress;        // --quiet, -P
  bool save_on_signal = false;     // --save_on_signal: SIGINT/SIGTERM stop cleanly and save
  bool allreduce = false;          // --allreduce: data-parallel over MPI ranks (driver.cc, docs/allreduce.md)
  bool shard_by_line = false;      // --shard_by line (else 'file': '%r' in -d names each rank's file)

  // Cache (-c, --cache_file, -k, --compressed): cache_path is resolved here:
  // --cache_file F, else "<data>.cache" with -c, else "" (no cache).
  std::string cache_path;
  bool kill_cache = false;
  bool compressed = false;

  // Holdout and passes (VW's rule: trainer.h). Holdout is on when passes
  // > 1 or --holdout_after is given, unless --holdout_off.
  bool holdout = false;             // resolved
  std::string no_holdout_reason;    // the learner's default turned holdout off (LearnerSetup), and why
  unsigned holdout_period = 10;     // --holdout_period: every N-th example of a pass is held out
  uint64_t holdout_after = 0;       // --holdout_after: hold out examples after the N-th (0: period rule)
  unsigned early_terminate = 3;     // --early_terminate: stop after N passes without holdout improvement
  bool save_per_pass = false;       // --save_per_pass: -f model also written as <f>.<pass> after each pass

  // Stages.
  ParseOptions parse;
  FeatureSpec features;
  LossSpec loss;
  unsigned bits = 0;               // -b
  uint32_t sub_models = 1;         // the reduction's K times the layers' widths: what the learner is asked for
  uint32_t random_seed = 0;        // --random_seed
  WeightInit weight_init;          // --initial_weight, --random_weights, ..., --constant
  std::optional<double> min_prediction, max_prediction;  // --min_prediction, --max_prediction
  ReductionSpec reduction;         // --oaa, --csoaa, --filter_tree, --scoring_filter_tree, --multilabel, --active
  // The layers over the reduction (plugin.h's ReductionLayerPlugin: --classweight), in registry order.
  std::vector<ReductionWrap> reduction_layers;

  // The learner and the reduction the command line selects (registry.h);
  // no reduction: the scalar problem.
  const LearnerPlugin* learner = nullptr;
  // Its settings, read by its own code (LearnerPlugin::setup): its factory
  // and what the run must know of them.
  LearnerSetup learner_setup;
  const ReductionPlugin* reduction_plugin = nullptr;
  const ReductionPlugin* reduction_below = nullptr;  // the one it stands over (ReductionPlugin::stands_over)
  ReductionSetup reduction_setup;  // its factory and description, its own settings read (ReductionPlugin::setup)
  // The layers between them (plugin.h's LayerPlugin), nearest the learner first.
  std::vector<const LayerPlugin*> layers;
  // The parsed values, for the plug-ins' factories.
  std::shared_ptr<const OptionValues> values;

  // Options that change predictions, as "flag" -> "value" (stored in models),
  // derived from the declarations (OptionSpec::stored), defaults included.
  OptionList model_options;
  // The model given with -i, opened: its options were applied above; the
  // learner reads its sections when the run starts.
  std::shared_ptr<ModelReader> initial_model;
};

// Parses the command line. Returns std::nullopt when --help or --version was
// printed to `out`. Throws UsageError for unknown flags, bad values or
// options that conflict with each other or with the -i model.
std::optional<Options> parse_options(int argc, const char* const* argv, std::ostream& out);

}  // namespace learner
