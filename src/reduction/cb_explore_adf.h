// --cb_explore_adf: VW's exploration over --cb_adf (reduction/cb_adf.h): the
// layer below learns from the logged data as --cb_adf does (its --cb_type,
// default mtr) and this layer turns its action scores into a probability
// mass function over the group's actions (VW 9.11's cb_explore_adf_greedy):
//
//   --epsilon e (default 0.05): every action gets e / K; the actions tied
//   with the lowest score share 1 - e (--first_only: the first of them
//   takes it all). Every probability is >= e / K and they sum to 1.
//   --first T: uniform over the actions for the first T groups learned
//   from, then all on the best action (VW's cb_explore_adf_first).
//   --softmax --lambda l (default 1): p_a proportional to exp(-l (s_a -
//   min s)) (VW's cb_explore_adf_softmax).
//   With --first or --softmax, --epsilon (default 0) is a floor: the pmf is
//   projected onto {p >= e / K, sum 1} (p_a - t or e / K, whichever is
//   larger, for the t that makes them sum to 1; VW's
//   enforce_minimum_probability).
//
// Loss (the progressive "average loss", VW's): the ips estimate of the
// exploring policy's cost, pmf(a) c / p for the logged action a.
//
// Output, as VW prints it: -p `action:probability,...` in score order, then a
// blank line; the progress row's prediction `action:probability` of the
// first (2 decimals).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "learner/plugin.h"
#include "action_pmf.h"
#include "adf_explorer.h"
#include "cb_adf.h"

namespace learner {

enum class Explorer { kGreedy, kFirst, kSoftmax };

struct CbExploreSettings {
  Explorer explorer = Explorer::kGreedy;
  double epsilon = 0.05;    // --epsilon (0 by default for --first and --softmax)
  bool first_only = false;  // --first_only
  uint64_t first = 0;       // --first T
  double lambda = 1.0;      // --lambda
};

// Raises every probability of `pmf` to at least epsilon / K, keeping the sum
// 1, by the least change (the projection described above). With
// `zeros_too` false (cover's --nounif), zero probabilities stay 0 and the
// floor is epsilon / (the number of non-zero ones) (VW's).
void enforce_minimum_probability(double epsilon, std::vector<float>& pmf, bool zeros_too = true);
// The softmax pmf of `scores` in `order`, lambda as --lambda.
void softmax_pmf(const std::vector<double>& scores, const std::vector<uint32_t>& order, double lambda,
                 std::vector<float>& pmf);

// The epsilon-greedy pmf of `scores` listed in `order` (actions by score,
// lowest first): probabilities in the same order.
void epsilon_greedy_pmf(const std::vector<double>& scores, const std::vector<uint32_t>& order,
                        const CbExploreSettings& settings, std::vector<float>& pmf);

class CbExploreAdf final : public ActionPmfReduction, public ReductionState {
 public:
  CbExploreAdf(const CbExploreSettings& settings, std::unique_ptr<CbAdf> below);
  const Outcome& process(const ExampleGroup& group, bool learn) override;
  // Model files keep --first's count of explored groups, then --cb_adf's state.
  ReductionState* state() override { return this; }
  void save_state(ModelWriter& out) const override;
  void load_state(ModelReader& in) override;
  // VW's text lines: --first's "cb first adf storing example counter:  = N"
  // (N: the groups still to explore), then --cb_adf's.
  void write_text(std::FILE* out) const override;

  // The pmf of the last group, in the order of order().
  const std::vector<float>& pmf() const { return pmf_.probs; }
  const std::vector<uint32_t>& order() const { return below_->order(); }

 private:
  const CbAdf& shown() const override { return *below_; }

  CbExploreSettings settings_;
  std::unique_ptr<CbAdf> below_;
  uint64_t explored_ = 0;  // --first: groups learned from so far (kept in model files)
};

// The explorer --cb_explore_adf's options select over `learner`: one of the
// algorithms with their own files (adf_explorer.h: --bag, --cover,
// --squarecb, --regcb) or CbExploreAdf (epsilon-greedy, --first,
// --softmax), over --cb_adf's settings; `seed` is --random_seed. What
// --cb_explore_adf runs, and what a layer drawing from the pmf (--cbify_ldf)
// can stand over: action_pmf() is the last group's pmf.
std::unique_ptr<ActionPmfReduction> make_adf_explorer(const OptionValues& values, uint32_t seed, Learner& learner,
                                                      LabelRange& range);
// The same, its settings read now and built later (a layer's setup, which
// keeps no OptionValues: --cbify K, --cb_explore K through the adf path).
ExplorerFactory adf_explorer_factory(const OptionValues& values);
// Whether an explorer with its own file (--bag, --cover, --squarecb, --regcb) is chosen.
bool adf_explorer_chosen(const OptionValues& values);
// Appends --cb_explore_adf's options but its selector (its explorers', --cb_type, ...) that
// `options` lacks, without help: a layer standing over it accepts them.
void add_adf_explorer_options(std::vector<OptionSpec>& options);
// Its checks (throw UsageError) and the sub-models it asks its learner for.
void validate_adf_explorer(const OptionValues& values);
uint32_t adf_explorer_sub_models(const OptionValues& values);

// The explorer's settings from the command line (--epsilon, --first, --softmax,
// --lambda, --first_only; throws UsageError).
CbExploreSettings cb_explore_adf_settings(const OptionValues& v);

// Its command-line plug-in (plugin.h): --cb_explore_adf, --epsilon, --first_only, --first, --softmax,
// --lambda, --cb_type.

}  // namespace learner
