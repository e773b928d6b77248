// --cb_adf: VW's contextual bandit with action-dependent features, learning
// from logged data over multi-line examples (example_group.h): an optional
// `shared |context` line, then one line per action (`| features`), the
// logged action's line labelled `a:c:p` (label_format.h,
// kContextualBanditAdf): the logging policy chose it with probability p and
// observed cost c. Actions are the action lines' places, 0-based (VW's). One
// scalar model (sub-model 0) scores every action line, whose features
// include the shared line's; the predicted action is the lowest score (the
// first on ties). A group is learned from when one line has an observation;
// two lines with a cost are an error (VW's). --cb_type (default mtr), as VW
// 9.11's cb_adf over csoaa_ldf (every regression below: label the cost,
// each line a fresh prediction, clipped to the run's label range, which
// widens with every label learned):
//
//   mtr  multi-task regression: the logged line alone regresses c, with
//        importance 1 / max(p, clip_p) x events / actions (the counts of
//        groups and action lines learned from so far).
//   ips  every line regresses c / max(p, clip_p) (the logged one) or 0.
//   dm   every line regresses c (the logged one) or 0.
//   dr   a second regressor x_a (sub-model 1) learns c on the logged line
//        with importance 1 / p; every line regresses x_a, plus
//        (c - x_a) / max(p, clip_p) on the logged line.       2 sub-models.
//   sm   supervised method (VW's learn_sm): with pi the softmax of the
//        scores (the lowest likeliest), targets score + 1 for the logged
//        action and score - 1 for the others (signs swapped for a negative
//        cost), importance |c| / p x pi(logged) x (1 - pi(logged)) for the
//        logged line and |c| / p x pi(logged) x pi(a) for the others; as
//        VW, line a regresses the a-th target in score order.
//
// Loss (the progressive "average loss", VW's off-policy estimate of the
// learned policy's cost): for the predicted action h, c / p when h is the
// logged action, else 0 (ips estimate); dr: x_h + (c - x_h) / p when h is
// the logged action, else x_h.
//
// Weight: the group's weight in the statistics is its first line's importance
// (1 but for a --dsjson event with pdrop); VW adds the estimate itself, not
// weighted, to the loss sum (unweighted_loss() below undoes the statistics'
// weighting), while the weighted example sum counts the weight.
//
// Output, as VW prints it: -p the predicted action, or with --rank_all every
// action by score `1:0.12,0:0.46`, then a blank line; the progress row's label
// `a:c:p` (2 significant digits; "unknown"), its prediction `a:score`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "learner/learners/gd/label_range.h"
#include "learner/plugin.h"
#include "learner/reduction/group_reduction.h"

namespace learner {

enum class CbAdfType { kMtr, kIps, kDm, kDr, kSm };

// The Outcome::loss that makes the statistics (which sum loss x weight) add
// `estimate` itself, as VW does for contextual-bandit examples.
inline double unweighted_loss(double estimate, double weight) { return weight > 0.0 ? estimate / weight : estimate; }

struct CbAdfSettings {
  CbAdfType type = CbAdfType::kMtr;  // --cb_type
  bool rank_all = false;             // --rank_all
  double clip_p = 0.0;               // --clip_p
  // Set by the layers above, not by options: the first of its sub-models
  // (--bag's policy i uses i x sub_models()), and whether it learns as if
  // every logged probability were 1 (--squarecb: no importance weighting;
  // as VW, the group's last action line keeps its probability).
  uint32_t first_sub_model = 0;
  bool unit_probability = false;
  uint32_t sub_models() const { return type == CbAdfType::kDr ? 2 : 1; }
};

class CbAdf final : public GroupReduction, public ReductionState {
 public:
  CbAdf(const CbAdfSettings& settings, Learner& learner, LabelRange& range);
  const Outcome& process(const ExampleGroup& group, bool learn) override;
  void prediction_text(const ExampleGroup& group, std::string& out) const override;
  void raw_text(const ExampleGroup& group, std::string& out) const override;
  void row_text(std::string& label, std::string& prediction) const override;
  double line_score(std::size_t i) const override { return i < line_scores_.size() ? line_scores_[i] : 0.0; }
  // Model files keep mtr's counts of groups and action lines learned from (VW's event_sum, action_sum).
  ReductionState* state() override { return this; }
  void save_state(ModelWriter& out) const override;
  void load_state(ModelReader& in) override;
  // VW's text lines of the counts: "event_sum N", "action_sum M".
  void write_text(std::FILE* out) const override;

  // Learns from `group` once more without scoring its actions again (the
  // scores, order and prediction stay those of the last process()): --bag's
  // repeated updates. The group must be the one last processed.
  const Outcome& learn_again(const ExampleGroup& group);

  // Every action line a of `group` regresses costs[a] with its own
  // importance, no bandit count changing: VW's csoaa_ldf learning a
  // cost-sensitive group below --cb_adf (--warm_cb's supervised warm start).
  void learn_costs(const ExampleGroup& group, const std::vector<float>& costs);

  // The scores of the last group's actions (0-based) and its predicted action.
  const std::vector<double>& scores() const { return scores_; }
  uint32_t predicted() const { return order_.empty() ? 0 : order_.front(); }
  const std::vector<uint32_t>& order() const { return order_; }  // actions by score, lowest first
  // The logged action of the last group (-1: none), its cost and probability.
  int observed_action() const { return observed_index_; }
  const ClassCost& observation() const { return observed_; }

 private:
  // Finds the logged line; throws Error when two lines have a cost.
  void find_observation(const ExampleGroup& group);
  // Scores every action line of `group` (scores_, line_scores_, order_).
  void score(const ExampleGroup& group);
  // The updates of `group` when `learn` (and it is labeled), and its Outcome.
  const Outcome& update(const ExampleGroup& group, bool learn);
  // --cb_type sm's updates of the group's lines (`logged`: the logged action).
  void learn_supervised(const ExampleGroup& group, std::size_t logged);
  // One regression update of action line i towards `label`.
  void regress(const GroupLine& line, uint32_t sub, double label, double importance);
  // The probability the updates divide by (max(p, clip_p); 1 with unit_probability but on the last line).
  double clipped_p() const { return clipped_p_; }

  CbAdfSettings settings_;
  Learner& learner_;
  LabelRange& range_;
  int observed_index_ = -1;     // the logged action (-1: none)
  ClassCost observed_{};        // its cost and probability
  double clipped_p_ = 1.0;      // clipped_p() of the last group
  std::vector<double> scores_;       // per action
  std::vector<double> line_scores_;  // per line of the group (the shared line: 0)
  std::vector<double> regressed_;    // dr: x_a per action
  std::vector<uint32_t> order_;      // actions by score
  std::vector<float> softmax_;       // sm: the softmax of the scores, in order_'s order
  uint64_t events_ = 0, actions_ = 0;  // mtr: groups and action lines learned from
  Outcome outcome_;
};

// Its command-line plug-in (plugin.h): --cb_adf, --cb_type, --rank_all, --clip_p.
// --cb_adf's settings from the command line (--cb_type, --rank_all, --clip_p).
CbAdfSettings cb_adf_settings(const OptionValues& values);

}  // namespace learner
