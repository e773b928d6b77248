// --warm_cb K: VW 9.11's warm-start contextual bandit (warm_cb.cc): a
// multiclass (or, with --warm_cb_cs, cost-sensitive) stream simulates a
// K-action bandit over --cb_explore_adf, after a supervised warm start.
//
// Each example becomes K action lines (no shared line), feature hash h of
// action a (0-based) moved to h x 28904713 + 4832917 a (VW's copy, mod 2^32;
// the built features are moved, -q crosses included). VW offsets the action
// inside its interleaved sub-model layout and crosses the moved features,
// so the two tools share weights between features differently: runs equal
// VW's where no two features collide (e.g. -b 18 on small data).
// The stack holds --choices_lambda L policies, each its own --cb_explore_adf
// over its own --cb_adf (policy i on sub-models i x W .. i x W + W - 1, W the
// --cb_adf's width), one per lambda_i (ascending; --lambda_scheme 1/2:
// centre 0.5, 3/4: centre epsilon / (1 + epsilon) (epsilon 0 unless given, as
// VW's), halving below, halving the
// distance to 1 above; 2/4: the ends forced to 0 and 1; --warm_start_update
// alone: every lambda 0, --interaction_update alone: every lambda 1).
//
//   Warm start (the first --warm_start N examples): the label is corrupted
//   with probability --corrupt_prob_warm_start (one draw of the run's random
//   state, --random_seed, per example; --corrupt_type_warm_start 1: a uniform
//   action, one more draw; 2: label mod K + 1; 3: --overwrite_label).
//   The prediction is the chosen policy's greedy action. With
//   --warm_start_update every policy i learns every action line's cost
//   (loss0 for the label, loss1 otherwise; --warm_cb_cs: loss0 + (loss1 -
//   loss0) x the label's cost, 0 when unlisted) with importance
//   (1 - lambda_i) (N + M) / ((1 - lambda_i) N + lambda_i M), M =
//   --interaction (csoaa_ldf's regression, no bandit counts). --sim_bandit:
//   the example is a bandit round (below) instead, without the IPS sums.
//   Weight 0 in the statistics.
//   Interaction (the next --interaction M examples, default all): the chosen
//   policy's pmf, an action a drawn from it (VW's seed: murmur3("vw") + the
//   count of draws), its cost c and probability p. Every policy i whose
//   greedy action is a adds c / p to its IPS sum. With --interaction_update
//   every policy learns a:c:p with importance lambda_i (N + M) / ((1 -
//   lambda_i) N + lambda_i M). Then the variance sum grows by 1 / pmf(b),
//   b the greedy action of the policy chosen now.
//   Later examples: prediction 1, weight 0, nothing learned.
// The chosen policy is the one with the lowest IPS sum (the first on ties).
//
// Output and loss, as VW prints them: -p the action (1-based), the progressive
// loss 0/1 (action != the uncorrupted label; --warm_cb_cs: its cost less the
// lowest cost), counted only in the interaction phase. The summary adds
// "average variance estimate", "theoretical average variance" (K / epsilon)
// and "last lambda chosen". Model files keep the counters, the IPS sums and
// every policy's state (VW keeps none), so a run resumed with -i continues.
// Unlabeled examples are predicted by the chosen policy and change nothing.
// Examples not learned from (-t, held-out passes) advance the phases, draws and
// IPS sums but update no policy (VW's warm_cb learns even then).
// --first T: VW's one explorer counts every policy's update, so each policy
// here explores for ceil(T / L) examples learned from (the same rounds).
// Learning rates and scores are learner's doubles where VW has floats: where
// the policies' IPS sums or scores nearly tie, a run can part from VW's.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "learner/plugin.h"
#include "cb_adf.h"
#include "cb_explore_adf.h"
#include "cb_to_adf.h"
#include "learner/reduction/reduction.h"
#include "learner/reduction/reduction_state.h"

