// accumulate_default_lanes (default_rule_lanes.h): eight slots a step,
// loaded whole (16 bytes each) and transposed into w, G, s and rate vectors,
// every lane the scalar step's operations, transposed back and stored whole;
// the sums added serially in feature order.
#include "learner/learners/gd/default_rule_lanes.h"

#include <immintrin.h>

#include "learner/cpu_features.h"

namespace learner {
namespace {

// No fused multiply-add: GCC is told so; clang has no optimize attribute and,
// without the FMA extension in the target, has no fused instruction to contract into.
#if defined(__clang__)
#define LEARNER_LANES_TARGET __attribute__((target("avx2")))
#else
#define LEARNER_LANES_TARGET __attribute__((target("avx2"), optimize("fp-contract=off")))
#endif

// Whether two of the eight slot offsets are equal (each pair is some lane
// and the lane 1..4 places after it, cyclically).
LEARNER_LANES_TARGET inline bool lanes_repeat_slot(__m256i off) {
  __m256i same = _mm256_setzero_si256();
  for (int k = 1; k <= 4; ++k) {
    const __m256i rotate = _mm256_setr_epi32(k & 7, (1 + k) & 7, (2 + k) & 7, (3 + k) & 7, (4 + k) & 7, (5 + k) & 7,
                                             (6 + k) & 7, (7 + k) & 7);
    same = _mm256_or_si256(same, _mm256_cmpeq_epi32(off, _mm256_permutevar8x32_epi32(off, rotate)));
  }
  return !_mm256_testz_si256(same, same);
}

// Lane order of a step's vectors: features 0, 2, 4, 6 in the low half, 1, 3, 5, 7 in the high.
constexpr int kLaneOf[8] = {0, 4, 1, 5, 2, 6, 3, 7};

}  // namespace

bool default_rule_lanes_available() { return cpu_has_avx2(); }

LEARNER_LANES_TARGET void accumulate_default_lanes(float* table, uint32_t mask, const Feature* features,
                                                   std::size_t n, float g2f, float& sens, float& norm) {
  const __m256 g2 = _mm256_set1_ps(g2f);
  const __m256 min_x2 = _mm256_set1_ps(FLT_MIN), max_f = _mm256_set1_ps(FLT_MAX);
  const __m256 min_s = _mm256_set1_ps(kDefaultMinS), max_rate = _mm256_set1_ps(kDefaultMaxRate);
  const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f);
  const __m256 abs_bits = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
  alignas(32) float s_terms[8], n_terms[8];
  float se = sens, no = norm;
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const Feature* f = features + i;
    float* p[8];
    for (int j = 0; j < 8; ++j) p[j] = table + std::size_t{f[j].index & mask} * 4;
    const __m256i off = _mm256_setr_epi32(
        static_cast<int>(f[0].index & mask), static_cast<int>(f[1].index & mask), static_cast<int>(f[2].index & mask),
        static_cast<int>(f[3].index & mask), static_cast<int>(f[4].index & mask), static_cast<int>(f[5].index & mask),
        static_cast<int>(f[6].index & mask), static_cast<int>(f[7].index & mask));
    if (lanes_repeat_slot(off)) {
      for (int j = 0; j < 8; ++j) default_rate_step(p[j], f[j].value, g2f, se, no);
      continue;
    }
    // Slots (0 | 1), (2 | 3), (4 | 5), (6 | 7) -> w, G, s of lanes (0 2 4 6 | 1 3 5 7).
    const __m256 r01 = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(p[0])), _mm_loadu_ps(p[1]), 1);
    const __m256 r23 = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(p[2])), _mm_loadu_ps(p[3]), 1);
    const __m256 r45 = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(p[4])), _mm_loadu_ps(p[5]), 1);
    const __m256 r67 = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(p[6])), _mm_loadu_ps(p[7]), 1);
    const __m256 t0 = _mm256_unpacklo_ps(r01, r23), t1 = _mm256_unpackhi_ps(r01, r23);
    const __m256 t2 = _mm256_unpacklo_ps(r45, r67), t3 = _mm256_unpackhi_ps(r45, r67);
    __m256 w0 = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0));
    __m256 w1 = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2));
    __m256 w2 = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0));
    const __m256 x = _mm256_setr_ps(f[0].value, f[2].value, f[4].value, f[6].value, f[1].value, f[3].value,
                                    f[5].value, f[7].value);
    // x2 = clamp(x x, FLT_MIN, FLT_MAX) = min(max(v, lo), hi), std::max(v, lo) = v < lo ? lo : v.
    __m256 x2 = _mm256_mul_ps(x, x);
    x2 = _mm256_blendv_ps(x2, min_x2, _mm256_cmp_ps(x2, min_x2, _CMP_LT_OQ));
    x2 = _mm256_blendv_ps(x2, max_f, _mm256_cmp_ps(max_f, x2, _CMP_LT_OQ));
    // G = min(G + g2 x2, FLT_MAX)
    w1 = _mm256_add_ps(w1, _mm256_mul_ps(g2, x2));
    w1 = _mm256_blendv_ps(w1, max_f, _mm256_cmp_ps(max_f, w1, _CMP_LT_OQ));
    const __m256 ax = _mm256_and_ps(x, abs_bits);
    const __m256 grows = _mm256_cmp_ps(ax, w2, _CMP_GT_OQ);
    const __m256 rescale = _mm256_and_ps(grows, _mm256_cmp_ps(w2, zero, _CMP_GT_OQ));
    if (!_mm256_testz_ps(rescale, rescale)) w0 = _mm256_blendv_ps(w0, _mm256_mul_ps(w0, _mm256_div_ps(w2, ax)), rescale);
    w2 = _mm256_blendv_ps(w2, ax, grows);
    const __m256 s = _mm256_blendv_ps(w2, min_s, _mm256_cmp_ps(w2, min_s, _CMP_LT_OQ));
    const __m256 learned = _mm256_cmp_ps(w1, zero, _CMP_GT_OQ);
    __m256 rate = _mm256_div_ps(one, _mm256_mul_ps(_mm256_sqrt_ps(w1), s));
    rate = _mm256_blendv_ps(rate, max_rate, _mm256_cmp_ps(max_rate, rate, _CMP_LT_OQ));
    rate = _mm256_and_ps(rate, learned);  // 0 where G is not positive
    const __m256 xr = _mm256_mul_ps(x2, rate);
    __m256 norm_terms = _mm256_mul_ps(xr, _mm256_mul_ps(rate, w1));
    const int learned_bits = _mm256_movemask_ps(learned);
    if (learned_bits != 0xff)
      norm_terms = _mm256_blendv_ps(_mm256_div_ps(x2, _mm256_mul_ps(s, s)), norm_terms, learned);
    _mm256_store_ps(s_terms, xr);
    _mm256_store_ps(n_terms, norm_terms);
    // Back to slots: (w, G, s, rate) of lanes (0 | 1), (2 | 3), (4 | 5), (6 | 7).
    const __m256 u0 = _mm256_unpacklo_ps(w0, w1), u1 = _mm256_unpackhi_ps(w0, w1);
    const __m256 u2 = _mm256_unpacklo_ps(w2, rate), u3 = _mm256_unpackhi_ps(w2, rate);
    const __m256 q01 = _mm256_shuffle_ps(u0, u2, _MM_SHUFFLE(1, 0, 1, 0));
    const __m256 q23 = _mm256_shuffle_ps(u0, u2, _MM_SHUFFLE(3, 2, 3, 2));
    const __m256 q45 = _mm256_shuffle_ps(u1, u3, _MM_SHUFFLE(1, 0, 1, 0));
    const __m256 q67 = _mm256_shuffle_ps(u1, u3, _MM_SHUFFLE(3, 2, 3, 2));
    _mm_storeu_ps(p[0], _mm256_castps256_ps128(q01));
    _mm_storeu_ps(p[1], _mm256_extractf128_ps(q01, 1));
    _mm_storeu_ps(p[2], _mm256_castps256_ps128(q23));
    _mm_storeu_ps(p[3], _mm256_extractf128_ps(q23, 1));
    _mm_storeu_ps(p[4], _mm256_castps256_ps128(q45));
    _mm_storeu_ps(p[5], _mm256_extractf128_ps(q45, 1));
    _mm_storeu_ps(p[6], _mm256_castps256_ps128(q67));
    _mm_storeu_ps(p[7], _mm256_extractf128_ps(q67, 1));
    for (int j = 0; j < 8; ++j) {  // the scalar loop's order; a slot with G <= 0 adds nothing to sens
      const int lane = kLaneOf[j];
      if (learned_bits >> lane & 1) se += s_terms[lane];
      no += n_terms[lane];
    }
  }
  for (; i < n; ++i) default_rate_step(table + std::size_t{features[i].index & mask} * 4, features[i].value, g2f, se, no);
  sens = se;
  norm = no;
}

}  // namespace learner
