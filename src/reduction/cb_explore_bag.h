// --cb_explore_adf --bag N: VW's bagging exploration (cb_explore_adf_bag):
// N policies, each a --cb_adf of its own (sub-models i x --cb_adf's count
// and on), learn from every labelled group k_i times, k_i a Poisson(1) draw
// from VW's generator (merand48 from --random_seed; policy 0 exactly once
// with --greedify), policies in order, after all have predicted. The pmf:
// each policy votes for its best action (split evenly among the actions
// tied with it, scores equal within a relative 1e-4 as VW's fill_tied;
// --first_only: the first of them), the votes divided by N; then --epsilon
// (default 0) is a floor, every probability >= epsilon / K, summing to 1.
// -p lists the actions by probability, ties by the sum of the policies'
// scores, then by action (VW's sort_action_probs).
#pragma once

#include <cstdint>
#include <vector>

#include "action_pmf.h"
#include "adf_explorer.h"

namespace learner {

struct BagSettings {
  uint32_t bag = 1;         // --bag N
  double epsilon = 0.0;     // --epsilon
  bool greedify = false;    // --greedify
  bool first_only = false;  // --first_only
};

// Adds one policy's vote to `votes` (per action), given its scores and its
// order (actions by score, lowest first).
void bag_vote(const std::vector<double>& scores, const std::vector<uint32_t>& order, bool first_only,
              std::vector<float>& votes);
// The bag pmf from the summed votes and the summed scores (per action):
// votes / their sum (all on action 0 when there are none), the epsilon
// floor, then sorted as -p lists it.
void bag_pmf(const std::vector<float>& votes, const std::vector<float>& scores, double epsilon, ActionPmf& pmf);

const AdfExplorerPlugin& bag_explorer();

}  // namespace learner
