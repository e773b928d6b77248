// --cb K: VW's contextual bandit over K fixed actions, learning from logged
// data (VW 9.11's cb_algs, the reduction VW runs with --cb_force_legacy).
// A label `a:c:p` (label_format.h, kContextualBandit) says the logging policy
// chose action a with probability p and observed cost c. The reduction turns
// it into a cost-sensitive example over the allowed actions (all K when the
// label lists one action, else the actions it lists) and learns that by
// cost-sensitive one-against-all: action a owns sub-model a - 1, a regressor
// of its estimated cost; the prediction is the action of the lowest score
// (the lowest id on ties). --cb_type chooses the estimate (default dr):
//
//   ips  cost c / p for the observed action, 0 for the others.  K sub-models.
//   dm   no cost-sensitive learner: a regressor x_a of each action's cost
//        (sub-model a - 1) learns from the observed action only, with
//        importance 1 / p; the prediction is argmin x_a.        K sub-models.
//   dr   doubly robust: a regressor x_a (sub-model K + a - 1, trained as dm)
//        and cost x_a + (c - x_a) / p for the observed action, x_a for the
//        others.                                                2K sub-models.
//   mtr, sm: as VW's --cb, a warning and dr.
//
// --eval (VW's): evaluates a logged policy instead of learning one. Labels
// `h a:c:p` (label_format.h, kContextualBanditEval) name the evaluated
// policy's action h first; the prediction is h, the loss the estimate above
// of h's cost, and only dr's cost regressors learn (the policy is not
// learned; dm is refused, as by VW: it is biased).
//
// The regressors' predictions are clipped to the run's label range, which
// widens with every label learned (VW's min/max label); the action scores are
// raw. An example with no observation (no entry with a known cost and p > 0)
// is unlabeled, a test label: nothing learns from it (VW only predicts it).
//
// Loss (the progressive "average loss", VW's off-policy estimate of the
// learned policy's cost): for the predicted action h, ips: c / p when h = a,
// else 0; dm and dr: x_h + (c - x_h) / p when h = a, else x_h (the doubly
// robust estimate, x_h the regressor's prediction before this example's
// update). Weight 1 per labeled example.
//
// Output, as VW prints it: -p the predicted action; -r one `action:score`
// per entry of the label (the i-th allowed action's score, VW's pairing);
// the progress row's label column `a:c:p` (or "unknown"), its prediction
// column the action.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "learner/learners/gd/label_range.h"
#include "learner/plugin.h"
#include "learner/reduction/reduction.h"

namespace learner {

enum class CbType { kIps, kDm, kDr };

struct CbSettings {
  uint32_t actions = 0;           // K
  CbType type = CbType::kDr;      // --cb_type
  bool eval = false;              // --eval
  uint32_t first_sub_model = 0;   // where its sub-models start (a policy of --bag / --cover: cb_explore_legacy.h)
  // The sub-models it asks its learner for: 2K for dr, else K.
  uint32_t sub_models() const { return type == CbType::kDr ? 2 * actions : actions; }
};

class ContextualBandit final : public TaggedReduction {
 public:
  ContextualBandit(const CbSettings& settings, Learner& learner, LabelRange& range);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  // process() with `label` in place of ex.costs (--cbify's bandit feedback).
  const Outcome& process_label(const Example& ex, const std::vector<ClassCost>& label,
                               const std::vector<Feature>& features, bool learn);
  bool row_text(std::string& label, std::string& prediction) const override;
  void print_summary(std::FILE*) const override {}
  uint32_t predicted() const { return predicted_; }

 private:
  void write_prediction(std::string& out) const override;
  void write_raw(std::string& out) const override;
  // The regressor of `action` (dm, dr): its clipped prediction, trained when
  // `learn` and the action is the observed one.
  double regress(const Example& ex, const std::vector<Feature>& features, uint32_t action, bool learn);
  // Cost-sensitive one-against-all over `cost_` (ips, dr): the predicted action.
  uint32_t cost_sensitive(const Example& ex, const std::vector<Feature>& features, bool learn);

  CbSettings settings_;
  Learner& learner_;
  LabelRange& range_;
  const ClassCost* observed_ = nullptr;  // the label's observation (nullptr: none)
  std::vector<uint32_t> allowed_;        // the allowed actions of the last example
  std::vector<double> cost_;             // their cost-sensitive costs (kUnknownCost: not learned)
  std::vector<double> regressed_;        // their regressors' predictions (dm, dr)
  std::vector<double> scores_;           // their action scores (ips, dr), as -r shows them
  std::vector<ClassCost> label_;         // the last label (for -r and the progress row)
  bool labeled_ = false;
  uint32_t predicted_ = 1;
  Outcome outcome_;
};

// --cb_type's text ("" for the default) as --cb reads it: mtr and sm are dr.
CbType cb_type_of(const std::string& text);

// Its command-line plug-in (plugin.h): --cb K, --cb_type, --cb_force_legacy.

}  // namespace learner
