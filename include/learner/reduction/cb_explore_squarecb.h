// --cb_explore_adf --squarecb: VW's SquareCB exploration
// (cb_explore_adf_squarecb; Foster and Rakhlin 2020) over --cb_adf's
// regression (--cb_type mtr only). With the action scores s (predicted
// costs) of --cb_adf and gamma = --gamma_scale x n^--gamma_exponent (n: the
// groups learned from so far; defaults 10 and 0.5), every action but the
// best b (the lowest score, first of ties) gets 1 / (K + gamma (s_a - s_b)),
// b the rest; then --epsilon (default 0) is a floor (enforce_minimum_probability).
// The probabilities sum to 1; each is >= 1 / (K + gamma (s_a - s_b)) before the
// floor, and >= epsilon / K after it. The regression learns without
// importance weights (the logged probability taken as 1; as VW, not when the
// logged action is the group's last line). -p lists the actions in --cb_adf's
// score order. Not built: VW's --elim variant.
#pragma once

#include <vector>

#include "learner/reduction/adf_explorer.h"

namespace learner {

struct SquareCbSettings {
  double gamma_scale = 10.0;    // --gamma_scale
  double gamma_exponent = 0.5;  // --gamma_exponent
  double epsilon = 0.0;         // --epsilon
};

// VW's gamma after n groups learned from (float arithmetic).
float squarecb_gamma(const SquareCbSettings& settings, uint64_t n);
// The SquareCB pmf of `scores` listed in `order` (lowest first), probabilities in that order.
void squarecb_pmf(const std::vector<double>& scores, const std::vector<uint32_t>& order, float gamma,
                  std::vector<float>& pmf);

const AdfExplorerPlugin& squarecb_explorer();

}  // namespace learner
