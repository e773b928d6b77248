#include "option_table.h"

#include <limits>

#include "learner/features/text_options.h"

namespace learner {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

OptionSpec sw(const char* name, const char* help, bool stored = false, char short_name = 0) {
  return switch_option(name, help, stored, short_name);
}
OptionSpec text(const char* name, const char* help, char short_name = 0, const char* def = "", bool stored = false) {
  return text_option(name, help, short_name, def, stored);
}
OptionSpec list(const char* name, const char* help, char short_name = 0) { return list_option(name, help, short_name); }
// VW's --ignore_features_dsjson_experimental takes several ns|key tokens after one flag.
OptionSpec ignore_json_option() {
  OptionSpec s = list_option("ignore_features_dsjson_experimental",
                             "with --json or --dsjson: drop the string features \"key\": \"value\" named ns|key (|key: "
                             "the top level) as they are read (VW's experimental flag; numbers and booleans are kept); "
                             "takes several");
  s.multitoken = true;
  return s;
}
OptionSpec num(const char* name, OptionKind kind, const char* def, double min, double max, const char* help,
               bool stored = false, char short_name = 0, bool min_exclusive = false) {
  return number_option(name, kind, def, min, max, help, stored, short_name, min_exclusive);
}

constexpr OptionKind kCount = OptionKind::kCount;
constexpr OptionKind kNumber = OptionKind::kNumber;
constexpr double kMaxU32 = 4294967295.0;

std::vector<OptionGroup> make_groups() {
  std::vector<OptionGroup> g;
  g.push_back({"Input and output", {
      sw("help", "print this help and exit", false, 'h'),
      sw("version", "print the version and exit"),
      text("args", "as the only option: --args FILE trains one model per command line of FILE, each with -f model.N --no_stdin (VW's); docs/weights-and-labels.md"),
      text("data", "example file, plain or gzip (detected by content); '-' = stdin", 'd'),
      text("predictions", "write final predictions (after clipping and link) and tags to this file ('/dev/stdout' works)", 'p'),
      text("raw_predictions", "write raw predictions (before clipping and link)", 'r'),
      text("final_regressor", "write the model here (atomically) after training", 'f'),
      text("initial_regressor", "load a model; its stored options are restored, conflicting ones (-b, loss, -q, ...) are an error; training resumes from its optimizer state and rate (unless -l is given)", 'i'),
      sw("testonly", "predict only; do not learn from labels", false, 't'),
      text("readable_model", "write the model as text: index:weight per non-zero weight"),
      text("invert_hash", "like --readable_model, with feature names (keeps names in memory)"),
      text("extra_metrics", "write VW 9.11's metrics of the run to this file as one JSON object at the end (VW's keys: total_log_calls, the --dsjson reader's counters, the reductions' blocks)"),
      text("summary_json", "write the run's summary to this file as one JSON object at the end (examples, passes, average_loss, rmse and mae for regression, best_constant, seconds)"),
      sw("audit", "print, per example, the prediction and each feature as name:index:value:weight[@adaptive sum] (VW's audit)", false, 'a'),
      text("audit_regressor", "with -i MODEL: write each feature of the data that has a non-zero weight, once, as name:index:weight (VW's format; one pass, no cache)"),
      sw("predict_only_model", "with -f: drop the optimizer state (adaptive sums, normalisers, counters): smaller, cannot resume training exactly"),
      sw("save_resume", "accepted for VW compatibility: models always keep the optimizer state"),
      num("passes", kCount, "1", 1, 1e9, "number of passes; needs a data file that can be re-read, or a cache (-c/--cache_file)"),
      sw("cache", "keep parsed examples in a binary cache <data>.cache: written during pass 1, read by later passes and later runs; it holds unmasked parser output, so -b, -q, --ignore, --keep may change without rebuilding it", false, 'c'),
      text("cache_file", "the cache file to use or create (implies -c; works with standard input: rebuilt from piped data, read when standard input holds no data, e.g. < /dev/null)"),
      sw("kill_cache", "rebuild the cache even if it is valid (a cache made from another file, --hash or --hash_seed, or a changed file is rebuilt anyway)", false, 'k'),
      sw("compressed", "zlib-compress a cache being written (input gzip is detected without it)"),
      num("pass_memory", kCount, "64", 0, 1048576, "with --passes > 1: keep pass 1's parsed examples in memory for the later passes when they fit in this many MiB (the later passes then read neither the cache nor the text); without -c, a pass 1 that does not fit and 3 passes or more: pass 2 writes a temporary cache that passes 3.. read (removed at the end); 0: neither, every pass reads the text"),
      num("holdout_period", kCount, "10", 1, kMaxU32, "with holdout: every N-th example of each pass is held out (predicted, not learned)"),
      num("holdout_after", kCount, "0", 0, 1.8e19, "hold out the examples after the N-th of each pass instead (turns holdout on even for one pass)"),
      sw("holdout_off", "no holdout (holdout is on by default when --passes > 1)"),
      num("early_terminate", kCount, "3", 1, kMaxU32, "with holdout: stop after N passes without a better holdout loss; -f keeps the best pass's model"),
      sw("save_per_pass", "also write the -f model as <f>.<pass> after each pass"),
      sw("save_on_signal", "on SIGINT/SIGTERM finish the current example, write the outputs (-f, -p, ...) and exit with 128+signal (a second signal kills)"),
      num("examples", OptionKind::kInteger, "-1", -1, 9.2e18, "stop after this many examples, all passes counted (-1: all)"),
      sw("quiet", "no progress table or summary"),
      text("progress", "progress rows, as VW: N without a '.' = a row every N examples (N < 1: 1); F with a '.' = each interval times F (F <= 1: F + 1; default 2.0)", 'P'),
      sw("lenient", "skip malformed lines with a warning instead of stopping (VW's default behaviour); a skipped line gets no -p/-r line unless --pad_skipped"),
      sw("pad_skipped", "with --lenient: write a 'nan' line to -p and -r for each skipped line, so prediction lines stay aligned with the input's lines"),
      sw("no_stdin", "without -d, read no examples instead of standard input (VW's --no_stdin)"),
      num("threads", kCount, "0", 0, 256, "threads parsing a text data file at once (VW's text format; 0 = the cores available, or 1 under --allreduce; 1 = the reading thread parses; N > 1: N - 1 parser threads and the learner's, which parses whenever it would wait for them); standard input, pipes, a pass that writes a cache or keeps pass 1 in memory, --json, --dsjson and --csv read on one thread; models and predictions never depend on it"),
      sw("onethread", "accepted for VW compatibility (VW: no parse thread); results never depend on threads here"),
      num("example_queue_limit", kCount, "256", 1, kMaxU32, "accepted for VW compatibility (VW's parsed-example queue); learner's queue is 8 batches of 256 examples"),
      sw("strict_parse", "accepted for VW compatibility: strict parsing is the default"),
  }});
  g.push_back({"Data-parallel training (mpirun -np N learner --allreduce ...; docs/allreduce.md)", {
      sw("allreduce", "train on the N ranks mpirun (or srun) starts: each rank reads its own shard, the ranks average their models at the end of every pass; rank 0 prints the progress and summary (summed over ranks) and writes -f. '%r' in -d, -p, -r, --cache_file, -f and --readable_model is replaced by the rank (with %r in -f every rank writes its copy)"),
      text("shard_by", "with --allreduce: 'file' = each rank reads its own file (-d part-%r.vw); 'line' = every rank reads -d and rank r of N keeps the lines i (0-based) with i mod N = r (-c caches them as <data>.<r>.cache)", 0, "file"),
  }});
  g.push_back({"Input formats (docs/input-formats.md)", {
      sw("json", "data is VW JSON, one object per line: objects are namespaces, numbers/true/strings features, arrays anonymous features; reads _label, _tag, _text"),
      sw("dsjson", "data is decision-service JSON: with a simple label reads only \"c\" (the features, as --json), \"_label\" and \"_skipLearn\"; with --cb_adf, --cb_explore_adf or --explore_eval, contextual-bandit events (\"c\" with \"_multi\", _labelIndex, _label_cost, _label_probability)"),
      sw("chain_hash", "JSON string values \"k\": \"v\" hash as hash(v, hash(k, ns)) like the text format's k:v (VW's --chain_hash; text and CSV always do)", true),
      ignore_json_option(),
      sw("csv", "data is CSV, one example per line; header cells _label, _tag, name or ns|name (VW's --csv)"),
      text("csv_separator", "CSV field separator: one character or \\t; not \" | :", 0, ","),
      text("csv_header", "CSV column names separated by ',', instead of the file's first line (which is still skipped unless --csv_no_file_header)"),
      sw("csv_no_file_header", "the CSV file has no header line (needs --csv_header)"),
      text("csv_ns_value", "CSV namespace scale factors, e.g. a:0.5,b:2,:8 (an empty name = the default namespace)"),
  }});
  g.push_back({"Features and hashing", {
      num("bit_precision", kCount, "18", 1, 30, "weight table has 2^b slots", true, 'b'),
      text("hash", "strings: all-digit names are used as numbers (VW); all: hash every name", 0, "strings", true),
      num("hash_seed", kCount, "0", 0, kMaxU32, "seed of the namespace hash", true),
      list("quadratic", "pair interaction of namespaces by first letter, e.g. -q ab; ':' = any", 'q'),
      list("cubic", "triple interaction, e.g. --cubic abc"),
      list("interactions", "interaction of any order, e.g. --interactions abcd"),
      sw("permutations", "keep all orderings of self-interactions (default: i <= j only)", true),
      num("interaction_limit", kCount, "67108864", 1, 1.8e19, "most features one example may have with its generated ones, interactions and n-grams (an example past it is an input error)"),
      list("ignore", "drop namespaces starting with these letters"),
      list("ignore_linear", "drop only the linear terms of these namespaces"),
      list("keep", "keep only namespaces starting with these letters"),
      sw("noconstant", "no constant (bias) feature", true),
  }});
  g.push_back({"Text features (docs/text-features.md)", text_feature_options()});
  g.push_back({"Learning rate (every learner)", {
      num("learning_rate", kNumber, "", 0, kInf, "base learning rate (default 0.5; 10 with a non-default update rule; the perceptron's step, default 1)", false, 'l'),
      num("decay_learning_rate", kNumber, "1", 0, kInf, "multiply the rate by this between passes (a saved model keeps the current rate)", false, 0, true),
      num("random_seed", kCount, "0", 0, kMaxU32, "seed of --random_weights, of the latent weights' start values and of --active's coin", true),
  }});
  g.push_back({"Start weights (the gradient learner and the perceptron family; docs/weights-and-labels.md)", {
      num("initial_weight", kNumber, "0", -kInf, kInf, "every weight starts at this value"),
      sw("sparse_weights", "accepted for VW compatibility: the flat table already takes memory only for the pages that hold weights (-b 30 runs in a few MB), with the same predictions"),
      sw("random_weights", "weights start uniform in [-0.5, 0.5), drawn with VW's generator from --random_seed"),
      sw("normal_weights", "weights start standard normal (VW's draws: the same for every --random_seed)"),
      sw("truncated_normal_weights", "--normal_weights with values beyond 2 standard deviations folded back (VW's rule)"),
      num("constant", kNumber, "0", -kInf, kInf, "start value of the constant feature's weight", false, 'C'),
  }});
  g.push_back({"Class labels of the multiclass reductions (docs/weights-and-labels.md)", {
      text("named_labels", "classes by name, e.g. a,b,c (= 1, 2, 3) in labels and in -p; K must equal the number of names", 0, "", true),
      text("indexing", "0: classes are written 0..K-1 in labels and -p; 1: 1..K (the default)", 0, "", true),
  }});
  g.push_back({"Output", {
      text("link", "output link: identity, logistic, poisson", 0, "identity", true),
      sw("binary", "output sign(prediction) and report 0/1 loss (labels -1/1)", true),
      num("min_prediction", kNumber, "", -kInf, kInf, "fix the lower clipping bound of predictions", true),
      num("max_prediction", kNumber, "", -kInf, kInf, "fix the upper clipping bound of predictions", true),
  }});
  return g;
}

}  // namespace

const std::vector<OptionGroup>& general_options() {
  static const std::vector<OptionGroup> groups = make_groups();
  return groups;
}

}  // namespace learner
