// One exploration algorithm of --cb_explore_adf (VW's cb_explore_adf_*
// reductions: bag, cover, squarecb, regcb): the flag that selects it, its
// own options, and its factory. --cb_explore_adf (reduction/cb_explore_adf.h)
// lists the algorithms, one line each; the one whose flag is given builds
// the group reduction (its options are stored in model files, so -i
// rebuilds it); none given: epsilon-greedy, --first or --softmax.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "learner/plugin.h"
#include "action_pmf.h"
#include "cb_adf.h"

namespace learner {

using ExplorerFactory = std::function<std::unique_ptr<ActionPmfReduction>(uint32_t seed, Learner& learner,
                                                                             LabelRange& range)>;

struct AdfExplorerPlugin {
  std::string flag;                 // "bag": the option that selects it (options[0])
  std::vector<OptionSpec> options;  // its own, the selector first
  // Pure checks of its values (throw UsageError), given its flag.
  std::function<void(const OptionValues& values)> validate;
  // The learner's sub-models it needs, given --cb_adf's settings below it.
  std::function<uint32_t(const OptionValues& values, const CbAdfSettings& adf)> sub_models;
  // Reads its settings (and --cb_adf's below it) and returns its factory:
  // the explorer over `learner`, `seed` being --random_seed (VW's shared
  // random state). The factory keeps the settings, not `values`.
  std::function<ExplorerFactory(const OptionValues& values, const CbAdfSettings& adf)> bind;
};

}  // namespace learner
