// The options a model file stores: what a run writes (every stored option
// of its learner and reduction, defaults included) and how a stored value
// compares with and is shown beside the user's.
#include "stored_options.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "registry.h"
#include "option_catalogue.h"

namespace learner::detail {

// A stored option's value as model-file text: switches 0/1, lists joined
// by tabs (namespace letters and names hold no blanks), numbers as given.
std::string stored_text(const OptionValues& v, const OptionSpec& s) {
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
std::string user_text(const OptionValues& v, const OptionSpec& s) {
  if (s.name == "loss_function" && !v.given("loss_function") && v.given("loss")) return v.text("loss");
  return stored_text(v, s);
}

bool user_gave(const OptionValues& v, const OptionSpec& s) {
  return v.given(s.name) || (s.name == "loss_function" && v.given("loss"));
}

// The declaration of d that the run's reduction made (upper's, else below's),
// else the first one.
static const OptionSpec& spec_of_run_reduction(const Declared& d, const ReductionPlugin* upper, const ReductionPlugin* below) {
  if (d.reduction)
    for (const ReductionPlugin* r : {upper, below})
      if (r)
        for (const OptionSpec& spec : r->options)
          if (spec.name == d.spec->name) return spec;
  return *d.spec;
}

// Every stored option of the run's learner and reduction and of the command
// line's own, with its value, defaults included, so a model says everything
// that changes its predictions.
OptionList stored_options(const OptionValues& v, const Options& o) {
  OptionList out;
  for (const auto& [name, d] : declared_options()) {
    if (!stored_for_run(d, o.reduction_plugin, o.reduction_below)) continue;
    // A reduction's option is stored as its own declaration says (its default: --regcb's
    // --mellowness has none, --active's has 8), not as the first declaration's.
    const OptionSpec& s = spec_of_run_reduction(d, o.reduction_plugin, o.reduction_below);
    const bool foreign = !d.learners.empty() &&
                         std::find(d.learners.begin(), d.learners.end(), o.learner) == d.learners.end();
    if (foreign || !stored_by(d, o.learner->name) ||
        (d.reduction && d.reduction != o.reduction_plugin && d.reduction != o.reduction_below &&
         std::find(d.other_reductions.begin(), d.other_reductions.end(), o.reduction_plugin) ==
             d.other_reductions.end()) ||
        (d.layer && std::find(o.layers.begin(), o.layers.end(), d.layer) == o.layers.end()))
      continue;
    if (name == "loss_function") {
      out.emplace_back(name, user_text(v, s).empty() ? std::string("squared") : user_text(v, s));
      continue;
    }
    // An untyped value is the catalogue's default, which is the first declaration's.
    const std::string value = &s != d.spec && !user_gave(v, s) ? s.default_value : stored_text(v, s);
    if (value.empty() && s.kind != OptionKind::kList) continue;  // no value, no default (e.g. --oaa absent)
    out.emplace_back(name, value);
  }
  return out;
}

// The learner's own stored values (LearnerSetup::stored: VW's --lrq /
// --rank -q spellings stored as the learner spelling they map to, so -i
// restores the same model whatever the defaults) replace or join the
// command line's; interactions the learner took are not stored as such.
void record_learner_values(Options& o) {
  for (const auto& stored : o.learner_setup.stored) {
    const std::string& name = stored.first;  // not a structured binding: clang 14 cannot capture one
    auto it = std::find_if(o.model_options.begin(), o.model_options.end(),
                           [&name](const auto& option) { return option.first == name; });
    if (it == o.model_options.end()) o.model_options.emplace_back(name, stored.second);
    else it->second = stored.second;
  }
  if (o.learner_setup.takes_interactions)
    for (auto& [name, value] : o.model_options)
      if (name == "quadratic" || name == "interactions" || name == "cubic") value.clear();
}

}  // namespace learner::detail
