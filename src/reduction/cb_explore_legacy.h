// --bag N and --cover N on the legacy single-line stacks
// (--cb_force_legacy --cb_explore K, --cb_force_legacy --cbify K): VW 9.11's
// cb_explore (predict_or_learn_bag, predict_or_learn_cover) over --cb K's
// learner (reduction/cb.h). Each is a FixedActionExplorer that CbExplore
// (cb_explore.h) runs in place of epsilon-greedy / --first.
//
// --bag N: N --cb learners, policy i on sub-models i x --cb's count and on.
//   Per call (predict or learn), for i = 0..N-1: k = a Poisson(1) draw
//   from VW's generator (bootstrap.h's poisson_one, the state from
//   --random_seed, drawn on every call as VW does); policy i learns the label
//   when learning and k > 0 (else it only predicts); its action gets 1/N of
//   the mass; then it learns k - 1 more times. No floor: an action no policy
//   chose has probability 0 (VW's). Loss: the ips estimate.
//
// --cover N: policy 0 is the --cb learner itself (sub-models 0 and on);
//   policies 1..N-1 are cost-sensitive one-against-all learners on
//   sub-models (i + 1) K + a - 1 (VW calls its csoaa at offset i + 1, whose
//   width is K). Per call, with m = --epsilon / K when --epsilon is given,
//   else (VW's decay, epsilon 1) m = min(1 / K, 1 / sqrt(n K)), n the
//   examples learned from so far:
//     every policy predicts its action (lowest score, the lowest action on
//     ties; policy 0 by its cost-sensitive scores, before it learns) and
//     gives it 1/N; then the floor m K (VW's enforce_minimum_probability;
//     --nounif: actions no policy chose stay 0).
//   When learning: n += 1; the --cb learner learns the label; the doubly
//   robust cost estimates c_a = x_a (+ (c - x_a) / p for the logged action),
//   x_a the --cb dr regressors' clipped predictions (sub-model K + a - 1,
//   read after that update; VW's cb_explore always uses dr here); then for
//   i = 0..N-1 in order, with q the mass given so far and norm from m K:
//   policy i (i > 0) learns the pseudo-costs c_a - psi m / (max(q_a, m) /
//   norm) + 1; norm grows by 1/N (by max(0, 1/N - (m - q_h)) when q_h < m),
//   q_h by 1/N, h policy i's action. Loss: the dr estimate of the pmf's cost
//   with the last learned x_a (VW's calc_loss with its pred_scores; ips
//   until an example has been learned from). Model files keep n (VW's
//   "cb cover storing example counter").
//
// Every pmf sums to 1 (the floor only moves mass) and every entry is
// >= m with cover (unless --nounif), a multiple of 1/N with bag.
#pragma once

#include <cstdint>
#include <memory>

#include "learner/plugin.h"
#include "cb.h"
#include "cb_explore.h"

namespace learner {

struct LegacyExploreSettings {
  uint32_t bag = 0;           // --bag N (0: not given)
  uint32_t cover = 0;         // --cover N (0: not given)
  double psi = 1.0;           // --psi
  bool nounif = false;        // --nounif
  double epsilon = 1.0;       // --epsilon when given (cover)
  bool epsilon_decay = true;  // cover without --epsilon
  bool chosen() const { return bag > 0 || cover > 0; }
};

// Reads --bag / --cover and their options (the legacy stack's share of
// --cb_explore_adf's explorer options); refuses the others (--softmax,
// --squarecb, --regcb, --greedify, --first_only, --first with bag/cover).
LegacyExploreSettings legacy_explore_settings(const OptionValues& v);

// The sub-models the legacy stack asks for: --cb's count times N (bag) or
// N + 1 (cover, VW's width), else --cb's count.
uint32_t legacy_explore_sub_models(const LegacyExploreSettings& s, const CbSettings& cb);

// The explorer for CbExplore; s.chosen() must hold.
std::unique_ptr<FixedActionExplorer> make_legacy_explorer(const LegacyExploreSettings& s, const CbSettings& cb,
                                                          uint32_t seed, Learner& learner, LabelRange& range);

// The legacy stack's --cb_explore: with s.chosen() over the explorer, else
// epsilon-greedy / --first (`explore`) over one --cb learner.
std::unique_ptr<CbExplore> make_legacy_cb_explore(const CbExploreFixedSettings& explore,
                                                  const LegacyExploreSettings& s, const CbSettings& cb, uint32_t seed,
                                                  Learner& learner, LabelRange& range);

}  // namespace learner
