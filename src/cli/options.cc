// The command line. Flag names, short forms and defaults follow Vowpal
// Wabbit (design/vw-compat.md section 1) so a VW command line works as is;
// where this tool differs (strict parsing, exact best constant, --dotproduct)
// the help text says so. The options are declared as data (option_table.cc
// and the plug-ins, plugin.h); this is the only translation unit that sees
// Boost.ProgramOptions, which only splits the command line into text values.
#include "learner/cli/options.h"

#include <boost/program_options.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <ostream>
#include <sstream>

#include "learner/cli/registry.h"
#include "learner/features/text_options.h"
#include "learner/error.h"
#include "learner/io/same_file.h"
#include "option_readers.h"
#include "option_table.h"
#include "rank_setup.h"
#include "vw_latent.h"

namespace po = boost::program_options;

namespace learner {
namespace {

constexpr const char* kUsage =
    "usage: learner [options] [-d] data.txt[.gz]   (stdin when no data file is given)\n"
    "Online learner for Vowpal Wabbit text input, with an exact importance-aware\n"
    "update for dyadic models (--dotproduct). Malformed input is an error naming\n"
    "file:line unless --lenient.\n";

// Every declared option by name, with the plug-in (if any) it belongs to.
struct Declared {
  const OptionSpec* spec = nullptr;
  std::vector<const LearnerPlugin*> learners;  // the learners that declare it (several may: --averaged)
  const ReductionPlugin* reduction = nullptr;  // a reduction's own option
  bool gd_only = false;                      // the gradient learner's (general table)
  std::vector<const LearnerPlugin*> shared;  // other learners that use a gd_only option too (--l1, --l2)
};

bool shares(const Declared& d, const LearnerPlugin* l) {
  return std::find(d.shared.begin(), d.shared.end(), l) != d.shared.end();
}

struct Catalogue {
  std::map<std::string, Declared, std::less<>> by_name;
  po::options_description table;
};

std::string help_text(const OptionSpec& s) {
  std::string h = s.help;
  if (!s.default_value.empty() && s.kind != OptionKind::kSwitch) h += " (default " + s.default_value + ")";
  return h;
}

void add_to(po::options_description& group, const OptionSpec& s) {
  const std::string name = s.short_name ? s.name + "," + s.short_name : s.name;
  const std::string help = help_text(s);
  switch (s.kind) {
    case OptionKind::kSwitch: group.add_options()(name.c_str(), po::bool_switch(), help.c_str()); break;
    case OptionKind::kList:
      group.add_options()(name.c_str(), po::value<std::vector<std::string>>()->composing(), help.c_str());
      break;
    default: group.add_options()(name.c_str(), po::value<std::string>(), help.c_str()); break;
  }
}

const Catalogue& catalogue() {
  static const Catalogue c = [] {
    Catalogue cat;
    for (const OptionGroup& g : general_options()) {
      po::options_description group(g.title);
      const bool gd_only = g.gd_only;
      for (const OptionSpec& s : g.options) {
        add_to(group, s);
        cat.by_name[s.name] = Declared{&s, {}, nullptr, gd_only, {}};
      }
      cat.table.add(group);
    }
    for (const LearnerPlugin* l : learner_plugins()) {
      if (l->options.empty()) continue;
      po::options_description group("Learner: " + l->title);
      bool own = false;
      for (const OptionSpec& s : l->options) {
        auto it = cat.by_name.find(s.name);
        if (it != cat.by_name.end() && it->second.gd_only) {  // a gradient-learner option this learner uses too
          it->second.shared.push_back(l);
          continue;
        }
        if (it != cat.by_name.end()) {  // shared with an earlier learner: declared once
          it->second.learners.push_back(l);
          continue;
        }
        add_to(group, s);
        own = true;
        cat.by_name[s.name] = Declared{&s, {l}, nullptr, false, {}};
      }
      if (own) cat.table.add(group);
    }
    po::options_description reductions("Reductions (each works with every loss and --dotproduct)");
    for (const ReductionPlugin* r : reduction_plugins())
      for (const OptionSpec& s : r->options) {
        add_to(reductions, s);
        cat.by_name[s.name] = Declared{&s, {}, r, false, {}};
      }
    po::options_description output("Output of the reductions");
    output.add_options()("scores", po::bool_switch(), "-p prints every class's score (`1:s1 2:s2 ...`) instead of the class")(
        "probabilities", po::bool_switch(), "with --oaa or --multilabel and logistic loss: -p prints class probabilities");
    cat.table.add(reductions).add(output);
    return cat;
  }();
  return c;
}

const OptionSpec& spec_of(std::string_view name) {
  const auto it = catalogue().by_name.find(name);
  if (it == catalogue().by_name.end()) throw Error("internal: undeclared option --" + std::string(name));
  return *it->second.spec;
}

// Strict number parsing with the option's range (issue: NaN, inf, -1 for a
// count and the like were accepted and meant nothing).
double parse_value(const OptionSpec& s, const std::string& text) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (!text.empty() && *begin == '+') ++begin;
  double v = 0;
  const auto [ptr, ec] = std::from_chars(begin, end, v);
  const std::string flag = "--" + s.name;
  if (text.empty() || ec == std::errc::invalid_argument || ptr != end)
    throw UsageError(flag + " takes a number, got '" + text + "'");
  if (ec == std::errc::result_out_of_range || !std::isfinite(v))
    throw UsageError(flag + " takes a finite number, got '" + text + "'");
  const bool integral = s.kind == OptionKind::kCount || s.kind == OptionKind::kInteger;
  if (integral && v != std::floor(v)) throw UsageError(flag + " takes a whole number, got '" + text + "'");
  const bool below = s.min_exclusive ? !(v > s.min) : !(v >= s.min);
  if (below || !(v <= s.max)) {
    std::ostringstream range;
    range.precision(10);
    if (s.max == std::numeric_limits<double>::infinity())
      range << (s.min_exclusive ? "> " : ">= ") << s.min;
    else
      range << "in " << (s.min_exclusive ? "(" : "[") << s.min << ", " << s.max << "]";
    throw UsageError(flag + " must be " + range.str() + ", got '" + text + "'");
  }
  return v;
}

// OptionValues over a parsed command line: text values, typed on demand.
class ParsedValues final : public OptionValues {
 public:
  explicit ParsedValues(po::variables_map vm) : vm_(std::move(vm)) {}
  bool given(std::string_view name) const override {
    const std::string key(name);
    if (!vm_.count(key)) return false;
    if (spec_of(name).kind == OptionKind::kSwitch) return vm_[key].as<bool>();
    return !vm_[key].defaulted();
  }
  bool flag(std::string_view name) const override {
    const std::string key(name);
    return vm_.count(key) && vm_[key].as<bool>();
  }
  double number(std::string_view name) const override {
    const OptionSpec& s = spec_of(name);
    const std::string t = text(name);
    if (t.empty()) throw Error("internal: --" + s.name + " has no value and no default");
    return parse_value(s, t);
  }
  std::string text(std::string_view name) const override {
    const std::string key(name);
    if (vm_.count(key)) return vm_[key].as<std::string>();
    return spec_of(name).default_value;
  }
  std::vector<std::string> list(std::string_view name) const override {
    const std::string key(name);
    return vm_.count(key) ? vm_[key].as<std::vector<std::string>>() : std::vector<std::string>{};
  }
  const po::variables_map& vm() const { return vm_; }

