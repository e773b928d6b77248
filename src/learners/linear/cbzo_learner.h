// The learner of --cbzo (VW 9.11's cbzo): a continuous-action policy learned
// by zeroth-order optimisation (Flaxman, Kalai and McMahan's one-point
// gradient estimate), one float weight per slot (2^bits slots, no sub-models).
//
// Policy (--policy, stored in model files):
//   constant  centroid = w[Constant]              (the constant feature's slot)
//   linear    centroid = sum_i x_i w[slot(i)]     (float sums, in feature order)
// predict() returns the centroid (no base, no clipping: --cbzo's reduction
// clips it to the run's range and spreads its pdf around it).
//
// learn(ex, x, parts, p_hat, label, importance): p_hat is the centroid
// predict() gave, `label` the logged action a; the logged cost c is read
// from the example's continuous-action label (ex.costs.front().cost;
// label_format.h, kContinuousAction). With d = a - p_hat (nothing is learned
// when d = 0; |d| < 1e-6 is raised to 1e-6 keeping its sign, as VW 9.11.2)
// and g = c / d, every slot the policy reads moves, in float arithmetic as VW:
//   constant  w_C += -eta (g + l1 sign(w_C) + l2 w_C)
//   linear    w_i += -eta (g x_i + (l1 sign(w_i) + l2 w_i))   per feature
// sign(w) = +1 for w >= 0 (VW's), eta = -l (default 0.5, no decay: VW's cbzo
// has none), --l1/--l2 as given; --no_bias_regularization: the constant
// feature (Constant's index) gets no l1/l2 term. The importance is not read
// (VW's continuous labels weigh 1). An update that would leave a weight
// non-finite changes nothing and is counted (dropped_updates()).
//
// Name in model files: "cbzo"; sections "cbzo.config" (u32 bits, u8 policy)
// and "cbzo.weights" (u64 m, then m entries "u32 slot, float weight",
// ascending slots, non-zero finite weights), version 1 each. The text model
// prints "slot:weight" per non-zero weight ("name:slot:weight" with names).
#pragma once

#include <cstdint>
#include <memory>

#include "learner/learner.h"

namespace learner {

struct CbzoLearnerConfig {
  uint32_t bits = 18;
  bool linear = true;          // --policy linear (else constant)
  float rate = 0.5f;           // -l
  float l1 = 0.0f;             // --l1
  float l2 = 0.0f;             // --l2
  bool no_bias = false;        // --no_bias_regularization
};

// Throws learner::Error for bits outside 1..32 or a rate, l1 or l2 that is
// not finite and >= 0.
std::unique_ptr<Learner> make_cbzo_learner(const CbzoLearnerConfig& config, const Loss& loss);

}  // namespace learner
