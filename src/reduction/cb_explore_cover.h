// --cb_explore_adf --cover N: VW's online cover exploration
// (cb_explore_adf_cover; Agarwal et al. 2014). Policy 0 is --cb_adf itself
// (its --cb_type: mtr, the default, ips or dr; sub-model 0). Policies
// 1..N-1 (sub-models 2..N) each regress, per action line, a pseudo-cost:
// the action's cost estimate minus psi x m / (max(q_a, m) / norm), where q_a
// is the probability the policies before it have put on the action so far
// (1/N per policy, split among its tied best actions: scores equal within a
// relative 1e-4, as VW's fill_tied; --first_only: its first), so a policy
// is pushed towards actions the others neglect. The cost estimates: ips
// (c / p on the logged action, else 0) with --cb_type ips, else doubly
// robust, x_a + (c - x_a) / p on the logged action, else x_a, with x_a a
// cost regressor (sub-model 1, learned on the logged line with importance
// 1 / p; with mtr this layer trains it, with dr --cb_adf does).
//
//   m = epsilon / K with --epsilon given; without it (VW's decay)
//   m = min(1 / K, 1 / sqrt(n K)), n the groups learned from so far.
//   norm starts at m K + (1/N - m) and grows as VW's cover does.
//
// The pmf: the policies' shares q, then a floor of m per action (VW's
// enforce_minimum_probability with m K; --nounif: only actions some policy
// chose are raised, the others stay 0). -p lists it by probability, ties by
// the policies' summed scores (VW sums them by rank, not by action, and so
// does this), then by action. --psi (default 1).
#pragma once

#include <cstdint>
#include <vector>

#include "adf_explorer.h"

namespace learner {

struct CoverSettings {
  uint32_t cover = 1;       // --cover N
  double psi = 1.0;         // --psi
  bool nounif = false;      // --nounif
  bool first_only = false;  // --first_only
  double epsilon = 0.05;    // --epsilon, when given
  bool epsilon_decay = true;  // --epsilon not given: m decays with the groups learned from
};

// VW's floor m for K actions after n groups learned from.
float cover_minimum_probability(const CoverSettings& settings, uint32_t actions, uint64_t n);

const AdfExplorerPlugin& cover_explorer();

}  // namespace learner
