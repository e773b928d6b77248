// The start values of a linear weight table (VW's --initial_weight,
// --random_weights, --normal_weights, --truncated_normal_weights and
// --constant), one seam for every linear learner: the gradient learner
// (learners/gd/model.h) and the perceptron family (src/learners/linear/linear_weights.h)
// call initialize_weights() on their fresh table and then set_constant-like
// code of their own for --constant. A -i model loaded afterwards overwrites
// the values it stores, as VW's does (parse_regressor.cc initialises before
// loading).
//
// The distributions are VW 9.11's (parse_regressor.cc, initialize_regressor;
// common/random_details.h), drawn with VW's generator so a table equals VW's
// slot for slot:
//   value     w_s = v for every slot s
//   uniform   w_s = merand48(state) - 0.5 in [-0.5, 0.5), one draw per slot in
//             slot order from state = --random_seed
//   normal    w_s = Box-Muller (polar) draw from merand48 started at the
//             slot's float offset s * vw_stride (VW's dense index, stride 4
//             for the adaptive or normalized rule, 1 for plain SGD), so it
//             does not depend on --random_seed (as in VW)
//   truncated the normal table, then every |w_s| > 2 sd (sd: population
//             standard deviation of the table) replaced by remainder(w_s, 2 sd)
// merand48: state = 0xeece66d5deece66d state + 2147483647 (mod 2^64); the
// float in [1, 2) with mantissa (state >> 25) & 0x7fffff, minus 1.
#pragma once

#include <cstddef>
#include <cstdint>

namespace learner {

struct WeightInit {
  enum class Kind { kZero, kValue, kUniform, kNormal, kTruncatedNormal };
  Kind kind = Kind::kZero;
  float value = 0.0f;     // kValue: --initial_weight
  uint64_t seed = 0;      // kUniform: --random_seed
  float constant = 0.0f;  // --constant: the constant feature's start weight (every sub-model)
  bool any() const { return kind != Kind::kZero || constant != 0.0f; }
};

// Writes the start value of slot s to first[s * stride] for s < slots
// (nothing for kZero). `vw_stride` is VW's stride of the same table (the
// normal draws' state).
void initialize_weights(const WeightInit& init, float* first, std::size_t slots, std::size_t stride,
                        unsigned vw_stride);

// VW's generator (exposed for tests): advances `state`, returns [0, 1).
float merand48(uint64_t& state);
// VW's polar Box-Muller draw from `state` (advanced).
float merand48_normal(uint64_t& state);

}  // namespace learner