namespace learner {

struct WarmCbSettings {
  uint32_t actions = 0;            // --warm_cb K
  bool cost_sensitive = false;     // --warm_cb_cs
  double loss0 = 0.0, loss1 = 1.0; // --loss0, --loss1
  uint32_t warm_start = 0;         // --warm_start N
  uint32_t interaction = UINT32_MAX;  // --interaction M
  bool warm_start_update = false;  // --warm_start_update
  bool interaction_update = false; // --interaction_update
  uint32_t corrupt_type = 1;       // --corrupt_type_warm_start: 1 uniform, 2 circular, 3 overwrite
  double corrupt_prob = 0.0;       // --corrupt_prob_warm_start
  uint32_t choices_lambda = 1;     // --choices_lambda L
  uint32_t lambda_scheme = 1;      // --lambda_scheme 1..4
  uint32_t overwrite_label = 1;    // --overwrite_label
  bool sim_bandit = false;         // --sim_bandit
  double epsilon = 0.05;           // --epsilon (--cb_explore_adf's): the summary's K / epsilon
  // The epsilon --lambda_scheme 3 and 4 read: --epsilon when given, else 0
  // (VW computes the lambdas before it defaults its epsilon to 0.05).
  double lambda_epsilon = 0.0;
};

// The L candidate lambdas of `settings`, ascending (VW's float arithmetic).
std::vector<float> warm_cb_lambdas(const WarmCbSettings& settings);
// The importance multiplier of an example of the warm-start (`warm`) or
// interaction phase for the policy of `lambda`: (1 - lambda) (N + M) / W or
// lambda (N + M) / W, W = (1 - lambda) N + lambda M (N warm-start, M
// interaction examples), so the phases' weights sum to N + M.
float warm_cb_weight(float lambda, uint32_t warm_start, uint32_t interaction, bool warm);
// Where action `action` (0-based) of a --warm_cb example puts feature hash `index`.
uint32_t warm_cb_copy_index(uint32_t index, uint32_t action, uint32_t actions);

class WarmCb final : public TaggedReduction, public ReductionState {
 public:
  // `policies`: L explorers, policy i over `adfs[i]` (owned by the explorer).
  WarmCb(const WarmCbSettings& settings, uint32_t seed, std::vector<std::unique_ptr<CbExploreAdf>> policies,
         std::vector<CbAdf*> adfs);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  bool row_text(std::string& label, std::string& prediction) const override;
  bool writes_raw() const override { return false; }  // VW's -r: nothing
  void print_summary(std::FILE* out) const override;
  ReductionState* state() override { return this; }
  void save_state(ModelWriter& out) const override;
  void load_state(ModelReader& in) override;

 private:
  void write_prediction(std::string& out) const override { out += std::to_string(action_); }
  void write_raw(std::string& out) const override { out += std::to_string(action_); }

  uint32_t chosen() const;  // the policy with the lowest IPS sum
  // Policy i's greedy action (1-based) on the unlabeled copies.
  uint32_t greedy_action(uint32_t i, const Example& ex, const std::vector<Feature>& features);
  uint32_t corrupt(uint32_t label);
  double cost_of(const Example& ex, uint32_t label, uint32_t action) const;  // the bandit cost (1-based action)
  float multiplier(uint32_t i, bool warm) const;
  void supervised_round(const Example& ex, const std::vector<Feature>& features, uint32_t label, bool update);
  void bandit_round(const Example& ex, const std::vector<Feature>& features, uint32_t label, bool interaction,
                    bool update);

  WarmCbSettings settings_;
  std::vector<float> lambdas_;
  std::vector<std::unique_ptr<CbExploreAdf>> policies_;
  std::vector<CbAdf*> adfs_;
  ActionCopies copies_;
  uint32_t app_seed_;
  uint64_t state_;           // the run's random state (--random_seed): corruption draws
  uint64_t draws_ = 0;       // VW's example_counter: the action draws so far
  std::vector<float> ips_;   // per policy: the sum of c / p where its greedy action was drawn
  float variance_ = 0.0f;    // the sum of 1 / pmf(greedy action of the chosen policy)
  uint32_t warm_seen_ = 0, interaction_seen_ = 0;
  std::vector<float> costs_;   // per action: the supervised costs
  std::vector<float> pmf_;     // the last draw's pmf (the chosen policy's order)
  std::vector<uint32_t> pmf_actions_;
  uint32_t action_ = 1;        // the last prediction (1-based)
  std::string row_label_;
  Outcome outcome_;
};

}  // namespace learner
