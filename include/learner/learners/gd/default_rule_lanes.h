// The default rule's two per-feature loops (adaptive, normalized, power_t
// 0.5: Model::accumulate_default_in and Model::add_linear) over a table of
// 4-float slots (w, G, s, rate) at table + (index & mask) * 4, one feature
// at a time (the scalar steps below, which Model's loops run) and sixteen
// at a time with AVX-512 (issue 32, the n-gram target).
//
// Contract of the AVX-512 kernels: the same table and the same sums, bit for
// bit, as the scalar loop over the same features in order. Each lane runs the
// scalar step's IEEE operations (no fused multiply-add: the functions are
// built with fp-contract=off and use no FMA intrinsic), the sums are added one
// feature at a time in feature order, and a step of up to sixteen features
// ends before the first feature whose slot an earlier one of the step has (a
// repeated word, a hash collision: it starts the next step). Any n. Call them
// only when default_rule_lanes_available() and mask < 2^29 (the gathers'
// 32-bit float offsets).
#pragma once

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "learner/example.h"

namespace learner {

inline constexpr float kDefaultMinS = 1.08420217e-19f;  // sqrt(FLT_MIN): VW clamps x^2 to at least FLT_MIN
inline constexpr float kDefaultMaxRate = 1e30f;         // a rate never overflows what it multiplies

// One feature of accumulate_default: G += g2 x^2, the scale s = max |x|
// (w rescaled when it grows), rate = 1 / (sqrt(G) s) into w[3]; adds
// x^2 rate to `sens` and x^2 / s^2 (as (x^2 rate)(rate G)) to `norm`.
// Finite for every finite input (issue 17, defect 5).
inline void default_rate_step(float* w, float x, float g2f, float& sens, float& norm) {
  const float x2 = std::clamp(x * x, FLT_MIN, FLT_MAX);
  w[1] = std::min(w[1] + g2f * x2, FLT_MAX);
  const float ax = std::fabs(x);
  if (ax > w[2]) {
    if (w[2] > 0) w[0] *= w[2] / ax;
    w[2] = ax;
  }
  const float s = std::max(w[2], kDefaultMinS);
  if (w[1] > 0) {
    const float rate = std::min(1.0f / (std::sqrt(w[1]) * s), kDefaultMaxRate);
    w[3] = rate;
    const float xr = x2 * rate;
    sens += xr;
    norm += xr * (rate * w[1]);
  } else {
    w[3] = 0.0f;
    norm += x2 / (s * s);
  }
}

// One feature of add_linear: w += step rate x in double, written back only
// when the float result is finite; returns whether it was.
inline bool linear_add_step(float* w, float x, double step) {
  const auto v = static_cast<float>(w[0] + step * w[3] * x);
  const bool ok = std::isfinite(v);
  w[0] = ok ? v : w[0];
  return ok;
}

// Whether this CPU runs the kernels below (AVX-512 F and CD), checked once.
bool default_rule_lanes_available();

// default_rate_step over features[0, n) in order, sens and norm accumulated.
void accumulate_default_lanes(float* table, uint32_t mask, const Feature* features, std::size_t n, float g2f,
                              float& sens, float& norm);

// linear_add_step over features[0, n) in order; returns how many were not finite.
uint64_t add_linear_lanes(float* table, uint32_t mask, const Feature* features, std::size_t n, double step);

}  // namespace learner
