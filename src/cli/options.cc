// The one options table. Flag names, short forms and defaults follow Vowpal
// Wabbit (design/vw-compat.md section 1) so a VW command line works as is;
// where this tool differs (strict parsing, exact best constant, --dotproduct)
// the help text says so.
#include "learner/cli/options.h"

#include <boost/program_options.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "learner/error.h"
#include "learner/io/same_file.h"

namespace po = boost::program_options;

namespace learner {
namespace {

constexpr const char* kUsage =
    "usage: learner [options] [-d] data.txt[.gz]   (stdin when no data file is given)\n"
    "Online learner for Vowpal Wabbit text input, with an exact importance-aware\n"
    "update for dyadic models (--dotproduct). Malformed input is an error naming\n"
    "file:line unless --lenient.\n";

// Flags whose values change predictions or the update: stored in models,
// restored by -i; giving another value with -i is an error. Multi-valued
// flags are stored once per value.
const std::vector<std::string> kModelFlags = {
    "bit_precision", "hash", "hash_seed", "quadratic", "cubic", "interactions", "permutations",
    "ignore", "ignore_linear", "keep", "noconstant", "loss_function", "quantile_tau", "expectile_q",
    "link", "binary", "dotproduct", "rank", "dotproduct_l2", "dotproduct_lr", "min_prediction",
    "max_prediction", "sgd", "adaptive", "normalized", "invariant", "power_t", "initial_t",
    "oaa", "csoaa", "filter_tree", "scoring_filter_tree", "multilabel"};
// Training settings a model also stores so that -i resumes exactly; unlike
// kModelFlags the user may change them on the command line without a conflict.
const std::vector<std::string> kResumeFlags = {"l1", "l2"};

bool is_resume_flag(const std::string& key) {
  return std::find(kResumeFlags.begin(), kResumeFlags.end(), key) != kResumeFlags.end();
}

po::options_description make_table() {
  po::options_description io("Input and output");
  io.add_options()
      ("help,h", "print this help and exit")
      ("version", "print the version and exit")
      ("data,d", po::value<std::string>(), "example file, plain or gzip (detected by content); '-' = stdin")
      ("predictions,p", po::value<std::string>(), "write final predictions (after clipping and link) and tags to this file ('/dev/stdout' works)")
      ("raw_predictions,r", po::value<std::string>(), "write raw predictions (before clipping and link)")
      ("final_regressor,f", po::value<std::string>(), "write the model here (atomically) after training")
      ("initial_regressor,i", po::value<std::string>(), "load a model; its stored options are restored, conflicting ones (-b, loss, -q, ...) are an error; training resumes from its optimizer state and rate (unless -l is given)")
      ("testonly,t", po::bool_switch(), "predict only; do not learn from labels")
      ("readable_model", po::value<std::string>(), "write the model as text: index:weight per non-zero weight")
      ("invert_hash", po::value<std::string>(), "like --readable_model, with feature names (keeps names in memory)")
      ("predict_only_model", po::bool_switch(), "with -f: drop the optimizer state (adaptive sums, normalisers, counters): smaller, cannot resume training exactly")
      ("save_resume", po::bool_switch(), "accepted for VW compatibility: models always keep the optimizer state")
      ("passes", po::value<unsigned>()->default_value(1), "number of passes; needs a data file that can be re-read, or a cache (-c/--cache_file)")
      ("cache,c", po::bool_switch(), "keep parsed examples in a binary cache <data>.cache: written during pass 1, read by later passes and later runs; it holds unmasked parser output, so -b, -q, --ignore, --keep may change without rebuilding it")
      ("cache_file", po::value<std::string>(), "the cache file to use or create (implies -c; works with standard input: rebuilt from piped data, read when standard input holds no data, e.g. < /dev/null)")
      ("kill_cache,k", po::bool_switch(), "rebuild the cache even if it is valid (a cache made from another file, --hash or --hash_seed, or a changed file is rebuilt anyway)")
      ("compressed", po::bool_switch(), "zlib-compress a cache being written (input gzip is detected without it)")
      ("holdout_period", po::value<unsigned>()->default_value(10), "with holdout: every N-th example of each pass is held out (predicted, not learned)")
      ("holdout_after", po::value<uint64_t>()->default_value(0), "hold out the examples after the N-th of each pass instead (turns holdout on even for one pass)")
      ("holdout_off", po::bool_switch(), "no holdout (holdout is on by default when --passes > 1)")
      ("early_terminate", po::value<unsigned>()->default_value(3), "with holdout: stop after N passes without a better holdout loss; -f keeps the best pass's model")
      ("save_per_pass", po::bool_switch(), "also write the -f model as <f>.<pass> after each pass")
      ("save_on_signal", po::bool_switch(), "on SIGINT/SIGTERM finish the current example, write the outputs (-f, -p, ...) and exit with 128+signal (a second signal kills)")
      ("examples", po::value<int64_t>()->default_value(-1), "stop after this many examples, all passes counted (-1: all)")
      ("quiet", po::bool_switch(), "no progress table or summary")
      ("progress,P", po::value<std::string>(), "progress rows: integer N = every N examples; real F > 1 = each interval times F (default 2.0)")
      ("lenient", po::bool_switch(), "skip malformed lines with a warning instead of stopping (VW's default behaviour)")
      ("strict_parse", po::bool_switch(), "accepted for VW compatibility: strict parsing is the default");
  po::options_description features("Features and hashing");
  features.add_options()
      ("bit_precision,b", po::value<unsigned>()->default_value(18), "weight table has 2^b slots")
      ("hash", po::value<std::string>()->default_value("strings"), "strings: all-digit names are used as numbers (VW); all: hash every name")
      ("hash_seed", po::value<uint32_t>()->default_value(0), "seed of the namespace hash")
      ("quadratic,q", po::value<std::vector<std::string>>()->composing(), "pair interaction of namespaces by first letter, e.g. -q ab; ':' = any")
      ("cubic", po::value<std::vector<std::string>>()->composing(), "triple interaction, e.g. --cubic abc")
      ("interactions", po::value<std::vector<std::string>>()->composing(), "interaction of any order, e.g. --interactions abcd")
      ("permutations", po::bool_switch(), "keep all orderings of self-interactions (default: i <= j only)")
      ("interaction_limit", po::value<uint64_t>()->default_value(uint64_t{1} << 26), "most interaction features one example may make (an example past it is an input error)")
      ("ignore", po::value<std::vector<std::string>>()->composing(), "drop namespaces starting with these letters")
      ("ignore_linear", po::value<std::vector<std::string>>()->composing(), "drop only the linear terms of these namespaces")
      ("keep", po::value<std::vector<std::string>>()->composing(), "keep only namespaces starting with these letters")
      ("noconstant", po::bool_switch(), "no constant (bias) feature");
  po::options_description learning("Learning");
  learning.add_options()
      ("learning_rate,l", po::value<double>(), "base learning rate (default 0.5; 10 with a non-default update rule)")
      ("power_t", po::value<double>()->default_value(0.5), "rate decay exponent")
      ("initial_t", po::value<double>()->default_value(0.0), "initial time t0")
      ("decay_learning_rate", po::value<double>()->default_value(1.0), "multiply the rate by this between passes (a saved model keeps the current rate)")
      ("l1", po::value<double>()->default_value(0.0), "L1 regularisation (truncated gradient on each example's weights)")
      ("l2", po::value<double>()->default_value(0.0), "L2 regularisation (shrinkage of each example's weights)")
      ("sgd", po::bool_switch(), "plain SGD: adaptive, normalized and invariant all off")
      ("adaptive", po::bool_switch(), "per-feature AdaGrad rates (naming any of adaptive/normalized/invariant turns the others off, as in VW)")
      ("normalized", po::bool_switch(), "per-feature scale normalisation")
      ("invariant", po::bool_switch(), "importance-aware update")
      ("loss_function", po::value<std::string>(), "squared (default), classic, logistic, hinge, quantile, absolute, perceptron, poisson, expectile; logistic takes labels in [-1, 1], poisson labels >= 0 (others: an input error)")
      ("loss", po::value<std::string>(), "same as --loss_function")
      ("quantile_tau", po::value<double>()->default_value(0.5), "tau of the quantile loss")
      ("expectile_q", po::value<double>()->default_value(0.5), "q of the expectile loss, in (0, 0.5]")
      ("link", po::value<std::string>()->default_value("identity"), "output link: identity, logistic, poisson")
      ("binary", po::bool_switch(), "output sign(prediction) and report 0/1 loss (labels -1/1)")
      ("min_prediction", po::value<double>(), "fix the lower clipping bound of predictions")
      ("max_prediction", po::value<double>(), "fix the upper clipping bound of predictions");
  po::options_description dyadic("Dyadic model (p = w.x + A.B)");
  dyadic.add_options()
      ("dotproduct", po::value<std::vector<std::string>>()->composing(), "latent dot product between two namespaces: by first letters 'ab' or full names 'user,item'")
      ("rank", po::value<unsigned>()->default_value(1), "latent dimensions per feature")
      ("dotproduct_l2", po::value<double>()->default_value(0.0), "L2 on latent weights only (exact closed form)")
      ("dotproduct_lr", po::value<double>()->default_value(0.0), "learning rate of the latent weights (0: same as -l)")
      ("dotproduct_init", po::value<double>()->default_value(0.01), "spread of the latent weights' random start around 1")
      ("random_seed", po::value<uint32_t>()->default_value(0), "seed of the latent weights' start values");
  po::options_description reductions("Reductions (learner/reduction; each works with every loss and --dotproduct)");
  reductions.add_options()
      ("oaa", po::value<unsigned>(), "one-against-all over K classes; labels 1..K (`3 [importance] |...`)")
      ("csoaa", po::value<unsigned>(), "cost-sensitive one-against-all (regression of each class's cost); VW's labels `1:0.5 2:1 3:0 |...`")
      ("filter_tree", po::value<unsigned>(), "filter tree over K classes: a tournament of binary classifiers; labels: a class or `class:cost ...`")
      ("scoring_filter_tree", po::value<unsigned>(), "scoring filter tree: games compare per-class scores f(x;lambda) > f(x;phi); labels as --filter_tree")
      ("multilabel", po::value<unsigned>(), "K independent binary classifiers; labels are class sets `1,3,4` (1-based; VW's --multilabel_oaa counts from 0)")
      ("multilabel_loss", po::value<std::string>()->default_value("hamming"), "hamming: train every classifier; zero_one: the chain that stops at the first classifier that errs")
      ("scores", po::bool_switch(), "-p prints every class's score (`1:s1 2:s2 ...`) instead of the class")
      ("probabilities", po::bool_switch(), "with --oaa or --multilabel and logistic loss: -p prints class probabilities")
      ("active", po::bool_switch(), "active learning (importance-weighted, VW's rule): query a label with a probability from the importance that flips the prediction")
      ("simulation", po::bool_switch(), "with --active: labels are present, only the queried ones are learned from")
      ("mellowness", po::value<double>()->default_value(8.0), "with --active: c0, larger queries more (VW's default 8; try 1e-3 with the default update rule)");
  po::options_description all;
  all.add(io).add(features).add(learning).add(dyadic).add(reductions);
  return all;
}

template <class T>
T get(const po::variables_map& vm, const char* name) {
  return vm[name].as<T>();
}

bool given(const po::variables_map& vm, const std::string& name) { return vm.count(name) && !vm[name].defaulted(); }

std::vector<std::string> strings(const po::variables_map& vm, const char* name) {
  return vm.count(name) ? vm[name].as<std::vector<std::string>>() : std::vector<std::string>{};
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += x;
  return s;
}

// The flag's value as text, for the model header; "" for switches.
std::vector<std::string> flag_values(const po::variables_map& vm, const std::string& name) {
  const boost::any& value = vm[name].value();
  std::ostringstream s;
  s.precision(17);
  if (const auto* v = boost::any_cast<std::vector<std::string>>(&value)) return *v;
  if (const auto* b = boost::any_cast<bool>(&value)) return *b ? std::vector<std::string>{""} : std::vector<std::string>{};
  if (const auto* str = boost::any_cast<std::string>(&value)) s << *str;
  else if (const auto* d = boost::any_cast<double>(&value)) s << *d;
  else if (const auto* u = boost::any_cast<unsigned>(&value)) s << *u;
  else if (const auto* i = boost::any_cast<int64_t>(&value)) s << *i;
  return {s.str()};
}

// Applies the options stored in an -i model to `vm`: values the user did not
// give are taken from the model; values the user gave must agree.
void apply_model_options(const ModelFile& model, const po::options_description& table, po::variables_map& vm,
                         const std::string& path) {
  std::vector<std::string> tokens;
  std::vector<std::string> checked;
  // --loss is an alias of --loss_function: a model's loss is checked against either.
  auto user_gave = [&](const std::string& key) { return given(vm, key) || (key == "loss_function" && given(vm, "loss")); };
  for (const auto& [key, value] : model.options) {
    if (user_gave(key)) {
      if (is_resume_flag(key)) continue;  // the command line wins
      if (std::find(checked.begin(), checked.end(), key) != checked.end()) continue;
      checked.push_back(key);
      std::vector<std::string> stored;
      for (const auto& [k2, v2] : model.options)
        if (k2 == key) stored.push_back(v2);
      std::vector<std::string> mine = flag_values(vm, key == "loss_function" && !given(vm, key) ? "loss" : key);
      auto same = [&] {
        if (mine.size() != stored.size()) return false;
        for (std::size_t i = 0; i < mine.size(); ++i) {
          if (mine[i] == stored[i]) continue;
          char* e1; char* e2;
          const double a = std::strtod(mine[i].c_str(), &e1), b = std::strtod(stored[i].c_str(), &e2);
          if (*e1 || *e2 || a != b) return false;
        }
        return true;
      };
      if (!same())
        throw UsageError("--" + key + " " + join(mine) + " conflicts with the model " + path + ", which was trained with --" +
                         key + " " + join(stored));
      continue;
    }
    tokens.push_back("--" + key);
    if (!value.empty()) tokens.push_back(value);
  }
  po::store(po::command_line_parser(tokens).options(table).style(po::command_line_style::unix_style ^
                                                                  po::command_line_style::allow_guessing).run(),
            vm);
}

void record_model_options(const po::variables_map& vm, Options& o) {
  std::vector<std::string> keys = kModelFlags;
  keys.insert(keys.end(), kResumeFlags.begin(), kResumeFlags.end());
  for (const std::string& key : keys) {
    if (key == "loss_function") {
      o.model_options.emplace_back(key, o.loss.name);  // --loss or --loss_function
      continue;
    }
    if (!vm.count(key)) continue;
    for (const std::string& value : flag_values(vm, key)) o.model_options.emplace_back(key, value);
  }
}

double positive(double v, const char* flag) {
  if (!(v > 0) || !std::isfinite(v)) throw UsageError(std::string("--") + flag + " must be a positive number");
  return v;
}

// The reduction flags: at most one multiclass/multilabel reduction, or
// --active on simple labels; the label grammar follows (ParseOptions).
void fill_reduction(const po::variables_map& vm, Options& o) {
  ReductionSpec& r = o.reduction;
  const std::pair<const char*, ReductionKind> kinds[] = {
      {"oaa", ReductionKind::kOaa}, {"csoaa", ReductionKind::kCsoaa}, {"filter_tree", ReductionKind::kFilterTree},
      {"scoring_filter_tree", ReductionKind::kScoringFilterTree}, {"multilabel", ReductionKind::kMultilabel}};
  std::string chosen;
  for (const auto& [name, kind] : kinds) {
    if (!vm.count(name)) continue;
    if (!chosen.empty()) throw UsageError("--" + chosen + " and --" + name + " cannot be combined");
    chosen = name;
    r.kind = kind;
    r.classes = get<unsigned>(vm, name);
    const unsigned least = kind == ReductionKind::kFilterTree || kind == ReductionKind::kScoringFilterTree ? 2 : 1;
    if (r.classes < least || r.classes > (1u << 20))
      throw UsageError("--" + chosen + " takes a number of classes between " + std::to_string(least) + " and 2^20");
  }
  const std::string ml_loss = get<std::string>(vm, "multilabel_loss");
  if (ml_loss == "zero_one") r.multilabel_loss = MultilabelLoss::kZeroOne;
  else if (ml_loss != "hamming") throw UsageError("--multilabel_loss must be hamming or zero_one, got '" + ml_loss + "'");
  if (given(vm, "multilabel_loss") && r.kind != ReductionKind::kMultilabel)
    throw UsageError("--multilabel_loss needs --multilabel");
  if (get<bool>(vm, "scores") && get<bool>(vm, "probabilities"))
    throw UsageError("--scores and --probabilities cannot be combined");
  if (get<bool>(vm, "scores")) r.output = ScoreOutput::kScores;
  if (get<bool>(vm, "probabilities")) r.output = ScoreOutput::kProbabilities;
  r.simulation = get<bool>(vm, "simulation");
  r.mellowness = get<double>(vm, "mellowness");
  r.seed = o.core.random_seed;
  if (get<bool>(vm, "active")) {
    if (!chosen.empty()) throw UsageError("--active works on simple (binary) labels, not with --" + chosen);
    if (!(r.mellowness > 0) || !std::isfinite(r.mellowness)) throw UsageError("--mellowness must be > 0");
    r.kind = ReductionKind::kActive;
  } else if (r.simulation || given(vm, "mellowness")) {
    throw UsageError("--simulation and --mellowness need --active");
  }
  if (r.kind == ReductionKind::kNone || r.kind == ReductionKind::kActive) {
    if (r.output != ScoreOutput::kClass)
      throw UsageError("--scores and --probabilities need --oaa, --csoaa, --scoring_filter_tree or --multilabel");
    return;
  }
  o.parse.labels = label_format(r);
  o.parse.classes = r.classes;
  if (o.core.binary) throw UsageError("--binary applies to simple labels, not to --" + chosen);
}

void fill(const po::variables_map& vm, Options& o) {
  if (vm.count("data")) o.data = get<std::string>(vm, "data");
  auto str = [&](const char* name, std::string& out) { if (vm.count(name)) out = get<std::string>(vm, name); };
  str("predictions", o.predictions);
  str("raw_predictions", o.raw_predictions);
  str("final_regressor", o.final_regressor);
  str("initial_regressor", o.initial_regressor);
  str("readable_model", o.readable_model);
  str("invert_hash", o.invert_hash);
  o.testonly = get<bool>(vm, "testonly");
  o.lenient = get<bool>(vm, "lenient");
  o.predict_only_model = get<bool>(vm, "predict_only_model");
  o.passes = get<unsigned>(vm, "passes");
  if (o.passes < 1) throw UsageError("--passes must be at least 1");
  o.max_examples = get<int64_t>(vm, "examples");
  o.save_on_signal = get<bool>(vm, "save_on_signal");

  const bool stdin_data = o.data.empty() || o.data == "-";
  if (vm.count("cache_file")) {
    o.cache_path = get<std::string>(vm, "cache_file");
    if (o.cache_path.empty() || o.cache_path == "-") throw UsageError("--cache_file needs a file name");
  } else if (get<bool>(vm, "cache")) {
    if (stdin_data)
      throw UsageError("-c/--cache names the cache after the data file (<data>.cache); with standard input give "
                       "--cache_file FILE");
    o.cache_path = o.data + ".cache";
  }
  if (!o.cache_path.empty() && !stdin_data) {
    std::error_code ec;
    if (o.cache_path == o.data || std::filesystem::equivalent(o.cache_path, o.data, ec))
      throw UsageError("--cache_file " + o.cache_path + " is the data file itself");
  }
  o.kill_cache = get<bool>(vm, "kill_cache");
  o.compressed = get<bool>(vm, "compressed");

  o.holdout_period = get<unsigned>(vm, "holdout_period");
  if (o.holdout_period < 1) throw UsageError("--holdout_period must be at least 1");
  o.holdout_after = get<uint64_t>(vm, "holdout_after");
  o.holdout = !get<bool>(vm, "holdout_off") && (o.passes > 1 || o.holdout_after > 0);
  o.early_terminate = get<unsigned>(vm, "early_terminate");
  if (o.early_terminate < 1) throw UsageError("--early_terminate must be at least 1");
  o.save_per_pass = get<bool>(vm, "save_per_pass");
  if (o.save_per_pass && o.final_regressor.empty()) throw UsageError("--save_per_pass needs -f (the model file to write)");
  o.decay_learning_rate = positive(get<double>(vm, "decay_learning_rate"), "decay_learning_rate");
  o.progress.quiet = get<bool>(vm, "quiet");
  if (vm.count("progress")) {
    const std::string p = get<std::string>(vm, "progress");
    char* end = nullptr;
    const double v = std::strtod(p.c_str(), &end);
    if (p.empty() || *end != '\0' || !(v > 0)) throw UsageError("-P/--progress needs a positive number, got '" + p + "'");
    o.progress.additive = p.find_first_of(".eE") == std::string::npos;
    if (!o.progress.additive && !(v > 1)) throw UsageError("-P/--progress: a multiplier must be > 1, got '" + p + "'");
    o.progress.interval = v;
  }

  const std::string hash = get<std::string>(vm, "hash");
  if (hash != "strings" && hash != "all") throw UsageError("--hash must be 'strings' or 'all', got '" + hash + "'");
  o.parse.hash_all = hash == "all";
  o.parse.hash_seed = get<uint32_t>(vm, "hash_seed");
  o.parse.keep_names = !o.invert_hash.empty();

  FeatureSpec& f = o.features;
  f.constant = !get<bool>(vm, "noconstant");
  for (const char* name : {"quadratic", "cubic", "interactions"})
    for (const std::string& s : strings(vm, name)) {
      const std::size_t want = std::string(name) == "quadratic" ? 2 : std::string(name) == "cubic" ? 3 : 0;
      if (want && s.size() != want)
        throw UsageError(std::string("--") + name + " takes " + std::to_string(want) + " namespace letters, got '" + s + "'");
      f.interactions.push_back(s);
    }
  f.permutations = get<bool>(vm, "permutations");
  f.max_interaction_features = get<uint64_t>(vm, "interaction_limit");
  f.ignore = join(strings(vm, "ignore"));
  f.ignore_linear = join(strings(vm, "ignore_linear"));
  f.keep = join(strings(vm, "keep"));

  LossSpec& loss = o.loss;
  if (vm.count("loss_function") && vm.count("loss") && get<std::string>(vm, "loss_function") != get<std::string>(vm, "loss"))
    throw UsageError("--loss and --loss_function disagree");
  if (vm.count("loss_function")) loss.name = get<std::string>(vm, "loss_function");
  if (vm.count("loss")) loss.name = get<std::string>(vm, "loss");
  loss.quantile_tau = get<double>(vm, "quantile_tau");
  if (!(loss.quantile_tau > 0 && loss.quantile_tau < 1)) throw UsageError("--quantile_tau must be in (0, 1)");
  loss.expectile_q = get<double>(vm, "expectile_q");
  if (!(loss.expectile_q > 0 && loss.expectile_q <= 0.5)) throw UsageError("--expectile_q must be in (0, 0.5]");

  CoreConfig& c = o.core;
  c.bits = get<unsigned>(vm, "bit_precision");
  if (c.bits < 1 || c.bits > 30) throw UsageError("-b must be between 1 and 30");
  // VW's rule (gd.cc): naming any of the four flags turns the unnamed ones off.
  const bool sgd = get<bool>(vm, "sgd"), adaptive = get<bool>(vm, "adaptive"),
             normalized = get<bool>(vm, "normalized"), invariant = get<bool>(vm, "invariant");
  const bool explicit_rule = sgd || adaptive || normalized || invariant;
  if (explicit_rule) c.rule = UpdateRule{adaptive && !sgd, normalized && !sgd, invariant && !sgd};
  const bool default_rate_10 = explicit_rule && !(c.rule.adaptive && c.rule.normalized);
  o.learning_rate_given = vm.count("learning_rate") > 0;
  c.learning_rate = vm.count("learning_rate") ? get<double>(vm, "learning_rate") : (default_rate_10 ? 10.0 : 0.5);
  if (!(c.learning_rate >= 0) || !std::isfinite(c.learning_rate)) throw UsageError("-l must be >= 0");
  if (c.learning_rate == 0) o.testonly = true;  // VW: -l 0 means test only
  c.power_t = get<double>(vm, "power_t");
  c.initial_t = get<double>(vm, "initial_t");
  c.l1 = get<double>(vm, "l1");
  c.l2 = get<double>(vm, "l2");
  if (c.l1 < 0 || c.l2 < 0 || c.power_t < 0 || c.initial_t < 0)
    throw UsageError("--l1, --l2, --power_t and --initial_t must be >= 0");
  if (vm.count("min_prediction")) c.min_prediction = get<double>(vm, "min_prediction");
  if (vm.count("max_prediction")) c.max_prediction = get<double>(vm, "max_prediction");
  const std::string link = get<std::string>(vm, "link");
  if (link == "identity") c.link = Link::kIdentity;
  else if (link == "logistic") c.link = Link::kLogistic;
  else if (link == "poisson") c.link = Link::kPoisson;
  else throw UsageError("--link must be identity, logistic or poisson, got '" + link + "'");
  c.binary = get<bool>(vm, "binary");
  for (const std::string& d : strings(vm, "dotproduct")) {
    DotProductPair pair;
    const auto comma = d.find(',');
    if (comma != std::string::npos) {
      pair = {d.substr(0, comma), d.substr(comma + 1), true};
    } else if (d.size() == 2) {
      pair = {d.substr(0, 1), d.substr(1, 1), false};
      if (pair.left == "_") pair.left = " ";
      if (pair.right == "_") pair.right = " ";
    } else {
      throw UsageError("--dotproduct takes two namespace letters ('ui') or two full names ('user,item'), got '" + d + "'");
    }
    if (pair.left.empty() || pair.right.empty()) throw UsageError("--dotproduct '" + d + "' names an empty namespace");
    c.dotproducts.push_back(pair);
  }
  c.rank = get<unsigned>(vm, "rank");
  if (c.rank < 1 || c.rank > 256) throw UsageError("--rank must be between 1 and 256");
  c.dotproduct_l2 = get<double>(vm, "dotproduct_l2");
  c.dotproduct_learning_rate = get<double>(vm, "dotproduct_lr");
  c.init_scale = get<double>(vm, "dotproduct_init");
  c.random_seed = get<uint32_t>(vm, "random_seed");
  if (c.dotproduct_l2 < 0 || c.dotproduct_learning_rate < 0 || c.init_scale < 0)
    throw UsageError("--dotproduct_l2, --dotproduct_lr and --dotproduct_init must be >= 0");
  // The latent settings mean nothing without a pair: say so rather than
  // train a linear model the user did not ask for. (Model files record every
  // setting, the defaults too, so only values other than the default count.)
  if (c.dotproducts.empty()) {
    const CoreConfig defaults;
    const std::pair<const char*, bool> latent[] = {
        {"rank", c.rank != defaults.rank},
        {"dotproduct_l2", c.dotproduct_l2 != defaults.dotproduct_l2},
        {"dotproduct_lr", c.dotproduct_learning_rate != defaults.dotproduct_learning_rate},
        {"dotproduct_init", c.init_scale != defaults.init_scale}};
    for (const auto& [name, changed] : latent)
      if (given(vm, name) && changed)
        throw UsageError(std::string("--") + name + " applies to --dotproduct models only (give --dotproduct ab)");
  }
  fill_reduction(vm, o);
}

}  // namespace

// Simple labels outside the loss's domain (Loss::label_min/max) are input
// errors (file:line), as the loss of such a label means nothing.
void set_label_domain(Options& o) {
  if (o.parse.labels != LabelFormat::kSimple) return;
  const std::unique_ptr<Loss> loss = make_loss(o.loss);
  LabelDomain& domain = o.parse.label_domain;
  domain.min = loss->label_min();
  domain.max = loss->label_max();
  if (domain.bounded()) domain.loss = o.loss.name;
}

std::optional<Options> parse_options(int argc, const char* const* argv, std::ostream& out) {
  const po::options_description table = make_table();
  po::positional_options_description positional;
  positional.add("data", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv)
                  .options(table)
                  .positional(positional)
                  .style(po::command_line_style::unix_style ^ po::command_line_style::allow_guessing)
                  .run(),
              vm);
    if (vm.count("help")) {
      out << kUsage << "\n" << table << "\n";
      return std::nullopt;
    }
    if (vm.count("version")) {
      out << "learner 0.1.0\n";
      return std::nullopt;
    }
    Options o;
    if (vm.count("initial_regressor")) {
      const std::string path = vm["initial_regressor"].as<std::string>();
      o.initial_model = read_model_file(path);
      apply_model_options(*o.initial_model, table, vm, path);
    }
    po::notify(vm);
    fill(vm, o);
    refuse_outputs_over_inputs({{"-p", o.predictions}, {"-r", o.raw_predictions}, {"--readable_model", o.readable_model},
                                {"--invert_hash", o.invert_hash}, {"--cache_file", o.cache_path}},
                               {{"-d", o.data}, {"-i", o.initial_regressor}});
    refuse_outputs_over_inputs({{"-f", o.final_regressor}}, {{"-d", o.data}});  // -f = -i: resume in place
    record_model_options(vm, o);
    set_label_domain(o);
    return o;
  } catch (const po::too_many_positional_options_error&) {
    throw UsageError("more than one data file given; learner reads one (use -d FILE, or cat files into stdin)");
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
}

}  // namespace learner
