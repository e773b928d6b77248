#include "learner/model/weight_init.h"

#include <cmath>
#include <cstring>

namespace learner {

float merand48(uint64_t& state) {
  state = 0xeece66d5deece66dULL * state + 2147483647ULL;
  const uint32_t bits = static_cast<uint32_t>((state >> 25) & 0x7FFFFF) | (127u << 23);
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f - 1.0f;
}

float merand48_normal(uint64_t& state) {
  float x1, s;
  do {
    x1 = 2.0f * merand48(state) - 1.0f;
    const float x2 = 2.0f * merand48(state) - 1.0f;
    s = x1 * x1 + x2 * x2;
  } while (s >= 1.0f || s == 0.0f);
  return x1 * std::sqrt((-2.0f * std::log(s)) / s);  // float arithmetic throughout, as VW
}

void initialize_weights(const WeightInit& init, float* first, std::size_t slots, std::size_t stride,
                        unsigned vw_stride) {
  using Kind = WeightInit::Kind;
  switch (init.kind) {
    case Kind::kZero: return;
    case Kind::kValue:
      for (std::size_t s = 0; s < slots; ++s) first[s * stride] = init.value;
      return;
    case Kind::kUniform: {
      uint64_t state = init.seed;
      for (std::size_t s = 0; s < slots; ++s) first[s * stride] = merand48(state) - 0.5f;
      return;
    }
    case Kind::kNormal:
    case Kind::kTruncatedNormal: break;
  }
  for (std::size_t s = 0; s < slots; ++s) {
    uint64_t state = static_cast<uint64_t>(s) * vw_stride;
    first[s * stride] = merand48_normal(state);
  }
  if (init.kind != Kind::kTruncatedNormal) return;
  double sum = 0.0;
  for (std::size_t s = 0; s < slots; ++s) sum += first[s * stride];
  const double mean = sum / static_cast<double>(slots);
  double squares = 0.0;
  for (std::size_t s = 0; s < slots; ++s) squares += (first[s * stride] - mean) * (first[s * stride] - mean);
  const double bound = 2.0 * std::sqrt(squares / static_cast<double>(slots));
  for (std::size_t s = 0; s < slots; ++s) {
    float& w = first[s * stride];
    if (std::fabs(w) > bound) w = static_cast<float>(std::remainder(static_cast<double>(w), bound));
  }
}

}  // namespace learner
