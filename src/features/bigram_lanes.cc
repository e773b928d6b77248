#include "bigram_lanes.h"

#include <bit>
#include <cstddef>
#include <cstring>

#include "learner/cpu_features.h"
#include "learner/features/text_features.h"
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define LEARNER_BIGRAM_AVX2 1
#endif

namespace learner {

static_assert(sizeof(Feature) == 8 && offsetof(Feature, value) == 0 && offsetof(Feature, index) == 4,
              "a Feature is (value, index), 8 bytes");

void write_bigrams_portable(const Feature* in, uint32_t gap, uint32_t grams, Feature* out) {
  if constexpr (std::endian::native == std::endian::little) {
    // Value 1 and the index as one 8-byte store (GCC had split the two fields into two loops).
    constexpr uint64_t kOne = std::bit_cast<uint32_t>(1.0f);
    char* __restrict dest = reinterpret_cast<char*>(out);
    for (uint32_t i = 0; i < grams; ++i) {
      const uint64_t word = uint64_t{in[i].index * kQuadraticConstant + in[i + gap].index} << 32 | kOne;
      std::memcpy(dest + 8 * std::size_t{i}, &word, 8);
    }
  } else {
    for (uint32_t i = 0; i < grams; ++i) out[i] = Feature{1.0f, in[i].index * kQuadraticConstant + in[i + gap].index};
  }
}

namespace {

#if defined(LEARNER_BIGRAM_AVX2)
// The indices of features f[0, 8), in the order (0, 1, 4, 5 | 2, 3, 6, 7): unpacking
// them with 1.0f per 128-bit half restores features 0..3 (low) and 4..7 (high).
__attribute__((target("avx2"))) inline __m256i bigram_indices(const Feature* f) {
  const __m256 a = _mm256_loadu_ps(reinterpret_cast<const float*>(f));
  const __m256 b = _mm256_loadu_ps(reinterpret_cast<const float*>(f + 4));
  return _mm256_castps_si256(_mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1)));
}

__attribute__((target("avx2"))) void write_bigrams_avx2(const Feature* in, uint32_t gap, uint32_t grams, Feature* out) {
  const __m256i c = _mm256_set1_epi32(static_cast<int>(kQuadraticConstant));
  const __m256 ones = _mm256_set1_ps(1.0f);
  uint32_t i = 0;
  for (; i + 8 <= grams; i += 8) {
    const __m256i h = _mm256_add_epi32(_mm256_mullo_epi32(bigram_indices(in + i), c), bigram_indices(in + i + gap));
    const __m256 hf = _mm256_castsi256_ps(h);
    _mm256_storeu_ps(reinterpret_cast<float*>(out + i), _mm256_unpacklo_ps(ones, hf));      // grams i..i+3
    _mm256_storeu_ps(reinterpret_cast<float*>(out + i + 4), _mm256_unpackhi_ps(ones, hf));  // grams i+4..i+7
  }
  write_bigrams_portable(in + i, gap, grams - i, out + i);
}
#endif

}  // namespace

void write_bigrams(const Feature* in, uint32_t gap, uint32_t grams, Feature* out) {
#if defined(LEARNER_BIGRAM_AVX2)
  if (cpu_has_avx2()) return write_bigrams_avx2(in, gap, grams, out);
#endif
  write_bigrams_portable(in, gap, grams, out);
}

}  // namespace learner
