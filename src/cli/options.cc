// The command line. Flag names, short forms and defaults follow Vowpal
// Wabbit (docs/vw-compat.md section 1) so a VW command line works as is;
// where this tool differs (strict parsing, exact best constant, --dotproduct)
// the help text says so. The options are declared as data (option_table.cc
// and the plug-ins, plugin.h); this is the only translation unit that sees
// Boost.ProgramOptions, which only splits the command line into text values.
// The groups of options are read by the files of option_readers.h; what a
// model file stores, by stored_options.h.
#include "learner/cli/options.h"

#include <boost/program_options.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <ostream>
#include <sstream>

#include "registry.h"
#include "learner/error.h"
#include "option_catalogue.h"
#include "option_readers.h"
#include "option_table.h"
#include "output_guard.h"
#include "stored_options.h"

namespace po = boost::program_options;

namespace learner {
namespace {

using detail::parse_value;
using detail::same_value;
using detail::shown;
using detail::spec_of;
using detail::user_gave;
using detail::user_text;

constexpr const char* kUsage =
    "usage: learner [options] [-d] data.txt[.gz]   (stdin when no data file is given)\n"
    "Online learner for Vowpal Wabbit text input, with an exact importance-aware\n"
    "update for dyadic models (--dotproduct). Malformed input is an error naming\n"
    "file:line unless --lenient.\n";

struct Catalogue {
  detail::DeclaredOptions by_name;
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
      if (s.multitoken)
        group.add_options()(name.c_str(), po::value<std::vector<std::string>>()->composing()->multitoken(), help.c_str());
      else
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
      for (const OptionSpec& s : g.options) {
        add_to(group, s);
        cat.by_name[s.name] = detail::Declared{&s, {}, nullptr, {}, nullptr};
      }
      cat.table.add(group);
    }
    for (const LearnerPlugin* l : learner_plugins()) {
      if (l->options.empty()) continue;
      po::options_description group("Learner: " + l->title);
      bool own = false;
      for (const OptionSpec& s : l->options) {
        auto it = cat.by_name.find(s.name);
        if (it != cat.by_name.end()) {  // shared with an earlier learner: declared once
          it->second.learners.push_back(l);
          if (it->second.spec->stored && !s.stored) it->second.unstored.push_back(l);
          continue;
        }
        add_to(group, s);
        own = true;
        cat.by_name[s.name] = detail::Declared{&s, {l}, nullptr, {}, nullptr};
      }
      if (own) cat.table.add(group);
    }
    po::options_description reductions("Reductions (each works with every loss and --dotproduct)");
    for (const ReductionPlugin* r : reduction_plugins())
      for (const OptionSpec& s : r->options) {
        auto it = cat.by_name.find(s.name);
        if (it != cat.by_name.end() && it->second.reduction) {  // shared with an earlier reduction: declared once
          it->second.other_reductions.push_back(r);
          if (s.stored) it->second.storing_reductions.push_back(r);
          continue;
        }
        add_to(reductions, s);
        cat.by_name[s.name] = detail::Declared{&s, {}, r, {}, nullptr};
        if (s.stored) cat.by_name[s.name].storing_reductions.push_back(r);
      }
    if (!layer_plugins().empty()) {
      po::options_description layers("Layers between the learner and the reduction (VW's order, nearest the learner "
                                     "first: the learner, then these as listed, then the reduction)");
      for (const LayerPlugin* l : layer_plugins())
        for (const OptionSpec& s : l->options) {
          if (cat.by_name.count(s.name)) continue;  // declared by a learner too (--gamma): read, not redeclared
          add_to(layers, s);
          cat.by_name[s.name] = detail::Declared{&s, {}, nullptr, {}, l};
        }
      cat.table.add(layers);
    }
    po::options_description over("Layers over the reduction (each sees an example before the reduction does)");
    for (const ReductionLayerPlugin* l : reduction_layer_plugins())
      for (const OptionSpec& s : l->options) {
        add_to(over, s);
        cat.by_name[s.name] = detail::Declared{&s, {}, nullptr, {}, nullptr};
      }
    po::options_description output("Output of the reductions");
    output.add_options()("scores", po::bool_switch(), "-p prints every class's score (`1:s1 2:s2 ...`) instead of the class")(
        "probabilities", po::bool_switch(), "with --oaa or --multilabel and logistic loss: -p prints class probabilities");
    cat.table.add(reductions).add(over).add(output);
    return cat;
  }();
  return c;
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

// Applies the options stored in a -i model: values the user did not give
// are taken from the model; values the user gave must agree (except the
// resumable ones, where the command line wins). A model read only as a
// --feature_mask (`as_mask`) does not pass on its resumable options, the
// regularisers (--l1, --l2): VW's recipe trains the mask with --l1 to choose
// the features, then retrains on them without it (VW's models do not store
// --l1; restoring it made VW's test 31 lose 10%).
void apply_model_options(const ModelReader& model, po::variables_map& vm, bool as_mask) {
  // A model of one of the rating tools (learner-bpmf writes learner name
  // "bpmf") is not a model of this program: say whose it is.
  const bool ours = std::any_of(learner_plugins().begin(), learner_plugins().end(),
                                [&](const LearnerPlugin* l) { return l->name == model.learner(); });
  if (!ours)
    throw UsageError(model.path() + " is a model of '" + model.learner() + "'" +
                     (model.learner() == "bpmf" ? ", written by learner-bpmf: read it with learner-bpmf --load" : "") +
                     ", not one learner reads");
  const ParsedValues user(vm);
  std::vector<std::string> tokens;
  for (const auto& [name, d] : catalogue().by_name) {
    if (!d.spec->stored || d.spec->resumable || !user_gave(user, *d.spec) || model.option(name) ||
        !detail::stored_by(d, model.learner()))
      continue;
    throw UsageError("--" + name + " conflicts with the model " + model.path() + ", which was trained without it" +
                     (model.learner() != "gd" ? " (by the '" + model.learner() + "' learner)" : ""));
  }
  for (const auto& [key, value] : model.options()) {
    const auto it = catalogue().by_name.find(key);
    if (it == catalogue().by_name.end() || !(it->second.spec->stored || !it->second.storing_reductions.empty()))
      throw Error(model.path() + ": the model stores an option this learner does not know (--" + key +
                  "): a corrupt file, or one from a newer learner");
    const OptionSpec& s = *it->second.spec;
    if (as_mask && s.resumable) continue;
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

}  // namespace

namespace detail {

const DeclaredOptions& declared_options() { return catalogue().by_name; }

bool stored_for_run(const Declared& d, const ReductionPlugin* upper, const ReductionPlugin* below) {
  if (!d.reduction) return d.spec->stored;
  const auto& r = d.storing_reductions;
  return (upper && std::find(r.begin(), r.end(), upper) != r.end()) ||
         (below && std::find(r.begin(), r.end(), below) != r.end());
}

bool stored_by(const Declared& d, std::string_view learner) {
  return std::none_of(d.unstored.begin(), d.unstored.end(), [&](const LearnerPlugin* l) { return l->name == learner; });
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

}  // namespace detail

// Simple labels outside the loss's domain (Loss::label_min/max) are input
// errors (file:line), as the loss of such a label means nothing; so are
// labels other than -1 and 1 for a mistake-driven learner (it would read
// 0.5 and 7 as 1, 0 as -1) and with --binary (VW: "The label ... is not -1
// or 1 as loss function expects", binary.cc; there an error message per
// example, the loss then left as the base learner's).
void set_label_domain(Options& o) {
  if (o.parse.labels != LabelFormat::kSimple) return;
  const std::unique_ptr<Loss> loss = make_loss(o.loss);
  LabelDomain& domain = o.parse.label_domain;
  domain.min = loss->label_min();
  domain.max = loss->label_max();
  if (domain.bounded()) domain.loss = o.loss.name;
  if (o.learner->sign_labels) domain.signs = "--" + o.learner->selector;
  else if (o.reduction.binary) domain.signs = "--binary";
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
    // What the command line itself gives (a -i model restores the rest):
    // VW's --rank -q spelling is read from the command line only.
    auto typed = std::make_shared<std::set<std::string, std::less<>>>();
    for (const auto& [name, value] : vm)
      if (!value.defaulted()) typed->insert(name);
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
      apply_model_options(*o.initial_model, vm, /*as_mask=*/!mask.empty() && !vm.count("initial_regressor"));
    }
    po::notify(vm);
    auto values = std::make_shared<const ParsedValues>(vm);
    const ParsedValues& v = *values;
    select_plugins(v, o);
    fill_io(v, o);
    if (!mask.empty()) o.initial_regressor = mask;
    if (o.initial_model && o.initial_model->learner() != o.learner->name)
      throw UsageError(o.initial_regressor + " was written by the '" + o.initial_model->learner() +
                       "' learner; this command line selects the '" + o.learner->name + "' learner");
    fill_features(v, o);
    refuse_outputs_over_inputs(o);  // the names as given (for_rank checks them again with '%r' replaced)
    fill_format(v, o);
    fill_learning(v, o, [typed](std::string_view name) { return typed->count(name) > 0; });
    fill_reduction(v, o);
    for (const ReductionLayerPlugin* l : reduction_layer_plugins()) {
      if (!v.given(l->options.front().name)) continue;
      if (ReductionWrap wrap = l->setup(ReductionLayerContext{v, o.parse.labels, o.parse.class_labels.get(), o.testonly}))
        o.reduction_layers.push_back(std::move(wrap));
    }
    o.sub_models = !o.reduction_plugin                   ? 1
                   : o.reduction_plugin->sub_models_with ? o.reduction_plugin->sub_models_with(v, o.reduction)
                                                         : o.reduction_plugin->sub_models(o.reduction);
    for (const LayerPlugin* l : o.layers) {
      const uint64_t width = uint64_t{o.sub_models} * l->width(v);
      if (width > (uint64_t{1} << 20))
        throw UsageError("--" + l->options.front().name + " with " + std::to_string(o.sub_models) +
                         " sub-models above it asks the learner for " + std::to_string(width) +
                         " sub-models (at most 2^20)");
      o.sub_models = static_cast<uint32_t>(width);
    }
    o.model_options = detail::stored_options(v, o);
    detail::record_learner_values(o);
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
