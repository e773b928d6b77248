#include "decimal_batch.h"

#include <cstring>

#include "number_inline.h"
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define LEARNER_DECIMAL_AVX2 1
#endif

namespace learner {
namespace {

}  // namespace

bool read_decimal_batch_portable(const uint64_t* words, const uint32_t* signs, std::size_t count, float* values) {
  for (std::size_t i = 0; i < count; ++i) {
    double value = 0.0;
    // n = 8: any length but 1 reads the same (only "." alone depends on it,
    // and the caller has ruled that out).
    if (!detail::short_decimal_word(words[i], 8, value)) return false;
    uint32_t bits;
    const auto f = static_cast<float>(value);
    std::memcpy(&bits, &f, 4);
    bits ^= signs[i];
    std::memcpy(values + i, &bits, 4);
  }
  return true;
}

namespace {

#if defined(LEARNER_DECIMAL_AVX2)
// 10^(7 - j) for a '.' at byte j (j = 8: no '.'), as doubles.
alignas(64) constexpr double kDivisorByDot[9] = {1e7, 1e6, 1e5, 1e4, 1e3, 1e2, 1e1, 1e0, 1e0};

__attribute__((target("avx2"))) bool read_decimals_avx2(const uint64_t* words, const uint32_t* signs,
                                                        std::size_t count, float* values) {
  const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi64x(1);
  const __m256i dot_char = _mm256_set1_epi8('.'), zero_char = _mm256_set1_epi8('0');
  const __m256i low_zero = _mm256_set1_epi64x(0x30), byte_ones = _mm256_set1_epi8(1);
  const __m256i high_bits = _mm256_set1_epi8(static_cast<char>(0x80));
  const __m256i add46 = _mm256_set1_epi64x(0x4646464646464646ll), sub30 = _mm256_set1_epi64x(0x3030303030303030ll);
  const __m256i pair_weights = _mm256_set1_epi16(0x010A), quad_weights = _mm256_set1_epi32(0x00010064);
  const __m256i ten_thousand = _mm256_set1_epi64x(10000);
  const __m256i low_dwords = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
  // (the masked gather: the plain one trips GCC 12's -Wmaybe-uninitialized)
  const __m256d ones = _mm256_set1_pd(1.0), all_lanes = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
  __m256i bad = zero;
  for (std::size_t i = 0; i < count; i += 4) {
    __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(words + i));
    // The first '.' of each word: its lowest bit, the bits below it.
    const __m256i dots = _mm256_cmpeq_epi8(v, dot_char);
    const __m256i lowest = _mm256_and_si256(dots, _mm256_sub_epi64(zero, dots));
    const __m256i below = _mm256_sub_epi64(lowest, one);  // all ones without a '.'
    const __m256i dot_at = _mm256_sad_epu8(_mm256_and_si256(below, byte_ones), zero);  // j: 0..7, 8 without
    const __m256i no_dot = _mm256_cmpeq_epi64(dots, zero);
    // The bytes up to the '.' move up one, a '0' in front (words without a '.' stay).
    const __m256i up_to = _mm256_andnot_si256(no_dot, _mm256_sub_epi64(_mm256_slli_epi64(lowest, 8), one));
    v = _mm256_or_si256(_mm256_or_si256(_mm256_andnot_si256(up_to, v), _mm256_and_si256(_mm256_slli_epi64(v, 8), up_to)),
                        _mm256_andnot_si256(no_dot, low_zero));
    // Every byte a digit (the 64-bit sums of short_decimal_word, lane by lane).
    bad = _mm256_or_si256(bad, _mm256_or_si256(_mm256_add_epi64(v, add46), _mm256_sub_epi64(v, sub30)));
    // Eight digits: pairs, fours, then the word's (the first byte is the most significant).
    const __m256i digits = _mm256_sub_epi8(v, zero_char);
    const __m256i fours = _mm256_madd_epi16(_mm256_maddubs_epi16(digits, pair_weights), quad_weights);
    const __m256i eights = _mm256_add_epi64(_mm256_mul_epu32(fours, ten_thousand), _mm256_srli_epi64(fours, 32));
    const __m128i integers = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(eights, low_dwords));
    const __m128i dot_index = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(dot_at, low_dwords));
    // One correctly rounded division of exact doubles each, then float.
    const __m256d quotient =
        _mm256_div_pd(_mm256_cvtepi32_pd(integers), _mm256_mask_i32gather_pd(ones, kDivisorByDot, dot_index, all_lanes, 8));
    const __m128 magnitude = _mm256_cvtpd_ps(quotient);
    const __m128i sign = _mm_loadu_si128(reinterpret_cast<const __m128i*>(signs + i));
    _mm_storeu_ps(values + i, _mm_xor_ps(magnitude, _mm_castsi128_ps(sign)));
  }
  return _mm256_testz_si256(bad, high_bits) != 0;
}

bool decimal_cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}
#endif

}  // namespace

bool read_decimal_batch(const uint64_t* words, const uint32_t* signs, std::size_t count, float* values) {
#if defined(LEARNER_DECIMAL_AVX2)
  if (decimal_cpu_has_avx2()) return read_decimals_avx2(words, signs, count, values);
#endif
  return read_decimal_batch_portable(words, signs, count, values);
}

}  // namespace learner
