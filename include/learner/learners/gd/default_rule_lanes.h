// The default rule's per-feature rates (adaptive, normalized, power_t 0.5:
// Model::accumulate_default_in) over a table of 4-float slots (w, G, s,
// rate) at table + (index & mask) * 4, eight features a step with AVX2
// (issue 32, the n-gram target): the scalar loop is bound by its square root
// and division per feature, which share one divider unit.
//
// Contract: accumulate_default_lanes leaves the same table and the same sums,
// bit for bit, as default_rate_step over the same features in order (the
// step Model::accumulate_default_in's scalar loop calls).
// Each lane runs the scalar step's IEEE operations (no fused multiply-add:
// the kernel is built with fp-contract=off and without the FMA extension),
// the sums are added one feature at a time in feature order, and a step of
// eight features two of which share a slot (a repeated word, a hash
// collision) goes through default_rate_step one feature at a time, as does
// the tail. Call it only when default_rule_lanes_available().
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

// One feature: G += g2 x^2, the scale s = max |x| (w rescaled when it grows),
// rate = 1 / (sqrt(G) s) into w[3]; adds x^2 rate to `sens` and x^2 / s^2
// (as (x^2 rate)(rate G)) to `norm`. Finite for every finite input (issue 17, defect 5).
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

// Whether this CPU runs accumulate_default_lanes (AVX2), checked once.
bool default_rule_lanes_available();

// default_rate_step over features[0, n) in order, sens and norm accumulated.
void accumulate_default_lanes(float* table, uint32_t mask, const Feature* features, std::size_t n, float g2f,
                              float& sens, float& norm);

}  // namespace learner
