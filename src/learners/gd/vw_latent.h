// VW's two spellings of the dyadic model p = w.x + A.B, mapped onto
// --dotproduct (issue 15, item 6; README "Where learner deliberately differs").
//
// --rank K with -q ab (VW's gd_mf reduction): VW predicts
//   p = w.x + sum_{pairs (a,b)} sum_{k=1..K} (sum_{f in a} x_f l_fk)(sum_{g in b} x_g r_gk)
// over the plain (non-interacted) features: the -q pairs are not also
// quadratic features. So, when --rank is given without --dotproduct, every
// -q/--quadratic/--interactions pair becomes a --dotproduct pair and leaves
// the interaction list; an interaction of another order, or a wildcard, is
// an error (VW: "can only use pairs in matrix factorization").
//
// --lrq abK (VW's lrq reduction): VW adds, for each pair, the features
// x_f x_g v_fn v_gn (n = 1..K) to the linear model, i.e. the same term
// sum_n (sum_{f in a} x_f v_fn)(sum_{g in b} x_g v_gn), and keeps any -q
// quadratic features. Each --lrq pair becomes a --dotproduct pair with
// --rank K; learner has one rank for all pairs, so differing ranks (or a
// --rank that disagrees) are an error.
//
// A pair of one namespace (--lrq aa3): VW's lrq sums over every left and
// right feature, f = g included, so its term is |A|^2, DotProduct's self
// pair. (-q aa with --rank stays an error: gd_mf's features have separate
// left and right vectors.)
//
// --lrqfa abcK (VW's field-aware lrqfa): p = w.x + sum_{fields a before b}
// A_ab.B_ba, each feature owning one latent vector per other field; maps to
// --dotproduct_fields abc --rank K (one K shared with --lrq). --lrqdropout
// (needs --lrq) maps to --dotproduct_dropout 0.5 (dotproduct.h).
//
// Each keeps learner's own start (--dotproduct_center 1 unless given: latent
// weights near 1, so the first adaptive steps of a product that starts near
// zero do not overshoot; one pass of --lrq ui4 on VW's ml100k_small ends at
// 2.48 against 6.77 from the zero-mean start, VW 2.49). The update stays
// learner's exact importance-aware one and the start is not VW's (gd_mf:
// every weight 0.1 u; lrq: each latent weight u on first use; u uniform in
// [0, 1)), so predictions differ from VW's.
#pragma once

#include <string>
#include <vector>

#include "learner/learners/gd/config.h"
#include "learner/plugin.h"

namespace learner::detail {

// Rewrites c.dotproducts / dotproduct_fields / dotproduct_dropout / rank
// from VW's spellings; call after --dotproduct and the rest are read.
// The --rank -q form applies only when --rank is on the command line (not
// restored from a -i model, which stores the mapped spelling); it takes the
// pairs of `interactions` (the -q list) and sets `takes_interactions`.
// Returns true when a VW spelling was applied: the model file then stores
// the --dotproduct spelling it maps to (gd_plugin.cc), so -i restores it.
bool apply_vw_latent_spellings(const OptionValues& v, CoreConfig& c, const std::vector<std::string>& interactions,
                               bool rank_on_command_line, bool& takes_interactions);

}  // namespace learner::detail
