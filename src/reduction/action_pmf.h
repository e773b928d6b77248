// The output every --cb_explore_adf explorer shares (VW's
// cb_explore_adf_base): a probability mass function over the group's
// actions, listed in an order of the explorer's choosing, and from it the
// -p text, the progress row's prediction and the progressive loss.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "learner/example_group.h"
#include "cb_adf.h"
#include "learner/reduction/reduction_state.h"
#include "learner/reduction/group_reduction.h"

namespace learner {

struct ActionPmf {
  std::vector<uint32_t> actions;  // 0-based action lines, in the printed order
  std::vector<float> probs;       // their probabilities, the same order
};

// Whether two scores tie for VW's explorers (fill_tied: vw_math's
// are_same_rel at its default tolerance, in float): |a - b| <= 1e-4 (|a| + |b|).
inline bool vw_scores_tie(double a, double b) {
  const auto x = static_cast<float>(a), y = static_cast<float>(b);
  return std::fabs(x - y) <= 0.0001f * (std::fabs(x) + std::fabs(y));
}

// -p: `action:probability,...` (VW's: at most 6 decimals, trailing zeros
// dropped: 0.033333), the tag, then VW's blank line.
void action_pmf_text(const ActionPmf& pmf, const ExampleGroup& group, std::string& out);
// The progress row's prediction: the first `action:probability` (at most 2 decimals), or "no action".
std::string action_pmf_row(const ActionPmf& pmf);
// VW's loss: the ips estimate pmf(a) c / p of the logged action a of `below`'s last group (0: none).
double action_pmf_loss(const ActionPmf& pmf, const CbAdf& below);

// A --cb_explore_adf explorer's common part: the pmf of the last group and
// the --cb_adf whose observation, raw scores and progress label it shows.
class ActionPmfReduction : public GroupReduction {
 public:
  void prediction_text(const ExampleGroup& group, std::string& out) const override {
    action_pmf_text(pmf_, group, out);
  }
  void raw_text(const ExampleGroup& group, std::string& out) const override { shown().raw_text(group, out); }
  void row_text(std::string& label, std::string& prediction) const override {
    std::string ignored;
    shown().row_text(label, ignored);
    prediction = action_pmf_row(pmf_);
  }
  double line_score(std::size_t i) const override { return shown().line_score(i); }
  const ActionPmf& action_pmf() const { return pmf_; }

 protected:
  virtual const CbAdf& shown() const = 0;
  // The outcome of the group: --cb_adf's, with the loss of the pmf.
  const Outcome& finish(const Outcome& below) {
    outcome_ = below;
    outcome_.loss = action_pmf_loss(pmf_, shown());
    return outcome_;
  }
  // The pmf in --cb_adf's score order.
  void in_score_order(const CbAdf& adf) { pmf_.actions.assign(adf.order().begin(), adf.order().end()); }

  ActionPmf pmf_;
  Outcome outcome_;
};

// An explorer whose state is a count of the groups it learned from (--cover,
// --regcb, --squarecb: VW's counter, which its floor or gamma reads) over one
// --cb_adf (policy 0): model files keep the count, then --cb_adf's state, so
// a run resumed with -i explores as one run would.
class CountingExplorer : public ActionPmfReduction, public ReductionState {
 public:
  ReductionState* state() override { return this; }
  void save_state(ModelWriter& out) const override;
  void load_state(ModelReader& in) override;
  void write_text(std::FILE* out) const override;

 protected:
  virtual CbAdf& policy() = 0;
  virtual const CbAdf& policy() const = 0;
  // The name in VW's text line of the count, "cb <name> adf storing example
  // counter:  = N" (VW's --regcb writes "squarecb" there too).
  virtual const char* vw_counter_name() const = 0;
  const CbAdf& shown() const override { return policy(); }

  uint64_t learned_ = 0;  // groups learned from
};

}  // namespace learner
