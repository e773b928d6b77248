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

#include <charconv>
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
class GroupReduction;
class Reduction;
struct LabelRange;
class ClassLabels;
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
  bool multitoken = false;       // kList: one flag takes the tokens up to the next option (VW's vector options)
  // A reduction's option given without its reduction is an error ("--x needs --r"), except when
  // inert_alone: then, as VW 9.11 does for every such option, a warning on stderr that it has no
  // effect (--warm_start without --warm_cb: VW's test 591).
  bool inert_alone = false;
};

// Builders for the declarations (the same shape everywhere options are declared).
inline OptionSpec switch_option(std::string name, std::string help, bool stored = false, char short_name = 0) {
  OptionSpec s;
  s.name = std::move(name);
  s.short_name = short_name;
  s.kind = OptionKind::kSwitch;
  s.default_value = std::string(1, '0');  // not = "0": GCC 12 reports a false -Wrestrict for it (PR 105329)
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

// s, marked inert_alone (see OptionSpec).
inline OptionSpec inert_alone(OptionSpec s) {
  s.inert_alone = true;
  return s;
}

// A number as a declaration's default text: the shortest text that reads
// back as the same double ("0.5", "18"), so a default is written once, in
// the settings struct, and the declaration shows it.
inline std::string default_text(double x) {
  char text[32];
  const auto result = std::to_chars(text, text + sizeof text, x);
  return std::string(text, result.ptr);
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

// What a learner's factory is given: the run-wide settings every learner may
// use (its own settings it reads from `values`, or has read in setup()).
struct LearnerContext {
  const OptionValues& values;
  unsigned bits;          // -b
  uint32_t sub_models;    // the reduction's K times the layers' widths
  const Loss& loss;       // --loss_function (reporting, coding)
  AllReduce* group = nullptr;  // the ranks of a data-parallel run (parallel/allreduce.h); nullptr: one process
};

// What a learner's setup() is told of the run, before anything is built.
struct RunFacts {
  bool test_only = false;      // -t, or -l 0
  bool allreduce = false;      // --allreduce
  std::string initial_model;   // the -i (or --feature_mask) model's path, its stored options restored into the values; "": none
  std::vector<std::string> interactions;  // -q, --cubic, --interactions as given
  // Whether --name was typed on the command line (not restored from a model).
  std::function<bool(std::string_view name)> on_command_line;
};

// A namespace a learner's own options name (--dotproduct ab): the command
// line checks that pass 1 has it, as for -q.
struct NamespaceUse {
  std::string flag;         // as the messages show it ("--dotproduct ab")
  std::string left, right;  // first letters (one character each) or full names
  bool by_full_name = false;
};

// A learner's settings, read once from its options by its own code
// (LearnerPlugin::setup): the factory that builds it, and what the rest of
// the run must know of them before it is built.
struct LearnerSetup {
  std::function<std::unique_ptr<Learner>(const LearnerContext& context)> make;
  bool raw_features = false;       // the stream keeps ex.features (the dyadic model reads them)
  bool takes_interactions = false; // VW's --rank K -q ab: the -q pairs are the learner's, not crossed
  // With several passes nothing is held out unless a holdout option is given;
  // the preamble says why (`no_holdout_reason`).
  std::string no_holdout_reason;
  std::string refuses_holdout;     // non-empty: holdout is an error, with this message
  std::vector<NamespaceUse> namespaces;
  std::vector<std::pair<std::string, std::string>> stored;  // model-file values that replace the command line's text (VW's spellings)
  std::string rates;               // preamble lines after "learning rate" ("initial_t = 0\npower_t = 0.5\n")
  std::string preamble;            // preamble lines after the stack
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
  // Reads the learner's settings when the options are read (throws
  // UsageError); absent: the run calls make() and needs nothing else.
  std::function<LearnerSetup(const OptionValues& values, const RunFacts& facts)> setup;
  std::function<std::unique_ptr<Learner>(const LearnerContext& context)> make;
};

// A reduction's factory once its own settings are read (ReductionPlugin::setup).
struct ReductionSetup {
  std::function<std::unique_ptr<Reduction>(const ReductionSpec& spec, Learner& learner, LabelRange& range)> make;
  std::string describe;  // the preamble's "reduction = ..." text
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
  // Why no other reduction can be combined with it, as the refusal says it
  // ("works on simple (binary) labels": "--active works on ..., not with
  // --oaa"), or "" for the general refusal.
  std::string stands_alone;
  // Selectors of reductions it builds on when given with it (VW's `--cbify K
  // --cb_explore_adf`, `--explore_eval --cb_explore_adf`, which VW adds when
  // not given): the command line then selects this one, and the options of
  // the one below belong to it (validated, stored in models).
  std::vector<std::string> stands_over;
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
  // A reduction whose label grammar or sub-model count depends on its own
  // options (--cb's --eval, --cb_type) sets these: they replace labels and
  // sub_models. Its factory reads its settings in setup (below).
  std::function<LabelFormat(const OptionValues& values, const ReductionSpec& spec)> labels_with;
  std::function<uint32_t(const OptionValues& values, const ReductionSpec& spec)> sub_models_with;
  // The preamble's "reduction = ..." text.
  std::function<std::string(const ReductionSpec& spec)> describe;
  // Reads the reduction's own settings into its own struct when the options
  // are read (after configure; throws UsageError) and returns the factory
  // that uses them; absent: make() and describe() are used as they are.
  std::function<ReductionSetup(const OptionValues& values, const ReductionSpec& spec)> setup;
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

// A layer over the reduction (VW's --classweight): it sees each example
// before the reduction, with the labels the reduction reads, and hands it on
// changed (its importance), so the reduction learns, and the run's
// statistics count, what it hands on. Its options are not stored in model
// files (they change training, not predictions).
struct ReductionLayerContext {
  const OptionValues& values;
  LabelFormat labels;               // the reduction's label grammar (simple: no reduction)
  const ClassLabels* class_labels;  // --named_labels / --indexing 0 (nullptr: classes 1..K)
  bool test_only;                   // -t: nothing is learned
};

using ReductionWrap = std::function<std::unique_ptr<Reduction>(std::unique_ptr<Reduction> below)>;

struct ReductionLayerPlugin {
  std::string name;   // "classweight"
  std::string title;  // --help group title
  std::vector<OptionSpec> options;  // options[0] selects the layer
  // Reads the layer's settings when the options are read (throws
  // UsageError) and returns what puts the layer over the reduction, or an
  // empty function when the layer changes nothing (-t).
  std::function<ReductionWrap(const ReductionLayerContext& context)> setup;
};

}  // namespace learner
