// --cb_sample: VW 9.11's cb_sample reduction over --cb_explore_adf
// (reductions/cb/cb_sample.cc): the explorer's pmf with one action drawn from
// it and swapped to the front, so the first `action:probability` of -p is
// the action to take.
//
//   * A group learned from (training, an action line labelled): the action
//     put first is the first action line with a label (the logged one).
//   * Otherwise: a draw u from VW's merand48 at a seed, without advancing it:
//     the shared line's tag `seed=S` gives the seed murmur3(S, 0); else the
//     run's state, which starts at --random_seed and advances one draw per
//     group drawn for this way. The action is the first i whose cumulative
//     probability (in the pmf's order) exceeds u times the total; the pmf is
//     divided by the total (all zero: the first action, probability 1).
//
// The loss (the pmf's ips estimate) is the explorer's: the order does not
// change it. Models keep the explorer's state (its option is stored, so -i
// rebuilds the stack); the draw's state is not kept, as VW.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "action_pmf.h"
#include "learner/example_group.h"
#include "learner/reduction/group_reduction.h"

namespace learner {

class CbSample final : public GroupReduction {
 public:
  CbSample(uint64_t seed, std::unique_ptr<ActionPmfReduction> explorer);
  const Outcome& process(const ExampleGroup& group, bool learn) override;
  void prediction_text(const ExampleGroup& group, std::string& out) const override {
    action_pmf_text(pmf_, group, out);
  }
  void raw_text(const ExampleGroup& group, std::string& out) const override { explorer_->raw_text(group, out); }
  void row_text(std::string& label, std::string& prediction) const override {
    explorer_->row_text(label, prediction);
    prediction = action_pmf_row(pmf_);
  }
  double line_score(std::size_t i) const override { return explorer_->line_score(i); }
  void print_summary(std::FILE* out) const override { explorer_->print_summary(out); }
  ReductionState* state() override { return explorer_->state(); }

  const ActionPmf& action_pmf() const { return pmf_; }

 private:
  std::unique_ptr<ActionPmfReduction> explorer_;
  uint64_t random_state_;
  ActionPmf pmf_;  // the explorer's, the drawn action first
};

// The position in `pmf` of the action to put first for `group` (cb_sample.h's
// rules), drawing with `random_state` when the group is not learned from.
std::size_t cb_sample_choice(const ExampleGroup& group, bool learn, ActionPmf& pmf, uint64_t& random_state);

}  // namespace learner
