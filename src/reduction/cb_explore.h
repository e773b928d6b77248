// --cb_explore K: VW's contextual-bandit exploration over K fixed actions
// (VW 9.11's cb_explore, the reduction VW runs with --cb_force_legacy),
// standing over --cb's learner (reduction/cb.h, its --cb_type; default dr).
// Each example: the cb learner predicts (and learns) its action h, and the
// explorer turns h into a pmf over the K actions:
//
//   --epsilon e (default 0.05): e / K each, h 1 - e + e / K.
//   --first T:  uniform 1 / K while VW's counter of calls is below T, then 1
//               for h. VW predicts (the pmf shown), then learns, a trained
//               example (two calls) and only predicts the others (-t,
//               holdout: one), so training explores ceil(T / 2) examples. The cb learner learns only from labels whose first
//               probability is < 1.
//
// The pmf always sums to 1 and every entry is >= the floor e / K (0 with
// --first after T). Nothing is sampled: VW's cb_explore only reports the pmf.
//
// Loss (VW's progressive "average loss"): the ips estimate of the pmf's cost,
// p(a) c / p for the observed action a (label a:c:p), 0 with no observation;
// weight 1 per labeled example. Output as VW prints it: -p one "%f " per
// action (1..K); the progress row's label `a:c:p` (6 significant digits) or
// "unknown", its prediction `best:%f` (the first action of the most mass).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "learner/plugin.h"
#include "cb.h"
#include "learner/reduction/reduction.h"

namespace learner {

struct CbExploreFixedSettings {
  double epsilon = 0.05;  // --epsilon (0 with --first unless given)
  uint64_t first = 0;     // --first T (0: epsilon-greedy)
};

// An exploration algorithm of the legacy stack other than epsilon-greedy and
// --first (--bag, --cover: cb_explore_legacy.h), which owns its --cb learners.
class FixedActionExplorer {
 public:
  virtual ~FixedActionExplorer() = default;
  // One of VW's calls: `pmf` (K entries, by action) after learning `label` when `learn`.
  virtual void explore(const Example& ex, const std::vector<ClassCost>& label, const std::vector<Feature>& features,
                       bool learn, std::vector<float>& pmf) = 0;
  // VW's estimate of the cost of `action` (1-based) given the observation (its calc_loss).
  virtual float estimate(uint32_t action, const ClassCost& observed) const {
    return action == observed.klass ? observed.cost / observed.probability : 0.0f;
  }
  virtual ReductionState* state() { return nullptr; }
};

// VW's epsilon-greedy pmf over K actions with `chosen` (0-based) the greedy one.
void epsilon_greedy_fixed_pmf(float epsilon, uint32_t chosen, std::vector<float>& pmf);

class CbExplore final : public TaggedReduction {
 public:
  CbExplore(const CbExploreFixedSettings& settings, std::unique_ptr<ContextualBandit> below, uint32_t actions);
  // --bag / --cover: the explorer in place of epsilon-greedy; the loss is the
  // pmf's sum of its estimates, the prediction the first action of the most mass.
  CbExplore(std::unique_ptr<FixedActionExplorer> explorer, uint32_t actions);
  ReductionState* state() override { return explorer_ ? explorer_->state() : nullptr; }
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  bool row_text(std::string& label, std::string& prediction) const override;
  void print_summary(std::FILE*) const override {}
  const std::vector<float>& pmf() const { return pmf_; }
  // One of VW's calls of cb_explore (--cbify's): the cb learner predicts (and
  // learns `label` when `learn`), --first's counter counts one call; the pmf.
  const std::vector<float>& call(const Example& ex, const std::vector<ClassCost>& label,
                                 const std::vector<Feature>& features, bool learn);

 private:
  void write_prediction(std::string& out) const override;
  void write_raw(std::string& out) const override { write_prediction(out); }
  uint32_t most_probable() const;  // the first action (1-based) of the most mass; 0: none

  CbExploreFixedSettings settings_;
  std::unique_ptr<ContextualBandit> below_;
  std::unique_ptr<FixedActionExplorer> explorer_;  // --bag / --cover (below_ is then null)
  uint32_t actions_;
  uint64_t explored_ = 0;  // VW's calls counted while --first explores
  std::vector<float> pmf_;
  std::vector<ClassCost> label_;  // the last label (progress row)
  Outcome outcome_;
};

// Its command-line plug-in (plugin.h): --cb_explore K with --epsilon, --first.

}  // namespace learner
