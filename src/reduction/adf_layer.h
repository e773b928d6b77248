// What the plug-ins standing over --cb_explore_adf share (--cb_sample,
// --explore_eval; --cb_dro, which may stand over --cb_adf instead): the
// selectors they build on, the options of those layers (accepted, validated
// and stored with the plug-in, as VW adds the layer below), the label grammar
// of multi-line contextual-bandit examples and the sub-models the layer below
// asks its learner for. Validation, factory and description stay the plug-in's.
#pragma once

#include <vector>

#include "learner/plugin.h"

namespace learner {

// Appends, in order, each option of `from` whose name `to` lacks (help kept).
void append_missing_options(std::vector<OptionSpec>& to, const std::vector<OptionSpec>& from);

// Makes `p` a layer over --cb_explore_adf: stands_over, --cb_explore_adf's
// options after p's own, kContextualBanditAdf labels, its explorer's
// sub-models and no configure step. With `or_cb_adf` the layer stands over
// --cb_adf or --cb_explore_adf: --cb_adf's options come first, and the
// sub-models are --cb_adf's unless --cb_explore_adf is given.
void stand_over_adf_explorer(ReductionPlugin& p, bool or_cb_adf = false);

}  // namespace learner
