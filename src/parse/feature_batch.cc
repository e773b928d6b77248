#include "feature_batch.h"

#include <cstring>
#include <string_view>

#include "learner/cpu_features.h"
#include "learner/parse/hash_inline.h"
#include "number_inline.h"
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define LEARNER_FEATURE_BATCH_AVX2 1
#endif

namespace learner {

static_assert(sizeof(Feature) == 8 && offsetof(Feature, value) == 0 && offsetof(Feature, index) == 4,
              "the batch writes Features as (value, index) pairs of 32-bit words");

bool finish_feature_batch_portable(const FeatureWords& words, std::size_t count, uint32_t seed, Feature* out,
                                   uint64_t& zeros) {
  zeros = 0;
  for (std::size_t i = 0; i < count; ++i) {
    // The value: a sign as its first byte (the lowest non-zero one) becomes
    // a '0', and so do the zero bytes below it.
    uint64_t v = words.value[i];
    const unsigned first = 8 * (static_cast<unsigned>(__builtin_ctzll(v)) / 8);
    const auto lead = static_cast<char>(v >> first);
    const bool negative = lead == '-';
    if (negative || lead == '+') v = (v & ~(uint64_t{0xff} << first)) | (uint64_t{'0'} << first);
    v |= 0x3030303030303030ull & ((uint64_t{1} << first) - 1);
    double value = 0.0;
    // n = 8: any length but 1 reads the same (only "." alone depends on it,
    // and the walk has ruled that out).
    if (!detail::short_decimal_word(v, 8, value)) return false;
    const auto magnitude = static_cast<float>(value);
    out[i].value = negative ? -magnitude : magnitude;
    if (magnitude == 0.0f) zeros |= uint64_t{1} << (i & 63);
    const uint64_t name = words.name[i];
    if (name == 0) {
      out[i].index = words.index[i];
    } else {
      char bytes[8];
      std::memcpy(bytes, &name, 8);
      const std::size_t n = 8 - static_cast<std::size_t>(__builtin_clzll(name)) / 8;
      out[i].index = hash_feature_inline(std::string_view(bytes, n), seed, false);
    }
  }
  return true;
}

namespace {

#if defined(LEARNER_FEATURE_BATCH_AVX2)
// 10^(7 - j) for a '.' at byte j (j = 8: no '.'), as doubles.
alignas(64) constexpr double kDivisorByDot[9] = {1e7, 1e6, 1e5, 1e4, 1e3, 1e2, 1e1, 1e0, 1e0};

// The 8 digits of each 64-bit lane (first byte most significant), in the lane's low 32 bits.
__attribute__((target("avx2"))) inline __m256i eight_digits(__m256i v) {
  const __m256i digits = _mm256_sub_epi8(v, _mm256_set1_epi8('0'));
  const __m256i fours = _mm256_madd_epi16(_mm256_maddubs_epi16(digits, _mm256_set1_epi16(0x010A)),
                                          _mm256_set1_epi32(0x00010064));
  return _mm256_add_epi64(_mm256_mul_epu32(fours, _mm256_set1_epi64x(10000)), _mm256_srli_epi64(fours, 32));
}

// Non-zero lanes where a byte of v is not a digit (short_decimal_word's 64-bit sums, lane by lane).
__attribute__((target("avx2"))) inline __m256i not_all_digits(__m256i v) {
  return _mm256_and_si256(_mm256_or_si256(_mm256_add_epi64(v, _mm256_set1_epi64x(0x4646464646464646ll)),
                                          _mm256_sub_epi64(v, _mm256_set1_epi64x(0x3030303030303030ll))),
                          _mm256_set1_epi8(static_cast<char>(0x80)));
}

__attribute__((target("avx2"))) inline __m256i rotl32(__m256i x, int r) {
  return _mm256_or_si256(_mm256_slli_epi32(x, r), _mm256_srli_epi32(x, 32 - r));
}

// murmur3's constants, 8 lanes each.
struct MurmurLanes {
  __m256i c1, c2, add, f1, f2;
};

// murmur3's block scramble and its mix of a block into h (32-bit lanes).
__attribute__((target("avx2"))) inline __m256i murmur_scramble8(__m256i k, const MurmurLanes& m) {
  return _mm256_mullo_epi32(rotl32(_mm256_mullo_epi32(k, m.c1), 15), m.c2);
}
__attribute__((target("avx2"))) inline __m256i murmur_round8(__m256i h, const MurmurLanes& m) {
  const __m256i r = rotl32(h, 13);
  return _mm256_add_epi32(_mm256_add_epi32(_mm256_slli_epi32(r, 2), r), m.add);
}

__attribute__((target("avx2"))) bool finish_avx2(const FeatureWords& words, std::size_t count, uint32_t seed,
                                                 Feature* out, uint64_t& zeros) {
  const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi64x(1);
  const __m256i zero_chars = _mm256_set1_epi8('0');
  const __m256i low_dwords = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
  const __m256i seeds = _mm256_set1_epi32(static_cast<int>(seed));
  const __m256d ones = _mm256_set1_pd(1.0), all_lanes = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
  MurmurLanes m{_mm256_set1_epi32(static_cast<int>(0xcc9e2d51u)), _mm256_set1_epi32(0x1b873593),
                _mm256_set1_epi32(static_cast<int>(0xe6546b64u)), _mm256_set1_epi32(static_cast<int>(0x85ebca6bu)),
                _mm256_set1_epi32(static_cast<int>(0xc2b2ae35u))};
  // Opaque to the compiler: kept (in registers or on the stack) rather than
  // rebuilt from immediates in every round, three instructions each.
  asm("" : "+x"(m.c1), "+x"(m.c2), "+x"(m.add), "+x"(m.f1), "+x"(m.f2));
  __m256i bad = zero;
  uint64_t zero_bits = 0;
  for (std::size_t i = 0; i < count; i += 4) {
    // The value: its first byte (the lowest non-zero one) may be a sign; it
    // and the zero bytes below it become '0's.
    __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(words.value + i));
    const __m256i below_token = _mm256_cmpeq_epi8(v, zero);
    const __m256i token = _mm256_xor_si256(below_token, _mm256_set1_epi64x(-1));
    const __m256i lead_bit = _mm256_and_si256(token, _mm256_sub_epi64(zero, token));
    const __m256i lead = _mm256_sub_epi64(_mm256_slli_epi64(lead_bit, 8), lead_bit);  // the first byte's 8 bits
    const __m256i minus = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('-'));
    const __m256i signs = _mm256_or_si256(minus, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('+')));
    bad = _mm256_or_si256(bad, _mm256_andnot_si256(lead, signs));  // a sign past the first byte
    v = _mm256_or_si256(_mm256_andnot_si256(signs, v), _mm256_and_si256(_mm256_or_si256(signs, below_token), zero_chars));
    const __m256i positive = _mm256_cmpeq_epi64(_mm256_and_si256(minus, lead), zero);
    // The first '.' of each word (its lowest bit, the bits below it).
    const __m256i dots = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('.'));
    const __m256i lowest = _mm256_and_si256(dots, _mm256_sub_epi64(zero, dots));
    const __m256i below = _mm256_sub_epi64(lowest, one);  // all ones without a '.'
    const __m256i dot_at = _mm256_sad_epu8(_mm256_and_si256(below, _mm256_set1_epi8(1)), zero);  // 0..7, 8 without
    const __m256i no_dot = _mm256_cmpeq_epi64(dots, zero);
    // The bytes up to the '.' move up one, a '0' in front (words without a '.' stay).
    const __m256i up_to = _mm256_andnot_si256(no_dot, _mm256_sub_epi64(_mm256_slli_epi64(lowest, 8), one));
    v = _mm256_or_si256(_mm256_or_si256(_mm256_andnot_si256(up_to, v), _mm256_and_si256(_mm256_slli_epi64(v, 8), up_to)),
                        _mm256_andnot_si256(no_dot, _mm256_set1_epi64x(0x30)));
    bad = _mm256_or_si256(bad, not_all_digits(v));
    const __m128i integers = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(eight_digits(v), low_dwords));
    const __m128i dot_index = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(dot_at, low_dwords));
    // One correctly rounded division of exact doubles each, then float (the
    // masked gather: the plain one trips GCC 12's -Wmaybe-uninitialized).
    const __m256d quotient = _mm256_div_pd(_mm256_cvtepi32_pd(integers),
                                           _mm256_mask_i32gather_pd(ones, kDivisorByDot, dot_index, all_lanes, 8));
    const __m128 magnitude = _mm256_cvtpd_ps(quotient);
    zero_bits |= uint64_t{static_cast<uint32_t>(_mm_movemask_ps(_mm_cmpeq_ps(magnitude, _mm_setzero_ps())))} << i;
    const __m256i sign_bits = _mm256_andnot_si256(positive, _mm256_set1_epi64x(0x80000000ll));
    const __m128 value = _mm_xor_ps(
        magnitude, _mm_castsi128_ps(_mm256_castsi256_si128(_mm256_permutevar8x32_epi32(sign_bits, low_dwords))));

    // The name: n bytes, first lowest, zero bytes above (n = 0: the index is given).
    const __m256i name = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(words.name + i));
    const __m256i pad =  // 8 per zero byte: 64 for n = 0
        _mm256_slli_epi64(_mm256_sad_epu8(_mm256_and_si256(_mm256_cmpeq_epi8(name, zero), _mm256_set1_epi8(1)), zero), 3);
    const __m256i n = _mm256_sub_epi64(_mm256_set1_epi64x(8), _mm256_srli_epi64(pad, 3));
    // As a number: right-aligned, '0's in front.
    const __m256i as_number = _mm256_or_si256(_mm256_sllv_epi64(name, pad),
                                              _mm256_and_si256(_mm256_sub_epi64(_mm256_sllv_epi64(one, pad), one), zero_chars));
    const __m256i is_number = _mm256_cmpeq_epi64(not_all_digits(as_number), zero);
    const __m256i number = _mm256_add_epi32(eight_digits(as_number), seeds);
    // murmur3 of the n bytes (the low 32 bits of each lane): the first 4 a
    // block when n >= 4 (else the tail), the next 4 a block when n = 8 (else
    // the tail: a zero tail changes nothing), then n and fmix32.
    const __m256i first = _mm256_xor_si256(seeds, murmur_scramble8(name, m));
    __m256i h = _mm256_blendv_epi8(first, murmur_round8(first, m), _mm256_cmpgt_epi64(n, _mm256_set1_epi64x(3)));
    h = _mm256_xor_si256(h, murmur_scramble8(_mm256_srli_epi64(name, 32), m));
    h = _mm256_blendv_epi8(h, murmur_round8(h, m), _mm256_cmpeq_epi64(n, _mm256_set1_epi64x(8)));
    h = _mm256_xor_si256(h, n);
    h = _mm256_xor_si256(h, _mm256_srli_epi32(h, 16));
    h = _mm256_mullo_epi32(h, m.f1);
    h = _mm256_xor_si256(h, _mm256_srli_epi32(h, 13));
    h = _mm256_mullo_epi32(h, m.f2);
    h = _mm256_xor_si256(h, _mm256_srli_epi32(h, 16));
    __m256i index = _mm256_blendv_epi8(h, number, is_number);
    const __m256i given = _mm256_cvtepu32_epi64(_mm_loadu_si128(reinterpret_cast<const __m128i*>(words.index + i)));
    index = _mm256_blendv_epi8(index, given, _mm256_cmpeq_epi64(name, zero));
    const __m128 indices = _mm_castsi128_ps(_mm256_castsi256_si128(_mm256_permutevar8x32_epi32(index, low_dwords)));
    // (value, index) pairs.
    _mm_storeu_ps(reinterpret_cast<float*>(out + i), _mm_unpacklo_ps(value, indices));
    _mm_storeu_ps(reinterpret_cast<float*>(out + i + 2), _mm_unpackhi_ps(value, indices));
  }
  zeros = zero_bits;
  return _mm256_testz_si256(bad, bad) != 0;
}
#endif

}  // namespace

bool finish_feature_batch(const FeatureWords& words, std::size_t count, uint32_t seed, Feature* out, uint64_t& zeros) {
#if defined(LEARNER_FEATURE_BATCH_AVX2)
  if (cpu_has_avx2()) return finish_avx2(words, count, seed, out, zeros);
#endif
  return finish_feature_batch_portable(words, count, seed, out, zeros);
}

}  // namespace learner
