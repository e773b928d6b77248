// How a learner or a reduction plugs into the command line: it declares its
// options once (name, kind, default, help, range, whether models store it), a
// pure validation and a factory, and the registry (src/cli/registry.cc) lists
// it in one line. The CLI builds --help, parses and range-checks values,
// stores the `stored` options in model files and checks a -i model's values
// against the command line, all from these declarations; no other file
// names a plug-in's flags.
//
// OptionValues is how a plug-in reads its values: parsed, range-checked
// text from the command line or restored from a -i model, no command-line
// library in sight.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "learner/parse/label_format.h"

namespace learner {

class AllReduce;
class Learner;
class Loss;
struct CoreConfig;
class GroupReduction;
class Reduction;
struct LabelRange;
struct ReductionSpec;

enum class OptionKind {
  kSwitch,    // present or not
  kCount,     // a non-negative integer
  kInteger,   // a signed integer
  kNumber,    // a finite real number
  kText,      // one string
  kList,      // a string, repeatable (-q ab -q cd)
};

struct OptionSpec {
  std::string name;              // long name, without "--"
  char short_name = 0;           // e.g. 'b' for -b; 0 for none
  OptionKind kind = OptionKind::kSwitch;
  std::string default_value;     // text; "" = no default (absent unless given)
  std::string help;
  bool stored = false;           // changes predictions: kept in model files; another value with -i is an error
  bool resumable = false;        // stored, but the command line may change it when resuming (--l1, --l2)
  double min = -std::numeric_limits<double>::infinity();  // numeric range, inclusive
  double max = std::numeric_limits<double>::infinity();
  bool min_exclusive = false;    // (min, max] instead of [min, max]
};

// Builders for the declarations (the same shape everywhere options are declared).
inline OptionSpec switch_option(std::string name, std::string help, bool stored = false, char short_name = 0) {
  OptionSpec s;
  s.name = std::move(name);
  s.short_name = short_name;
  s.kind = OptionKind::kSwitch;
  s.default_value = "0";
  s.help = std::move(help);
  s.stored = stored;
  return s;
}

inline OptionSpec text_option(std::string name, std::string help, char short_name = 0, std::string default_value = "",
                              bool stored = false) {
  OptionSpec s;
  s.name = std::move(name);
  s.short_name = short_name;
  s.kind = OptionKind::kText;
  s.default_value = std::move(default_value);
  s.help = std::move(help);
  s.stored = stored;
  return s;
}

inline OptionSpec list_option(std::string name, std::string help, char short_name = 0, bool stored = true) {
  OptionSpec s;
  s.name = std::move(name);
  s.short_name = short_name;
  s.kind = OptionKind::kList;
  s.help = std::move(help);
  s.stored = stored;
  return s;
}

inline OptionSpec number_option(std::string name, OptionKind kind, std::string default_value, double min, double max,
                                std::string help, bool stored = false, char short_name = 0,
                                bool min_exclusive = false) {
  OptionSpec s;
  s.name = std::move(name);
  s.short_name = short_name;
  s.kind = kind;
  s.default_value = std::move(default_value);
  s.min = min;
  s.max = max;
  s.min_exclusive = min_exclusive;
  s.help = std::move(help);
  s.stored = stored;
  return s;
}

class OptionValues {
 public:
  virtual ~OptionValues() = default;
  // Given on the command line or restored from a -i model (not a default).
  virtual bool given(std::string_view name) const = 0;
  virtual bool flag(std::string_view name) const = 0;
  // kCount, kInteger, kNumber: the value, already range-checked.
  virtual double number(std::string_view name) const = 0;
  virtual std::string text(std::string_view name) const = 0;
  virtual std::vector<std::string> list(std::string_view name) const = 0;
};

// What a learner's factory is given.
struct LearnerContext {
  const OptionValues& values;
  unsigned bits;          // -b
  uint32_t sub_models;    // the reduction's K
  const Loss& loss;       // --loss_function (reporting, coding)
  const CoreConfig& core; // the gradient learner's resolved settings (-l is there for every learner)
  AllReduce* group = nullptr;  // the ranks of a data-parallel run (parallel/allreduce.h); nullptr: one process
};

struct LearnerPlugin {
  std::string name;       // stored in model files ("perceptron")
  std::string selector;   // the switch or valued flag that chooses it ("perceptron"); "" for the default
  std::string title;      // --help group title
  std::vector<OptionSpec> options;  // the selector first
  // Its learners are mistake-driven classifiers (Learner::classifier()):
  // simple labels must be -1 or 1 (the parser refuses others, file:line).
  bool sign_labels = false;
  // Pure checks of the learner's own values (throw UsageError).
  std::function<void(const OptionValues& values)> validate;
  std::function<std::unique_ptr<Learner>(const LearnerContext& context)> make;
};

// What a reduction's factory is given. `spec` carries the run-wide output
// settings (--scores, --probabilities, --binary, --link, --random_seed) and
// the fields configure() filled.
struct ReductionPlugin {
  std::string name;       // "oaa"
  std::string title;      // --help group title
  std::string default_learner;  // the learner it uses unless one is named ("" = the gradient learner)
  // Why it cannot stand over a layer (plugin.h's LayerPlugin), or "" when it
  // can: --active needs its learner's minimum importance, --struct_svm its
  // learner's class scores.
  std::string needs_learner_below;
  std::vector<OptionSpec> options;  // options[0] selects the reduction (its value: K, or a switch)
  // Pure checks of the reduction's own values (throw UsageError).
  std::function<void(const OptionValues& values)> validate;
  // Fills the reduction's fields of `spec` (classes, its own settings).
  std::function<void(const OptionValues& values, ReductionSpec& spec)> configure;
  // The label grammar it reads and the sub-models it asks its learner for.
  std::function<LabelFormat(const ReductionSpec& spec)> labels;
  std::function<uint32_t(const ReductionSpec& spec)> sub_models;
  // Builds the reduction over `learner`. `range` is the run's label range
  // (trainer): the multiclass reductions copy its initial value, --active
  // keeps a reference and widens it with the labels it learns from. Throws
  // UsageError for a spec the learner cannot serve (--probabilities without
  // logistic loss, --active with a learner that cannot compute the minimum
  // importance).
  std::function<std::unique_ptr<Reduction>(const ReductionSpec& spec, Learner& learner, LabelRange& range)> make;
  // A reduction of multi-line examples (reduction/group_reduction.h: VW's
  // --csoaa_ldf, --wap_ldf) sets make_group instead of make, reading its own
  // settings from `values`: the stream then reads groups (example_group.h).
  std::function<std::unique_ptr<GroupReduction>(const OptionValues& values, const ReductionSpec& spec,
                                                Learner& learner, LabelRange& range)>
      make_group;
  // A single-line reduction with settings of its own (--cb's --cb_type, --eval)
  // reads them from `values`: when set, these replace labels, sub_models and make.
  std::function<LabelFormat(const OptionValues& values, const ReductionSpec& spec)> labels_with;
  std::function<uint32_t(const OptionValues& values, const ReductionSpec& spec)> sub_models_with;
  std::function<std::unique_ptr<Reduction>(const OptionValues& values, const ReductionSpec& spec, Learner& learner,
                                           LabelRange& range)>
      make_with;
  // The preamble's "reduction = ..." text.
  std::function<std::string(const ReductionSpec& spec)> describe;
};

// A layer between the learner and the reduction (VW's scalar reductions
// below --oaa: --bootstrap, --boosting): it reads simple labels, hands simple
// labels down, takes single-line examples, and is itself a Learner over the
// next layer (the learner, or a layer nearer to it), so every reduction and
// the scalar problem stand over it unchanged. A layer of width W asks the
// layer below for W sub-models per sub-model above: part c of the layer's
// caller is part c W + j of round j below (VW's interleaving: the reduction's
// K times the layers' widths is the learner's sub-model count).
//
// Stack order is VW's (reduction_stack.cc), nearest the learner first:
// learner, then the layers in registry order, then the reduction. A layer's
// options are stored in model files (OptionSpec::stored), so -i rebuilds
// the stack.
struct LayerContext {
  const OptionValues& values;
  uint32_t sub_models_above;  // the sub-models the layer's caller asks for (the reduction's K)
  uint32_t seed;              // --random_seed (VW's shared random state starts there)
};

struct LayerPlugin {
  std::string name;   // "bootstrap": the preamble's stack, messages
  std::string title;  // --help group title
  std::vector<OptionSpec> options;  // options[0] selects the layer (its value: the width)
  std::function<void(const OptionValues& values)> validate;  // pure checks (throw UsageError)
  std::function<uint32_t(const OptionValues& values)> width;  // sub-models below per sub-model above
  std::function<std::unique_ptr<Learner>(const LayerContext& context, Learner& below)> make;
  std::function<std::string(const OptionValues& values)> describe;  // "bootstrap 4 (mean)"
};

}  // namespace learner
