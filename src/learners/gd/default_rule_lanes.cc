// AVX-512 kernels of the default rule (default_rule_lanes.h): up to sixteen
// features a step, gathers and scatters on the 4-float slots, every lane the
// scalar step's operations, the sums added serially in feature order. A step
// takes the features from the next one up to (not including) the first whose
// slot an earlier one of the step has, so a repeated word costs a shorter
// step, not a serial block; the last step is masked (no scalar tail).
#include "learner/learners/gd/default_rule_lanes.h"

// GCC 12 warns of its own _mm512_undefined_* placeholders inside the intrinsics.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

namespace learner {
namespace {

constexpr std::size_t kRuleLanes = 16;

#define LEARNER_LANES_TARGET __attribute__((target("avx512f,avx512cd"), optimize("fp-contract=off")))

// Values and slot offsets (in floats: (index & mask) * 4) of a step's features.
struct LaneBlock {
  __m512 x;
  __m512i off;
};

// Lanes [0, k) as a mask (k <= 16).
inline __mmask16 first_lanes(std::size_t k) { return static_cast<__mmask16>(k >= 16 ? 0xffffu : (1u << k) - 1); }

// Features [0, live) (live <= 16; nothing past them is read; the other lanes are 0).
LEARNER_LANES_TARGET inline LaneBlock load_lane_block(const Feature* f, std::size_t live, __m512i mask) {
  static_assert(sizeof(Feature) == 8 && offsetof(Feature, value) == 0 && offsetof(Feature, index) == 4);
  const __m512i lo = _mm512_maskz_loadu_epi32(first_lanes(std::min<std::size_t>(live, 8) * 2), f);
  const __m512i hi = _mm512_maskz_loadu_epi32(first_lanes(live > 8 ? (live - 8) * 2 : 0), f + 8);
  const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
  const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
  const __m512 x = _mm512_castsi512_ps(_mm512_permutex2var_epi32(lo, even, hi));
  const __m512i index = _mm512_and_si512(_mm512_permutex2var_epi32(lo, odd, hi), mask);
  return {x, _mm512_slli_epi32(index, 2)};
}

// How many of lanes [0, live), from lane 0, have slots that no earlier lane
// has (at least 1): the lanes one step may update at once.
LEARNER_LANES_TARGET inline std::size_t distinct_lanes(__m512i off, std::size_t live) {
  const __m512i c = _mm512_conflict_epi32(off);
  const unsigned shared = _mm512_test_epi32_mask(c, c);
  const std::size_t first = shared ? static_cast<std::size_t>(__builtin_ctz(shared)) : kRuleLanes;
  return std::min(first, live);
}

// One half (eight lanes) in double: float(w + (step rate) x), the scalar expression's order.
LEARNER_LANES_TARGET inline __m256 lanes_half(__m512d step, __m256 w, __m256 r, __m256 x) {
  const __m512d t = _mm512_mul_pd(_mm512_mul_pd(step, _mm512_cvtps_pd(r)), _mm512_cvtps_pd(x));
  return _mm512_cvtpd_ps(_mm512_add_pd(_mm512_cvtps_pd(w), t));
}

// Lanes 8..15 of v.
LEARNER_LANES_TARGET inline __m256 lanes_high(__m512 v) {
  return _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1));
}

}  // namespace

bool default_rule_lanes_available() {
  static const bool ok = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd");
  return ok;
}