 private:
  po::variables_map vm_;
};

// A stored option's value as model-file text: switches 0/1, lists joined
// by tabs (namespace letters and names hold no blanks), numbers as given.
std::string stored_text(const ParsedValues& v, const OptionSpec& s) {
  switch (s.kind) {
    case OptionKind::kSwitch: return v.flag(s.name) ? "1" : "0";
    case OptionKind::kList: {
      std::string joined;
      for (const std::string& x : v.list(s.name)) joined += (joined.empty() ? "" : "\t") + x;
      return joined;
    }
    default: return v.text(s.name);
  }
}

bool same_value(const OptionSpec& s, const std::string& a, const std::string& b) {
  if (a == b) return true;
  if (s.kind == OptionKind::kCount || s.kind == OptionKind::kInteger || s.kind == OptionKind::kNumber) {
    char* e1;
    char* e2;
    const double x = std::strtod(a.c_str(), &e1), y = std::strtod(b.c_str(), &e2);
    return !*e1 && !*e2 && !a.empty() && !b.empty() && x == y;
  }
  return false;
}

// VW's rule for a flag given more than once (config/options_cli.cc): a
// switch may repeat (-k --kill_cache); a valued flag may repeat with the same
// value (-b 18 -b 18.0), the copies are dropped; different values are an
// error. Lists (-q ab -q cd) keep every value.
void drop_repeats(po::parsed_options& parsed) {
  std::map<std::string, std::string, std::less<>> first;
  std::vector<po::option> kept;
  for (po::option& opt : parsed.options) {
    const auto it = catalogue().by_name.find(opt.string_key);
    const OptionSpec* spec = it == catalogue().by_name.end() ? nullptr : it->second.spec;
    if ((spec && spec->kind == OptionKind::kList) || opt.string_key.empty() || opt.unregistered) {
      kept.push_back(std::move(opt));
      continue;
    }
    const std::string value = opt.value.empty() ? std::string() : opt.value.front();
    const auto [at, fresh] = first.emplace(opt.string_key, value);
    if (fresh) {
      kept.push_back(std::move(opt));
      continue;
    }
    const bool same = spec ? same_value(*spec, at->second, value) : at->second == value;
    if (!same)
      throw UsageError("--" + opt.string_key + " is given twice with different values: '" + at->second + "' and '" +
                       value + "'");
  }
  parsed.options = std::move(kept);
}

std::string shown(const OptionSpec& s, const std::string& value) {
  if (s.kind == OptionKind::kSwitch) return value == "1" ? "given" : "not given";
  if (s.kind == OptionKind::kList) {
    std::string out;
    for (char c : value) out += c == '\t' ? ' ' : c;
    return out.empty() ? "none" : out;
  }
  return value.empty() ? "none" : value;
}

// The user's value of a stored option (the alias --loss counts for --loss_function).
std::string user_text(const ParsedValues& v, const OptionSpec& s) {
  if (s.name == "loss_function" && !v.given("loss_function") && v.given("loss")) return v.text("loss");
  return stored_text(v, s);
}

bool user_gave(const ParsedValues& v, const OptionSpec& s) {
  return v.given(s.name) || (s.name == "loss_function" && v.given("loss"));
}

// Applies the options stored in a -i model: values the user did not give
// are taken from the model; values the user gave must agree (except the
// resumable ones, where the command line wins).
void apply_model_options(const ModelReader& model, po::variables_map& vm) {
  const ParsedValues user(vm);
  std::vector<std::string> tokens;
  for (const auto& [name, d] : catalogue().by_name) {
    if (!d.spec->stored || d.spec->resumable || !user_gave(user, *d.spec) || model.option(name)) continue;
    throw UsageError("--" + name + " conflicts with the model " + model.path() + ", which was trained without it" +
                     (model.learner() != "gd" ? " (by the '" + model.learner() + "' learner)" : ""));
  }
  for (const auto& [key, value] : model.options()) {
    const auto it = catalogue().by_name.find(key);
    if (it == catalogue().by_name.end() || !it->second.spec->stored)
      throw Error(model.path() + ": the model stores an option this learner does not know (--" + key +
                  "): a corrupt file, or one from a newer learner");
    const OptionSpec& s = *it->second.spec;
    if (user_gave(user, s)) {
      if (s.resumable) continue;
      const std::string mine = user_text(user, s);
      if (!same_value(s, mine, value))
        throw UsageError("--" + key + " " + shown(s, mine) + " conflicts with the model " + model.path() +
                         ", which was trained with --" + key + " " + shown(s, value));
      continue;
    }
    try {
      if (s.kind == OptionKind::kSwitch) {
        if (value == "1") tokens.push_back("--" + key);
        else if (value != "0") throw UsageError("not 0 or 1");
      } else if (s.kind == OptionKind::kList) {
        std::size_t start = 0;
        while (start < value.size()) {
          const std::size_t tab = value.find('\t', start);
          tokens.push_back("--" + key);
          tokens.push_back(value.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
          start = tab == std::string::npos ? value.size() : tab + 1;
        }
      } else if (!value.empty()) {
        if (s.kind != OptionKind::kText) parse_value(s, value);
        tokens.push_back("--" + key);
        tokens.push_back(value);
      }
    } catch (const UsageError& e) {
      throw Error(model.path() + ": the model's stored option --" + key + " '" + value + "' is invalid (" + e.what() +
                  "): a corrupt file");
    }
  }
  po::store(po::command_line_parser(tokens).options(catalogue().table).style(
                po::command_line_style::unix_style ^ po::command_line_style::allow_guessing).run(),
            vm);
}

// Every stored option of the run's learner and reduction and of the command
// line's own, with its value, defaults included, so a model says everything
// that changes its predictions.
OptionList stored_options(const ParsedValues& v, const Options& o) {
  OptionList out;
  const bool gd = o.learner == learner_plugins().front();
  for (const auto& [name, d] : catalogue().by_name) {
    const OptionSpec& s = *d.spec;
    if (!s.stored) continue;
    const bool foreign = !d.learners.empty() &&
                         std::find(d.learners.begin(), d.learners.end(), o.learner) == d.learners.end();
    if ((d.gd_only && !gd && !shares(d, o.learner)) || foreign ||
        (d.reduction && d.reduction != o.reduction_plugin))
      continue;
    if (name == "loss_function") {
      out.emplace_back(name, user_text(v, s).empty() ? std::string("squared") : user_text(v, s));
      continue;
    }
    const std::string value = stored_text(v, s);
    if (value.empty() && s.kind != OptionKind::kList) continue;  // no value, no default (e.g. --oaa absent)
    out.emplace_back(name, value);
  }
  return out;
}

// VW's --lrq / --rank -q spellings (vw_latent.h) are stored in the model
// file as the learner spelling they map to (--dotproduct pairs, --rank,
// the -q pairs --rank factorised removed), so -i
// restores the same model whatever the defaults.
void record_effective_latent(Options& o) {
  std::string pairs;
  for (const DotProductPair& p : o.core.dotproducts) {
    if (!pairs.empty()) pairs += '\t';  // appends: GCC 12 misreads "" + std::string&& (-Wrestrict)
    pairs += p.by_full_name ? p.left + "," + p.right : p.left + p.right;
  }
  std::string interactions;
  for (const std::string& s : o.features.interactions) interactions += (interactions.empty() ? "" : "\t") + s;
  for (auto& [name, value] : o.model_options) {
    if (name == "rank") value = std::to_string(o.core.rank);
    else if (name == "dotproduct") value = pairs;
    else if (name == "dotproduct_dropout" && o.core.dotproduct_dropout == 0.5) value = "0.5";
    else if ((name == "quadratic" || name == "interactions" || name == "cubic") && o.features.interactions.empty())
      value.clear();
  }
  // An empty text option is not stored (stored_options), so --lrqfa's fields are added here.
  if (!o.core.dotproduct_fields.empty()) {
    auto it = std::find_if(o.model_options.begin(), o.model_options.end(),
                           [](const auto& option) { return option.first == "dotproduct_fields"; });
    if (it == o.model_options.end()) o.model_options.emplace_back("dotproduct_fields", o.core.dotproduct_fields);
    else it->second = o.core.dotproduct_fields;
  }
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += x;
  return s;
}

// Which learner and reduction the command line selects; a plug-in's own
// options without its selector are errors, and so are gradient-learner
// options with another learner.
void select_plugins(const ParsedValues& v, Options& o) {
  o.learner = learner_plugins().front();
  for (const LearnerPlugin* l : learner_plugins()) {
    if (l->selector.empty() || !v.given(l->selector)) continue;
    if (o.learner != learner_plugins().front())
      throw UsageError("--" + o.learner->selector + " and --" + l->selector + " choose two learners");
    o.learner = l;
  }
  for (const ReductionPlugin* r : reduction_plugins()) {
    if (!v.given(r->options.front().name)) continue;
    if (o.reduction_plugin) {
      if (r->name == "active" || o.reduction_plugin->name == "active")
        throw UsageError("--active works on simple (binary) labels, not with --" +
                         (r->name == "active" ? o.reduction_plugin->name : r->name));
      throw UsageError("--" + o.reduction_plugin->name + " and --" + r->name + " cannot be combined");
    }
    o.reduction_plugin = r;
  }
  if (o.reduction_plugin && !o.reduction_plugin->default_learner.empty() && o.learner == learner_plugins().front())
    for (const LearnerPlugin* l : learner_plugins())
      if (l->name == o.reduction_plugin->default_learner) o.learner = l;
  for (const auto& [name, d] : catalogue().by_name) {
    if (!v.given(name)) continue;
    if (!d.learners.empty() && std::find(d.learners.begin(), d.learners.end(), o.learner) == d.learners.end()) {
      bool selector = false;
      std::string owners;
      for (const LearnerPlugin* l : d.learners) {
        selector = selector || name == l->selector;
        owners += (owners.empty() ? "--" : " or --") + l->selector;
      }
      if (!selector) throw UsageError("--" + name + " needs " + owners);
    }
    if (d.reduction && d.reduction != o.reduction_plugin && name != d.reduction->options.front().name)
      throw UsageError("--" + name + " needs --" + d.reduction->options.front().name);
    if (d.gd_only && o.learner != learner_plugins().front() && !shares(d, o.learner))
      throw UsageError("--" + name + " applies to the gradient learner, not to " +
                       (o.learner->selector.empty() ? "the " + o.learner->name + " learner"
                                                    : "--" + o.learner->selector));
  }
  if (o.learner->validate) o.learner->validate(v);
  if (o.reduction_plugin && o.reduction_plugin->validate) o.reduction_plugin->validate(v);
}

// --named_labels a,b,c and --indexing 0|1 (parse/class_labels.h); null for
// the plain 1..K ids; neither given: the reduction's own (`plugin_default`).
// VW's rule: with names, K is their number.
std::shared_ptr<const ClassLabels> class_labels(const ParsedValues& v, uint32_t classes, LabelFormat labels,
                                                std::shared_ptr<const ClassLabels> plugin_default) {
  const bool named = v.given("named_labels"), indexed = v.given("indexing");
  if (!named && !indexed) return plugin_default;  // --multilabel_oaa: 0-based
  const std::string flag = named ? "--named_labels" : "--indexing";
  if (labels == LabelFormat::kSimple) throw UsageError(flag + " applies to class labels, not to simple ones");
  if (named && indexed) throw UsageError("--named_labels and --indexing cannot be combined (names are not numbered)");
  if (indexed) {
    const std::string i = v.text("indexing");
    if (i == "1") return nullptr;
    if (i != "0") throw UsageError("--indexing must be 0 or 1, got '" + i + "'");
    return std::make_shared<const ClassLabels>(ClassLabels::zero_based());
  }
  auto names = std::make_shared<const ClassLabels>(ClassLabels::named(v.text("named_labels")));
  if (classes != 0 && classes != names->size())
    throw UsageError("--named_labels gives " + std::to_string(names->size()) + " names; the reduction has " +
                     std::to_string(classes) + " classes (use that number as its K)");
  return names;
}

void fill_reduction(const ParsedValues& v, Options& o) {
  ReductionSpec& r = o.reduction;
  r.seed = o.core.random_seed;
  if (v.flag("scores") && v.flag("probabilities")) throw UsageError("--scores and --probabilities cannot be combined");
  if (v.flag("scores")) r.output = ScoreOutput::kScores;
  if (v.flag("probabilities")) r.output = ScoreOutput::kProbabilities;
  if (!o.reduction_plugin) {
    if (v.given("named_labels") || v.given("indexing"))
      throw UsageError(std::string(v.given("named_labels") ? "--named_labels" : "--indexing") +
                       " needs a multiclass reduction (--oaa, --csoaa, --filter_tree, --multilabel_oaa, ...)");
    if (r.output != ScoreOutput::kClass)
      throw UsageError("--scores and --probabilities need --oaa, --csoaa, --scoring_filter_tree or --multilabel");
    return;
  }
  o.reduction_plugin->configure(v, r);
  o.parse.labels = o.reduction_plugin->labels(r);
  r.class_labels = class_labels(v, r.classes, o.parse.labels, r.class_labels);
  o.parse.class_labels = r.class_labels;
  if (o.parse.labels != LabelFormat::kSimple) {
    o.parse.classes = r.classes;
    if (r.binary) throw UsageError("--binary applies to simple labels, not to --" + o.reduction_plugin->name);
  }
}

void fill_io(const ParsedValues& v, Options& o) {
  if (v.given("data")) o.data = v.text("data");
  else if (v.flag("no_stdin")) o.data = "/dev/null";  // VW's --no_stdin: no examples
  v.number("example_queue_limit");  // range-checked only: the parse queue's size is fixed (stream/example_stream.h)
  o.predictions = v.text("predictions");
  o.raw_predictions = v.text("raw_predictions");
  o.final_regressor = v.text("final_regressor");
  o.initial_regressor = v.text("initial_regressor");
  o.readable_model = v.text("readable_model");
  o.invert_hash = v.text("invert_hash");
  o.audit = v.flag("audit");
  o.audit_regressor = v.text("audit_regressor");
  o.testonly = v.flag("testonly");
  o.lenient = v.flag("lenient");
  o.pad_skipped = v.flag("pad_skipped");
  if (o.pad_skipped && !o.lenient) throw UsageError("--pad_skipped needs --lenient (without it a malformed line stops the run)");
  o.predict_only_model = v.flag("predict_only_model");
  o.passes = static_cast<unsigned>(v.number("passes"));
  o.pass_memory_mib = static_cast<uint64_t>(v.number("pass_memory"));
  o.max_examples = static_cast<int64_t>(v.number("examples"));
  o.save_on_signal = v.flag("save_on_signal");
  fill_allreduce(v, o);

  const bool stdin_data = o.data.empty() || o.data == "-";
  if (v.given("cache_file")) {
    o.cache_path = v.text("cache_file");
    if (o.cache_path.empty() || o.cache_path == "-") throw UsageError("--cache_file needs a file name");
  } else if (v.flag("cache")) {
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
  o.kill_cache = v.flag("kill_cache");
  o.compressed = v.flag("compressed");

  o.holdout_period = static_cast<unsigned>(v.number("holdout_period"));
  o.holdout_after = static_cast<uint64_t>(v.number("holdout_after"));
  o.holdout = !v.flag("holdout_off") && (o.passes > 1 || o.holdout_after > 0);
  o.early_terminate = static_cast<unsigned>(v.number("early_terminate"));
  o.save_per_pass = v.flag("save_per_pass");
  if (o.save_per_pass && o.final_regressor.empty()) throw UsageError("--save_per_pass needs -f (the model file to write)");
  o.decay_learning_rate = v.number("decay_learning_rate");
  o.core.decay_learning_rate = o.decay_learning_rate;
  o.progress.quiet = v.flag("quiet");
  if (v.given("progress")) o.progress = progress_rule(v.text("progress"), o.progress);
}

void fill_features(const ParsedValues& v, Options& o) {
  const std::string hash = v.text("hash");
  if (hash != "strings" && hash != "all") throw UsageError("--hash must be 'strings' or 'all', got '" + hash + "'");
  o.parse.hash_all = hash == "all";
  o.parse.hash_seed = static_cast<uint32_t>(v.number("hash_seed"));
  o.parse.keep_names = !o.invert_hash.empty() || o.audit || !o.audit_regressor.empty();

  FeatureSpec& f = o.features;
  f.constant = !v.flag("noconstant");
  for (const char* name : {"quadratic", "cubic", "interactions"})
    for (const std::string& s : v.list(name)) {
      const std::size_t want = std::string(name) == "quadratic" ? 2 : std::string(name) == "cubic" ? 3 : 0;
      if (want && s.size() != want)
        throw UsageError(std::string("--") + name + " takes " + std::to_string(want) + " namespace letters, got '" + s + "'");
      f.interactions.push_back(s);
    }
  f.permutations = v.flag("permutations");
  f.leave_duplicate_interactions = v.flag("leave_duplicate_interactions");
  f.text = make_text_features(v, o.parse.hash_all, o.parse.hash_seed);
  o.parse.keep_tokens = f.text && f.text->parse_time();
  f.max_interaction_features = static_cast<uint64_t>(v.number("interaction_limit"));
  f.ignore = join(v.list("ignore"));
  f.ignore_linear = join(v.list("ignore_linear"));
  f.keep = join(v.list("keep"));
}

// Returns whether VW's --lrq / --rank -q spelling chose the dyadic model.
bool fill_learning(const ParsedValues& v, Options& o, bool rank_on_command_line) {
  LossSpec& loss = o.loss;
  if (v.given("loss_function") && v.given("loss") && v.text("loss_function") != v.text("loss"))
    throw UsageError("--loss and --loss_function disagree");
  if (v.given("loss_function")) loss.name = v.text("loss_function");
  else if (v.given("loss")) loss.name = v.text("loss");
  loss.quantile_tau = v.number("quantile_tau");
  if (!(loss.quantile_tau < 1)) throw UsageError("--quantile_tau must be in (0, 1)");
  loss.expectile_q = v.number("expectile_q");

  CoreConfig& c = o.core;
  c.bits = static_cast<unsigned>(v.number("bit_precision"));
  // VW's rule (gd.cc): naming any of the four flags turns the unnamed ones off.
  const bool sgd = v.flag("sgd"), adaptive = v.flag("adaptive"), normalized = v.flag("normalized"),
             invariant = v.flag("invariant");
  const bool explicit_rule = sgd || adaptive || normalized || invariant;
  if (explicit_rule) c.rule = UpdateRule{adaptive && !sgd, normalized && !sgd, invariant && !sgd};
  const bool default_rate_10 = explicit_rule && !(c.rule.adaptive && c.rule.normalized);
  o.learning_rate_given = v.given("learning_rate");
  c.learning_rate = o.learning_rate_given ? v.number("learning_rate") : (default_rate_10 ? 10.0 : 0.5);
  if (c.learning_rate == 0) o.testonly = true;  // VW: -l 0 means test only
  c.power_t = v.number("power_t");
  c.initial_t = v.number("initial_t");
  c.l1 = v.number("l1");
  c.l2 = v.number("l2");
  if (v.given("min_prediction")) c.min_prediction = v.number("min_prediction");
  if (v.given("max_prediction")) c.max_prediction = v.number("max_prediction");
  const std::string link = v.text("link");
  if (link == "identity") o.reduction.link = Link::kIdentity;
  else if (link == "logistic") o.reduction.link = Link::kLogistic;
  else if (link == "poisson") o.reduction.link = Link::kPoisson;
  else throw UsageError("--link must be identity, logistic or poisson, got '" + link + "'");
  o.reduction.binary = v.flag("binary");
  for (const std::string& d : v.list("dotproduct")) {
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
  c.rank = static_cast<unsigned>(v.number("rank"));
  c.dotproduct_l2 = v.number("dotproduct_l2");
  c.dotproduct_learning_rate = v.number("dotproduct_lr");
  c.init_scale = v.number("dotproduct_init");
  c.center = v.number("dotproduct_center");
  c.dotproduct_freq_l2 = v.number("dotproduct_freq_l2");
  c.dotproduct_side_ratio = v.number("dotproduct_side_ratio");
  c.dotproduct_fields = v.text("dotproduct_fields");
  c.dotproduct_dropout = v.number("dotproduct_dropout");
  c.average_passes = static_cast<unsigned>(v.number("average_passes"));
  c.passes = o.passes;
  if (c.average_passes > 1 && o.holdout)
    throw UsageError("--average_passes: with holdout (on by default with --passes > 1) -f keeps the best pass's "
                     "weights, not an average; give --holdout_off");
  c.random_seed = static_cast<uint32_t>(v.number("random_seed"));
  c.weight_init = weight_init(v, c.random_seed, o.features.constant);
  c.feature_mask = v.given("feature_mask");
  const bool vw_spelling = apply_vw_latent_spellings(v, o, rank_on_command_line);
  // The latent settings mean nothing without a pair: say so rather than
  // train a linear model the user did not ask for. (Model files record every
  // setting, the defaults too, so only values other than the default count.)
  if (!c.has_latent()) {
    const CoreConfig defaults;
    // VW's --rank K alone (its gd_mf with no -q pair) trains the linear
    // model: accept VW's command line, and say what it means.
    // (A model so trained stores --rank K: restored silently.)
    if (c.rank != defaults.rank && o.features.interactions.empty()) {
      if (rank_on_command_line)
        std::fprintf(stderr,
                     "warning: --rank %u without a -q pair (or --dotproduct ab): nothing to factorise, the model is "
                     "linear (as VW's --rank without -q)\n",
                     c.rank);
      c.rank = defaults.rank;
    }
    const std::pair<const char*, bool> latent[] = {
        {"rank", c.rank != defaults.rank},
        {"dotproduct_l2", c.dotproduct_l2 != defaults.dotproduct_l2},
        {"dotproduct_lr", c.dotproduct_learning_rate != defaults.dotproduct_learning_rate},
        {"dotproduct_init", c.init_scale != defaults.init_scale},
        {"dotproduct_center", c.center != defaults.center},
        {"dotproduct_freq_l2", c.dotproduct_freq_l2 != defaults.dotproduct_freq_l2},
        {"dotproduct_side_ratio", c.dotproduct_side_ratio != defaults.dotproduct_side_ratio},
        {"dotproduct_dropout", c.dotproduct_dropout != defaults.dotproduct_dropout}};
    for (const auto& [name, changed] : latent)
      if (v.given(name) && changed)
        throw UsageError(std::string("--") + name + " applies to --dotproduct models only (give --dotproduct ab, or VW's --rank K -q ab)");
  }
  return vw_spelling;
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
  const po::options_description& table = catalogue().table;
  po::positional_options_description positional;
  positional.add("data", 1);
  po::variables_map vm;
  try {
    po::parsed_options parsed = po::command_line_parser(argc, argv)
                                    .options(table)
                                    .positional(positional)
                                    .style(po::command_line_style::unix_style ^ po::command_line_style::allow_guessing)
                                    .run();
    drop_repeats(parsed);
    po::store(parsed, vm);
    if (vm.count("help") && vm["help"].as<bool>()) {
      out << kUsage << "\n" << table << "\n";
      return std::nullopt;
    }
    if (vm.count("version") && vm["version"].as<bool>()) {
      out << "learner 0.1.0\n";
      return std::nullopt;
    }
    if (vm.count("args")) throw UsageError("--args FILE must be the only option (learner --args FILE)");
    Options o;
    // VW's --rank -q spelling is read from the command line only: a -i model
    // restores --rank (default included) and stores the mapped spelling.
    const bool rank_on_command_line = vm.count("rank") && !vm["rank"].defaulted();
    // --feature_mask M without -i starts from M (VW: "also used for initial weights").
    std::string mask;
    if (vm.count("feature_mask")) {
      mask = vm["feature_mask"].as<std::string>();
      // VW (parse_regressor.cc) reads M, then zeroes the weights and reads
      // -i R over them: the mask is R's own non-zero weights. The same here,
      // said aloud, so VW's command lines give VW's model.
      if (vm.count("initial_regressor") && vm["initial_regressor"].as<std::string>() != mask) {
        const std::string start = vm["initial_regressor"].as<std::string>();
        std::fprintf(stderr,
                     "warning: --feature_mask %s with -i %s: as in VW, the mask is %s's own non-zero weights (%s is "
                     "not used)\n",
                     mask.c_str(), start.c_str(), start.c_str(), mask.c_str());
        mask = start;
      }
    }
    if (vm.count("initial_regressor") || !mask.empty()) {
      const std::string path = mask.empty() ? vm["initial_regressor"].as<std::string>() : mask;
      o.initial_model = std::make_shared<ModelReader>(path);
      apply_model_options(*o.initial_model, vm);
    }
    po::notify(vm);
    auto values = std::make_shared<const ParsedValues>(vm);
    const ParsedValues& v = *values;
    select_plugins(v, o);
    fill_io(v, o);
    if (!mask.empty()) o.initial_regressor = mask;
    refuse_outputs_over_inputs({{"-p", o.predictions}, {"-r", o.raw_predictions}, {"--readable_model", o.readable_model},
                                {"--invert_hash", o.invert_hash}, {"--audit_regressor", o.audit_regressor},
                                {"--cache_file", o.cache_path}},
                               {{"-d", o.data}, {"-i", o.initial_regressor}});
    refuse_outputs_over_inputs({{"-f", o.final_regressor}}, {{"-d", o.data}});  // -f = -i: resume in place
    if (o.initial_model && o.initial_model->learner() != o.learner->name)
      throw UsageError(o.initial_regressor + " was written by the '" + o.initial_model->learner() +
                       "' learner; this command line selects the '" + o.learner->name + "' learner");
    fill_features(v, o);
    fill_format(v, o);
    const bool vw_latent = fill_learning(v, o, rank_on_command_line);
    const std::string* model_pairs = o.initial_model ? o.initial_model->option("dotproduct") : nullptr;
    const std::string* model_fields = o.initial_model ? o.initial_model->option("dotproduct_fields") : nullptr;
    if (vw_latent && o.initial_model && (!model_pairs || model_pairs->empty()) &&
        (!model_fields || model_fields->empty()))
      throw UsageError("VW's --rank -q / --lrq spelling conflicts with the model " + o.initial_model->path() +
                       ", which was trained without a dyadic term");
    fill_reduction(v, o);
    if (!v.list("classweight").empty())
      o.class_weights = std::make_shared<const ClassWeights>(v.list("classweight"), o.parse.labels,
                                                             o.parse.class_labels.get());
    o.core.sub_models = o.reduction_plugin ? o.reduction_plugin->sub_models(o.reduction) : 1;
    o.model_options = stored_options(v, o);
    if (vw_latent) record_effective_latent(o);
    o.values = values;
    set_label_domain(o);
    return o;
  } catch (const po::too_many_positional_options_error&) {
    throw UsageError("more than one data file given; learner reads one (use -d FILE, or cat files into stdin)");
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
}

}  // namespace learner
