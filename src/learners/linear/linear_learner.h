// The public face of the linear mistake-driven learners (perceptron.h,
// passive_aggressive.h): a Learner with optional averaged weights.
//
// Layout: sub-model i of a learner built for K sub-models keeps feature h's
// weight at slot (h K + i) & (2^bits - 1), as VW interleaves classes. There is
// no separate bias: the feature builder's constant feature (kConstantIndex,
// value 1) is the bias, so its weight moves by exactly the seed's b += y
// step; under --noconstant the learners have no bias.
//
// Averaging (seed 003, lazy sums): the t-th learn() call with importance > 0
// is step t of the weight sequence w_1, w_2, ..., whether or not it changes
// the weights. The learner keeps w and u = sum over updates of (t - 1) delta_t,
// so that after T steps the average (1/T) sum_{t=1..T} w_t = w - u / T; an
// update costs O(features), not O(weights). A reduction must therefore call
// learn() for every training example (a correct MIRA prediction passes
// parts {y*, y*}, whose update is empty).
//
// Which weights are used (averaging.h):
//  * predict() uses the current weights w (online mistakes during training)
//    unless predict_with_average(true): the run loop sets it for test-time
//    prediction (-t, holdout evaluation). learn() then recomputes the margin
//    on w instead of trusting p_hat.
//  * save(with_state = false) and write_text() write the average (the model a
//    user keeps); save(with_state = true) writes w, u and T so that training
//    resumes exactly. A model loaded without state has w = average, u = 0.
#pragma once

#include <cstdint>

#include "learner/learner.h"
#include "learner/learners/averaging.h"

namespace learner {

class LinearLearner : public Learner, public Averaging {
 public:
  bool classifier() const override { return true; }
  Averaging* averaging_interface() override { return this; }
  // learn() calls that changed the weights.
  virtual uint64_t updates() const = 0;
};

}  // namespace learner
