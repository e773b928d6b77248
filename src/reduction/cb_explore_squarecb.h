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
// score order.
//
// --elim (VW's elimination variant): the actions whose cost range (the
// confidence ranges of --regcb, reduction/cost_ranges.h, with --mellowness,
// default 0.001, --cb_min_cost, --cb_max_cost) cannot hold the lowest cost
// get 0; of the others, all but the best get 1 / (m + gamma (s_a - s_b)),
// where m is VW's count of survivors (as VW counts it: the survivors that
// lowered the running minimum, in score order, so 1), the best the rest;
// --epsilon plays no part. The probabilities sum to 1, but (VW's output,
// kept) not all are >= 0: with gamma 0 (the first group) the best gets
// 1 - (K - 1).
#pragma once

#include <vector>

#include "adf_explorer.h"

namespace learner {

struct SquareCbSettings {
  double gamma_scale = 10.0;    // --gamma_scale
  double gamma_exponent = 0.5;  // --gamma_exponent
  double epsilon = 0.0;         // --epsilon
  bool elim = false;            // --elim
  double mellowness = 0.001;    // --mellowness (with --elim)
  double min_cost = 0.0;        // --cb_min_cost (with --elim)
  double max_cost = 1.0;        // --cb_max_cost (with --elim)
};

// VW's gamma after n groups learned from (float arithmetic).
float squarecb_gamma(const SquareCbSettings& settings, uint64_t n);
// The SquareCB pmf of `scores` listed in `order` (lowest first), probabilities in that order.
void squarecb_pmf(const std::vector<double>& scores, const std::vector<uint32_t>& order, float gamma,
                  std::vector<float>& pmf);

// The --elim pmf: `low` and `high` are the actions' cost ranges (0-based actions).
void squarecb_elim_pmf(const std::vector<double>& scores, const std::vector<uint32_t>& order, float gamma,
                       const std::vector<float>& low, const std::vector<float>& high, std::vector<float>& pmf);

const AdfExplorerPlugin& squarecb_explorer();

}  // namespace learner
