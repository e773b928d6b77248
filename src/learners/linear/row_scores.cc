#include "row_scores.h"

#include <cstdlib>
#include <cstring>

#include "learner/cpu_features.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace learner::detail {
namespace {

// Any K, one class at a time.
void add_rows_any(const float* weights, uint64_t mask, uint32_t k, const std::vector<Feature>& x, double* out) {
  for (const Feature& f : x) {
    const uint64_t first = (static_cast<uint64_t>(f.index) * k) & mask;
    if (first + k - 1 <= mask) {
      const float* row = weights + first;
      for (std::size_t c = 0; c < k; ++c) out[c] += f.value * row[c];
    } else {
      for (std::size_t c = 0; c < k; ++c) out[c] += f.value * weights[(static_cast<uint64_t>(f.index) * k + c) & mask];
    }
  }
}

// A fixed K, four classes at a time in GCC vector types (one float multiply
// of 4 lanes, widened to 4 doubles and added). On the baseline build (SSE2)
// GCC keeps the 4-lane sums on the stack: R8's --mira 8 took 36 instructions
// a feature here.
using Floats4 = float __attribute__((vector_size(16)));
using Doubles4 = double __attribute__((vector_size(32)));

template <std::size_t K>
void add_rows(const float* weights, uint64_t mask, uint32_t k, const std::vector<Feature>& x, double* out) {
  constexpr std::size_t kVectors = K / 4, kRest = K % 4;
  Doubles4 sums[kVectors + 1] = {};
  double rest[kRest + 1] = {};
  for (std::size_t j = 0; j < kVectors; ++j)
    for (std::size_t i = 0; i < 4; ++i) sums[j][i] = out[4 * j + i];
  for (std::size_t c = 0; c < kRest; ++c) rest[c] = out[4 * kVectors + c];
  for (const Feature& f : x) {
    const uint64_t first = (static_cast<uint64_t>(f.index) * k) & mask;
    if (first + K - 1 <= mask) {
      const float* row = weights + first;
      const Floats4 value = {f.value, f.value, f.value, f.value};
      for (std::size_t j = 0; j < kVectors; ++j) {
        Floats4 w;
        std::memcpy(&w, row + 4 * j, sizeof w);
        sums[j] += __builtin_convertvector(w * value, Doubles4);
      }
      for (std::size_t c = 0; c < kRest; ++c) rest[c] += f.value * row[4 * kVectors + c];
    } else {  // the row wraps at the end of the table
      for (std::size_t c = 0; c < K; ++c) {
        const double add = f.value * weights[(static_cast<uint64_t>(f.index) * k + c) & mask];
        if (c < 4 * kVectors) {
          sums[c / 4][c % 4] += add;
        } else {
          rest[c - 4 * kVectors] += add;
        }
      }
    }
  }
  for (std::size_t j = 0; j < kVectors; ++j)
    for (std::size_t i = 0; i < 4; ++i) out[4 * j + i] = sums[j][i];
  for (std::size_t c = 0; c < kRest; ++c) out[4 * kVectors + c] = rest[c];
}

#if defined(__x86_64__)
// The same in AVX2 intrinsics: one 8-float multiply and two widenings to 4
// doubles per 8 classes, the sums in registers (R8's --mira 8: about 17
// instructions a feature).
template <std::size_t K>
[[gnu::target("avx2")]] void add_rows_avx2(const float* weights, uint64_t mask, uint32_t k,
                                           const std::vector<Feature>& x, double* out) {
  constexpr std::size_t kQuads = K / 4, kRest = K % 4;
  __m256d sums[kQuads + 1];
  double rest[kRest + 1] = {};
  for (std::size_t j = 0; j < kQuads; ++j) sums[j] = _mm256_loadu_pd(out + 4 * j);
  for (std::size_t c = 0; c < kRest; ++c) rest[c] = out[4 * kQuads + c];
  float wrapped[K];  // a row that wraps at the table's end, gathered
  for (const Feature& f : x) {
    const uint64_t first = (static_cast<uint64_t>(f.index) * k) & mask;
    const float* row = weights + first;
    if (first + K - 1 > mask) [[unlikely]] {
      for (std::size_t c = 0; c < K; ++c) wrapped[c] = weights[(static_cast<uint64_t>(f.index) * k + c) & mask];
      row = wrapped;
    }
    std::size_t j = 0;
    if constexpr (kQuads >= 2) {
      const __m256 value = _mm256_set1_ps(f.value);
      for (; j + 1 < kQuads; j += 2) {
        const __m256 p = _mm256_mul_ps(_mm256_loadu_ps(row + 4 * j), value);
        sums[j] = _mm256_add_pd(sums[j], _mm256_cvtps_pd(_mm256_castps256_ps128(p)));
        sums[j + 1] = _mm256_add_pd(sums[j + 1], _mm256_cvtps_pd(_mm256_extractf128_ps(p, 1)));
      }
    }
    for (; j < kQuads; ++j) {
      const __m128 p = _mm_mul_ps(_mm_loadu_ps(row + 4 * j), _mm_set1_ps(f.value));
      sums[j] = _mm256_add_pd(sums[j], _mm256_cvtps_pd(p));
    }
    for (std::size_t c = 0; c < kRest; ++c) rest[c] += f.value * row[4 * kQuads + c];
  }
  for (std::size_t j = 0; j < kQuads; ++j) _mm256_storeu_pd(out + 4 * j, sums[j]);
  for (std::size_t c = 0; c < kRest; ++c) out[4 * kQuads + c] = rest[c];
}

// A static initialiser: cpu_has_avx2 is safe there.
const bool kHasAvx2 = cpu_has_avx2() && std::getenv("LEARNER_NO_AVX2") == nullptr;
#endif

template <std::size_t K>
void add_rows_best(const float* weights, uint64_t mask, uint32_t k, const std::vector<Feature>& x, double* out) {
#if defined(__x86_64__)
  if (kHasAvx2) return add_rows_avx2<K>(weights, mask, k, x, out);
#endif
  add_rows<K>(weights, mask, k, x, out);
}

}  // namespace

void add_row_scores(const float* weights, uint64_t mask, uint32_t k, const std::vector<Feature>& x, double* out) {
  switch (k) {
#define LEARNER_ROWS(K) \
  case K: return add_rows_best<K>(weights, mask, k, x, out);
    LEARNER_ROWS(2) LEARNER_ROWS(3) LEARNER_ROWS(4) LEARNER_ROWS(5) LEARNER_ROWS(6) LEARNER_ROWS(7)
    LEARNER_ROWS(8) LEARNER_ROWS(9) LEARNER_ROWS(10) LEARNER_ROWS(11) LEARNER_ROWS(12) LEARNER_ROWS(13)
    LEARNER_ROWS(14) LEARNER_ROWS(15) LEARNER_ROWS(16)
#undef LEARNER_ROWS
    default: add_rows_any(weights, mask, k, x, out);
  }
}

}  // namespace learner::detail
