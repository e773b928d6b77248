// Which learner and reduction a command line selects, and the options that
// belong to neither.
#include <algorithm>
#include <cstdio>
#include <utility>
#include <string>
#include <vector>

#include "registry.h"
#include "learner/error.h"
#include "option_catalogue.h"
#include "option_readers.h"

namespace learner {

namespace {

bool read_by_layer(const std::string& name, const std::vector<const LayerPlugin*>& layers) {
  for (const LayerPlugin* l : layers)
    for (const OptionSpec& s : l->options)
      if (s.name == name) return true;
  return false;
}

// Whether `upper` builds on `lower` when both are given (ReductionPlugin::stands_over).
bool builds_on(const ReductionPlugin* upper, const ReductionPlugin* lower) {
  return std::find(upper->stands_over.begin(), upper->stands_over.end(), lower->options.front().name) !=
         upper->stands_over.end();
}

// The stacks that cannot be built: a reduction that needs the learner itself
// below it (ReductionPlugin::needs_learner_below) over a layer.
void check_stack(const Options& o) {
  if (o.layers.empty() || !o.reduction_plugin || o.reduction_plugin->needs_learner_below.empty()) return;
  throw UsageError("--" + o.reduction_plugin->name + " cannot stand over --" + o.layers.front()->options.front().name +
                   ": " + o.reduction_plugin->needs_learner_below);
}

// "--a", "--a or --b", "--a, --b or --c": the plug-ins an option belongs to, for its refusal.
std::string flag_list(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "--" : i + 1 == names.size() ? " or --" : ", --") + names[i];
  return out;
}

}  // namespace

// Which learner and reduction the command line selects; a plug-in's own
// options without its selector are errors.
void select_plugins(const OptionValues& v, Options& o) {
  const LearnerPlugin* const fallback = &default_learner();
  o.learner = fallback;
  for (const LearnerPlugin* l : learner_plugins()) {
    if (l->selector.empty() || !v.given(l->selector)) continue;
    if (o.learner != fallback)
      throw UsageError("--" + o.learner->selector + " and --" + l->selector + " choose two learners");
    o.learner = l;
  }
  for (const ReductionPlugin* r : reduction_plugins()) {
    if (!v.given(r->options.front().name)) continue;
    if (o.reduction_plugin && builds_on(o.reduction_plugin, r)) {
      o.reduction_below = r;
      continue;
    }
    if (o.reduction_plugin && builds_on(r, o.reduction_plugin)) {
      o.reduction_below = o.reduction_plugin;
      o.reduction_plugin = r;
      continue;
    }
    if (o.reduction_plugin) {
      for (const auto& [one, other] : {std::pair{r, o.reduction_plugin}, std::pair{o.reduction_plugin, r}})
        if (!one->stands_alone.empty())
          throw UsageError("--" + one->name + " " + one->stands_alone + ", not with --" + other->name);
      throw UsageError("--" + o.reduction_plugin->name + " and --" + r->name + " cannot be combined");
    }
    o.reduction_plugin = r;
  }
  if (o.reduction_plugin && !o.reduction_plugin->default_learner.empty() && o.learner == fallback)
    for (const LearnerPlugin* l : learner_plugins())
      if (l->name == o.reduction_plugin->default_learner) o.learner = l;
  for (const LayerPlugin* l : layer_plugins())
    if (v.given(l->options.front().name)) o.layers.push_back(l);
  check_stack(o);
  for (const auto& [name, d] : detail::declared_options()) {
    if (!v.given(name)) continue;
    if (read_by_layer(name, o.layers)) continue;  // a layer's (--gamma: the kernel's and --boosting's)
    if (d.layer && std::find(o.layers.begin(), o.layers.end(), d.layer) == o.layers.end())
      throw UsageError("--" + name + " needs --" + d.layer->options.front().name);
    if (!d.learners.empty() && std::find(d.learners.begin(), d.learners.end(), o.learner) == d.learners.end()) {
      if (std::find(d.learners.begin(), d.learners.end(), fallback) != d.learners.end())
        throw UsageError("--" + name + " applies to the gradient learner, not to " +
                         (o.learner->selector.empty() ? "the " + o.learner->name + " learner"
                                                      : "--" + o.learner->selector));
      std::vector<std::string> owners;
      for (const LearnerPlugin* l : d.learners) owners.push_back(l->selector);
      if (std::find(owners.begin(), owners.end(), name) == owners.end())
        throw UsageError("--" + name + " needs " + flag_list(owners));
    }
    if (d.reduction && d.reduction != o.reduction_plugin && d.reduction != o.reduction_below &&
        name != d.reduction->options.front().name &&
        std::find(d.other_reductions.begin(), d.other_reductions.end(), o.reduction_plugin) ==
            d.other_reductions.end() &&
        (!o.reduction_below || std::find(d.other_reductions.begin(), d.other_reductions.end(),
                                         o.reduction_below) == d.other_reductions.end()))
    {
      std::vector<std::string> owners{d.reduction->options.front().name};
      for (const ReductionPlugin* r : d.other_reductions) owners.push_back(r->options.front().name);
      if (!d.spec->inert_alone) throw UsageError("--" + name + " needs " + flag_list(owners));
      const OptionKind kind = d.spec->kind;
      if (kind == OptionKind::kCount || kind == OptionKind::kInteger || kind == OptionKind::kNumber)
        (void)v.number(name);  // range-checked all the same
      std::fprintf(stderr, "warning: --%s has no effect without %s (ignored, as VW does)\n", name.c_str(),
                   flag_list(owners).c_str());
    }
  }
  if (o.learner->validate) o.learner->validate(v);
  if (o.reduction_plugin && o.reduction_plugin->validate) o.reduction_plugin->validate(v);
  for (const LayerPlugin* l : o.layers)
    if (l->validate) l->validate(v);
}

}  // namespace learner
