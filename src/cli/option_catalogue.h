// Private to src/cli: every declared option by name (the general table, the
// learner, layer and reduction plug-ins), as options.cc gathers them for
// Boost.ProgramOptions; the other option files read the catalogue here
// without seeing Boost.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "learner/plugin.h"

namespace learner::detail {

struct Declared {
  const OptionSpec* spec = nullptr;
  // The learners that declare it (several may: --averaged; --l1 is the
  // gradient learner's, --struct_svm's and the batch learners'); none: every learner's.
  std::vector<const LearnerPlugin*> learners;
  const ReductionPlugin* reduction = nullptr;  // a reduction's own option
  // Learners among `learners` that accept it without storing it in their
  // models (their declaration says stored = false: the passive-aggressive
  // learner's --averaged, which is its default and changes nothing).
  std::vector<const LearnerPlugin*> unstored;
  const LayerPlugin* layer = nullptr;  // a layer's own option
  std::vector<const ReductionPlugin*> other_reductions{};  // later reductions that declare it too (--cb_type)
  // The reductions (`reduction` and `other_reductions`) whose own declaration
  // stores it in models: --mellowness is --regcb's stored setting under
  // --cb_explore_adf but not --active's. `spec` is the first declaration's.
  std::vector<const ReductionPlugin*> storing_reductions{};
};

// Whether a run with reduction `upper` (over `below`, either may be null)
// stores option d in its model: its reduction's own declaration decides for a
// reduction's option; otherwise the declaration's `stored`.
bool stored_for_run(const Declared& d, const ReductionPlugin* upper, const ReductionPlugin* below);
using DeclaredOptions = std::map<std::string, Declared, std::less<>>;

const DeclaredOptions& declared_options();

// The declaration of --name; throws Error for an undeclared name (a bug).
const OptionSpec& spec_of(std::string_view name);

// Whether the models of the learner named `learner` may store d (false for
// the learners in d.unstored).
bool stored_by(const Declared& d, std::string_view learner);

// `text` as option s's number: strict (no NaN, inf, trailing text; whole
// for counts) and within s's range; throws UsageError naming the flag.
double parse_value(const OptionSpec& s, const std::string& text);

}  // namespace learner::detail
