// --cb_explore_adf --regcb (--regcbopt): VW's RegCB exploration
// (cb_explore_adf_regcb; Foster et al. 2018) over --cb_adf's regression
// (--cb_type mtr only). For every action a, with its predicted cost s_a and
// the learner's sensitivity (Learner::sensitivity: how far s_a moves per unit
// of importance towards a label), a confidence range [lo_a, hi_a] inside
// [--cb_min_cost, --cb_max_cost] (defaults 0, 1): the largest importance w
// whose squared-loss gain w (f^2 - (f - sens w)^2) stays within
// delta = --mellowness x ln(K n) x (max - min)^2 (n: groups learned from;
// VW's binary search), lo_a = s_a - sens w towards min - 1, hi_a likewise
// towards max + 1. --regcb (elimination): uniform over the actions with
// lo_a <= min_b hi_b (every probability 1 / |plausible| or 0, summing to 1).
// --regcbopt (optimistic): probability 1 on the action with the lowest lo_a
// (VW also gives 1 to every action tied with it unless --first_only, so a
// tie's -p does not sum to 1 there: VW's output, kept). Learns as --squarecb
// does (no importance weights, but on the group's last line). -p lists the
// actions in --cb_adf's score order.
#pragma once

#include <vector>

#include "adf_explorer.h"
#include "cost_ranges.h"

namespace learner {

struct RegCbSettings {
  bool optimistic = false;  // --regcbopt
  double mellowness = 0.1;  // --mellowness (c0)
  double min_cost = 0.0;    // --cb_min_cost
  double max_cost = 1.0;    // --cb_max_cost
  bool first_only = false;  // --first_only
};

const AdfExplorerPlugin& regcb_explorer();

}  // namespace learner
