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

struct AdfExplorerPlugin {
  std::string flag;                 // "bag": the option that selects it (options[0])
  std::vector<OptionSpec> options;  // its own, the selector first
  // Pure checks of its values (throw UsageError), given its flag.
  std::function<void(const OptionValues& values)> validate;
  // The learner's sub-models it needs, given --cb_adf's settings below it.
  std::function<uint32_t(const OptionValues& values, const CbAdfSettings& adf)> sub_models;
  // Builds it over `learner`; `seed` is --random_seed (VW's shared random state).
  std::function<std::unique_ptr<ActionPmfReduction>(const OptionValues& values, const CbAdfSettings& adf,
                                                    uint32_t seed, Learner& learner, LabelRange& range)>
      make;
};

}  // namespace learner
