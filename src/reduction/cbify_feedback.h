// What --cbify (reduction/cbify.h, legacy) and its ADF form (cb_to_adf.h's
// CbifyAdf) tell the bandit of one example and what they report for it,
// from its multiclass label or, with --cbify_cs, its cost-sensitive label
// (`class:cost ...`, VW's):
//
//   cost of action a   multiclass: --loss0 when a is the label, else --loss1,
//                      both negated with --flip_loss_sign;
//                      --cbify_cs: loss0 + (loss1 - loss0) x c_a, c_a the
//                      label's cost of a (0 when not listed or unknown);
//                      --flip_loss_sign does not apply (VW's loss_cs)
//   progressive loss   multiclass: 0/1 (a != label);
//                      --cbify_cs: c_a - the label's lowest cost (VW's
//                      cost-sensitive regret)
//   progress row       multiclass: the label and the action;
//                      --cbify_cs: "known" / "unknown" and the action
#pragma once

#include <cstdint>
#include <string>

#include "learner/example.h"
#include "cbify.h"

namespace learner {

// The bandit cost of drawing `action` (1-based) for `ex`.
double cbify_cost(const CbifySettings& settings, const Example& ex, uint32_t action);
// The progressive loss of drawing `action` for a labeled `ex`.
double cbify_loss(const CbifySettings& settings, const Example& ex, uint32_t action);
// The progress row's label column.
std::string cbify_row_label(const CbifySettings& settings, const Example& ex);

}  // namespace learner
