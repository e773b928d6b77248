// VW's coin-betting optimizer (--coin; VW 9.11's ftrl.cc "Coin Betting":
// COCOB without the sigmoid, Orabona and Tommasi, "Training Deep Networks
// without Learning Rates Through Coin Betting", 2017), a base learner beside
// gd: linear, parameter-free (no -l, no --power_t), with VW's arithmetic
// (single precision, features in the order the feature builder gives them).
//
// Per weight slot six floats [w, z, G, m_x, W, m_g]: the weight predict()
// uses, the sum of negative gradients, the sum of |gradients|, the largest
// |x| seen, the wealth and the largest |dl/dp| (at least beta once non-zero).
// One pair of run-wide sums (N, T), shared by all sub-models as VW shares its
// first model's: N = sum of weight x |x / m_x|^2 and T = sum of weights.
//
// predict(): base + sum_c s_c sum_f x_f w_f (VW's predict: the stored w).
// learn(), in VW's order:
//   1. for each feature: m = max(m_x, |x|); v_f = (alpha + W) / (m_g m (m_g m
//      + G)) z when m_g m > 0, else 0; P += v_f x; n += (x / m)^2;
//   2. N += importance n, T += importance, a = (N + 1e-6) / T;
//      p = base + P / a, clipped to the caller's range (clip_with; without
//      one, the range of the labels this learner has learned, from the loss's
//      initial range), u = dl/dp(p, label) x importance;
//   3. for each feature, g = u x s_c: m_x = max(m_x, |x|); when |u| > m_g,
//      m_g = max(|u|, beta); w = (alpha + W) / (m_g m_x (m_g m_x + G)) z (0
//      when m_g m_x = 0); z -= g; G += |g|; W -= g w; w /= a.
// VW reports the loss of step 2's p (its scorer reads it after learning) but
// shows predict()'s prediction: own_outcome() gives that loss and leaves the
// shown prediction; learned_prediction() gives p to the reductions that read
// the prediction after learning (dr's regressor), until the next predict().
// A slot whose new values would not all be finite keeps its old ones (counted
// in dropped_updates()); a non-finite u or a the example changes nothing.
// sensitivity() is VW's ftrl sensitivity: sum_f s(x_f) / ((beta + sqrt(G)) /
// alpha + l2), s(x) = 1 for x > 0, else -1.
//
// Sub-model c of K at slot (h K + c) & (2^bits - 1), as gd lays them out.
// Model file (learner name "coin"): section "coin.state" (version 1: u8 with
// state; with it N and T) and "coin.weights" (version 1: u32 floats per slot
// written, 6 with state, 1 without (--predict_only_model: w alone, as VW);
// u64 count; per non-zero slot u32 slot and its floats). A model without state
// loads w alone and N = T = 0, as VW's. Text (--readable_model,
// --invert_hash): w per non-zero slot, as gd's.
#pragma once

#include <cstdint>
#include <memory>

#include "learner/learner.h"
#include "learner/loss/loss.h"

namespace learner {

struct CoinConfig {
  unsigned bits = 18;        // -b
  uint32_t sub_models = 1;   // K
  float alpha = 4.0f;        // --ftrl_alpha (VW's default for --coin)
  float beta = 1.0f;         // --ftrl_beta
  float l2 = 0.0f;           // --l2: only in sensitivity(), as VW's
};

// Throws learner::Error for sub_models 0, an alpha that is not finite and
// positive, or a beta or l2 that is not finite and >= 0 (bits outside 1..31: UsageError, from the weight table).
// `loss` must outlive the learner.
std::unique_ptr<Learner> make_coin(const CoinConfig& config, const Loss& loss);

}  // namespace learner
