// --cb_dro: VW 9.11's distributionally robust off-policy learning
// (cb_dro.cc) over --cb_adf or --cb_explore_adf. Each logged example is
// first predicted; when learned from, with the logged action a (cost c,
// probability p) and the policy's action h (--cb_adf: its predicted action;
// --cb_explore_adf: the pmf's likeliest, the highest action of equals, as
// VW's max_element), the chi-squared bound (chi_squared_bound.h, --cb_dro_alpha,
// --cb_dro_tau, --cb_dro_wmax) adds the sample (h == a ? 1/p : 0, -c), and the
// example is learned with every line's importance times
//
//   q = max(0.01, n x qfunc(1/p, -c) / (1/p))   (q = 1 when p = 0)
//
// n the bound's decayed count: examples the robust reweighting discounts
// teach less. Predictions, -p, the loss and the progress row are those of the
// layer below (its prediction before the update; the statistics see the
// unscaled weight). Model files keep the bound's sums, then the layer's
// state (VW keeps none).
#pragma once

#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "learner/plugin.h"
#include "action_pmf.h"
#include "cb_adf.h"
#include "chi_squared_bound.h"
#include "learner/reduction/group_decorator.h"
#include "learner/reduction/reduction_state.h"

namespace learner {

struct CbDroSettings {
  double alpha = 0.05;   // --cb_dro_alpha, in (0, 1)
  double tau = 0.999;    // --cb_dro_tau, in (0, 1]
  double wmax = std::numeric_limits<double>::infinity();  // --cb_dro_wmax, > 1
};

class CbDro final : public GroupDecorator, public ReductionState {
 public:
  // Over --cb_adf (`explorer` null) or an explorer of --cb_explore_adf.
  CbDro(const CbDroSettings& settings, std::unique_ptr<CbAdf> adf);
  CbDro(const CbDroSettings& settings, std::unique_ptr<ActionPmfReduction> explorer);
  const Outcome& process(const ExampleGroup& group, bool learn) override;
  ReductionState* state() override { return this; }
  void save_state(ModelWriter& out) const override;
  void load_state(ModelReader& in) override;

  // The weight multiplier of the last example learned from (1 before any).
  float last_multiplier() const { return multiplier_; }

 private:
  uint32_t policy_action() const;  // the policy's action of the last prediction (0-based)

  ChiSquaredBound bound_;
  const CbAdf* adf_ = nullptr;                  // --cb_adf below, or
  const ActionPmfReduction* explorer_ = nullptr;  // --cb_explore_adf below
  ExampleGroup scaled_;                          // the group with its importances scaled
  float multiplier_ = 1.0f;
  Outcome outcome_;
};

}  // namespace learner