LEARNER_LANES_TARGET void accumulate_default_lanes(float* table, uint32_t mask, const Feature* features,
                                                   std::size_t n, float g2f, float& sens, float& norm) {
  const __m512i vmask = _mm512_set1_epi32(static_cast<int>(mask));
  const __m512 g2 = _mm512_set1_ps(g2f);
  const __m512 min_x2 = _mm512_set1_ps(FLT_MIN), max_f = _mm512_set1_ps(FLT_MAX);
  const __m512 min_s = _mm512_set1_ps(kDefaultMinS), max_rate = _mm512_set1_ps(kDefaultMaxRate);
  const __m512 zero = _mm512_setzero_ps(), one = _mm512_set1_ps(1.0f);
  const __m512i abs_bits = _mm512_set1_epi32(0x7fffffff);
  float s_terms[kRuleLanes], n_terms[kRuleLanes];
  float se = sens, no = norm;
  for (std::size_t i = 0; i < n;) {
    const LaneBlock b = load_lane_block(features + i, std::min(n - i, kRuleLanes), vmask);
    const std::size_t k = distinct_lanes(b.off, std::min(n - i, kRuleLanes));
    const __mmask16 live = first_lanes(k);
    __m512 w0 = _mm512_mask_i32gather_ps(zero, live, b.off, table, 4);
    __m512 w1 = _mm512_mask_i32gather_ps(zero, live, b.off, table + 1, 4);
    __m512 w2 = _mm512_mask_i32gather_ps(zero, live, b.off, table + 2, 4);
    // x2 = clamp(x x, FLT_MIN, FLT_MAX) = min(max(v, lo), hi), std::max(v, lo) = v < lo ? lo : v.
    __m512 x2 = _mm512_mul_ps(b.x, b.x);
    x2 = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x2, min_x2, _CMP_LT_OQ), x2, min_x2);
    x2 = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(max_f, x2, _CMP_LT_OQ), x2, max_f);
    // G = min(G + g2 x2, FLT_MAX)
    w1 = _mm512_add_ps(w1, _mm512_mul_ps(g2, x2));
    w1 = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(max_f, w1, _CMP_LT_OQ), w1, max_f);
    const __m512 ax = _mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(b.x), abs_bits));
    const __mmask16 grows = _mm512_cmp_ps_mask(ax, w2, _CMP_GT_OQ);
    const __mmask16 rescale = grows & _mm512_cmp_ps_mask(w2, zero, _CMP_GT_OQ);
    w0 = _mm512_mask_mul_ps(w0, rescale, w0, _mm512_div_ps(w2, ax));
    w2 = _mm512_mask_blend_ps(grows, w2, ax);
    const __m512 s = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(w2, min_s, _CMP_LT_OQ), w2, min_s);
    const __mmask16 learned = _mm512_cmp_ps_mask(w1, zero, _CMP_GT_OQ);
    __m512 rate = _mm512_div_ps(one, _mm512_mul_ps(_mm512_sqrt_ps(w1), s));
    rate = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(max_rate, rate, _CMP_LT_OQ), rate, max_rate);
    rate = _mm512_mask_blend_ps(learned, zero, rate);
    const __m512 xr = _mm512_mul_ps(x2, rate);
    const __m512 norm_learned = _mm512_mul_ps(xr, _mm512_mul_ps(rate, w1));
    const __m512 norm_fresh = _mm512_div_ps(x2, _mm512_mul_ps(s, s));
    _mm512_storeu_ps(s_terms, xr);
    _mm512_storeu_ps(n_terms, _mm512_mask_blend_ps(learned, norm_fresh, norm_learned));
    _mm512_mask_i32scatter_ps(table, live, b.off, w0, 4);
    _mm512_mask_i32scatter_ps(table + 1, live, b.off, w1, 4);
    _mm512_mask_i32scatter_ps(table + 2, live, b.off, w2, 4);
    _mm512_mask_i32scatter_ps(table + 3, live, b.off, rate, 4);
    for (std::size_t j = 0; j < k; ++j) {  // the scalar loop's order; a fresh slot adds nothing to sens
      if (learned >> j & 1) se += s_terms[j];
      no += n_terms[j];
    }
    i += k;
  }
  sens = se;
  norm = no;
}

LEARNER_LANES_TARGET uint64_t add_linear_lanes(float* table, uint32_t mask, const Feature* features, std::size_t n,
                                               double step) {
  const __m512i vmask = _mm512_set1_epi32(static_cast<int>(mask));
  const __m512d vstep = _mm512_set1_pd(step);
  const __m512i exp_bits = _mm512_set1_epi32(0x7f800000);
  const __m512 zero = _mm512_setzero_ps();
  uint64_t not_finite = 0;
  for (std::size_t i = 0; i < n;) {
    const LaneBlock b = load_lane_block(features + i, std::min(n - i, kRuleLanes), vmask);
    const std::size_t k = distinct_lanes(b.off, std::min(n - i, kRuleLanes));
    const __mmask16 live = first_lanes(k);
    const __m512 w0 = _mm512_mask_i32gather_ps(zero, live, b.off, table, 4);
    const __m512 w3 = _mm512_mask_i32gather_ps(zero, live, b.off, table + 3, 4);
    const __m256 lo = lanes_half(vstep, _mm512_castps512_ps256(w0), _mm512_castps512_ps256(w3), _mm512_castps512_ps256(b.x));
    const __m256 hi = lanes_half(vstep, lanes_high(w0), lanes_high(w3), lanes_high(b.x));
    const __m512 v = _mm512_castpd_ps(
        _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(lo)), _mm256_castps_pd(hi), 1));
    // A non-finite value is not written, and counted.
    const __mmask16 finite =
        _mm512_mask_cmp_epi32_mask(live, _mm512_and_si512(_mm512_castps_si512(v), exp_bits), exp_bits, _MM_CMPINT_NE);
    _mm512_mask_i32scatter_ps(table, finite, b.off, v, 4);
    not_finite += static_cast<unsigned>(__builtin_popcount(static_cast<unsigned>(live & ~finite)));
    i += k;
  }
  return not_finite;
}

}  // namespace learner

#pragma GCC diagnostic pop
