// --cb_explore_adf --synthcover: VW 9.11's synthetic cover exploration
// (cb_explore_adf_synthcover) over --cb_adf's scores (any --cb_type).
//
// Per group: --cb_adf predicts and learns as usual; the first action line
// with a label (VW: non-empty costs, so a bare `0` counts, its cost
// unknown = FLT_MAX) widens a running cost range [lo, hi] that starts at
// [0, 0]; every score is clipped to it. Then S = --synthcoversize (default
// 100) synthetic policies are handed out one by one: each goes to the action
// of the lowest (score, action), whose score then rises by psi / S
// (--synthcoverpsi, default 0.1), while it stays at or below the next
// lowest; each policy adds 1/S to its action's probability. --epsilon
// (default 0) is a floor (enforce_minimum_probability, zeros raised too).
// All in float, as VW. -p lists the pmf by probability, ties by the higher
// action first (VW's order). One action: probability 1; none: an empty pmf.
// The probabilities sum to 1 (to float rounding) and each is >= epsilon / K
// after the floor.
//
// Model files keep [lo, hi], then --cb_adf's state, so -i resumes the range.
#pragma once

#include <cstdint>
#include <vector>

#include "adf_explorer.h"

namespace learner {

struct SynthCoverSettings {
  uint32_t size = 100;   // --synthcoversize
  double psi = 0.1;      // --synthcoverpsi
  double epsilon = 0.0;  // --epsilon
};

// The synthetic-cover probabilities of `scores` (0-based actions, already
// clipped) into probs[a] (size K); before the floor.
void synthcover_shares(const std::vector<float>& scores, uint32_t size, float psi, std::vector<float>& probs);

const AdfExplorerPlugin& synthcover_explorer();

}  // namespace learner
