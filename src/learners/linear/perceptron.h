// Rosenblatt's perceptron (seed 002, "Perceptron Algorithm"), one linear
// function per sub-model, optionally averaged (seed 003's lazy sums).
//
// Update, for parts c with signs s_c and label y = +1 if label > 0 else -1:
//   p = base + sum_c s_c w_c.x          (the p_hat given by predict())
//   if y p <= 0:  w_c += rate * importance * y * s_c * x   for every part c
// The bias b += y of the seed is the constant feature's weight (see
// linear_learner.h); rate is -l. Mistake bound (Novikoff, seed 002): on data
// separable with margin rho by (w*, b*), |w*| = 1, |x| <= R, at most
// (b*^2 + 1)(R^2 + 1) / rho^2 updates, whatever the rate.
//
// Name in model files: "perceptron"; sections "perceptron.config",
// "perceptron.weights" and, with state when averaged, "perceptron.average"
// (all version 1). Reported loss: "perceptron" (max(0, -y p)).
#pragma once

#include "learner/plugin.h"

#include <cstdint>
#include <memory>

#include "linear_learner.h"

namespace learner {

struct PerceptronConfig {
  uint32_t bits = 18;        // -b: 2^bits weights shared by all sub-models
  uint32_t sub_models = 1;   // K
  double rate = 1.0;         // -l: the step (any finite value > 0)
  bool averaged = false;     // --averaged
};

// Throws learner::Error for bits outside 1..32, sub_models 0 or a rate that
// is not finite and positive.
std::unique_ptr<LinearLearner> make_perceptron(const PerceptronConfig& config);

// Its command-line plug-in (plugin.h): --perceptron [--averaged].

}  // namespace learner
