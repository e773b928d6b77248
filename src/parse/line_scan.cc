#include "line_scan.h"

#include <cstring>

#include "learner/cpu_features.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define LEARNER_SCAN_AVX2 1
#endif

namespace learner {
namespace {

struct Masks {
  uint32_t blank, colon, bar;
  bool control;  // a byte below 0x20 other than tab, or 0x7f
};

// The bitmaps of 16 readable bytes at p (bit i: byte i).
inline Masks scan16(const char* p) {
#if defined(__SSE2__)
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i is_tab = _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'));
  const __m128i low = _mm_set1_epi8(0x1f);
  // v <= 0x1f (unsigned) and not a tab, or 0x7f.
  const __m128i control = _mm_or_si128(_mm_andnot_si128(is_tab, _mm_cmpeq_epi8(_mm_max_epu8(v, low), low)),
                                       _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7f)));
  return Masks{static_cast<uint32_t>(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), is_tab))),
               static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(':')))),
               static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('|')))),
               _mm_movemask_epi8(control) != 0};
#else
  Masks m{0, 0, 0, false};
  for (int i = 0; i < 16; ++i) {
    const char c = p[i];
    const auto u = static_cast<unsigned char>(c);
    m.control = m.control || (u < 0x20 && c != '\t') || u == 0x7f;
    m.blank |= static_cast<uint32_t>(c == ' ' || c == '\t') << i;
    m.colon |= static_cast<uint32_t>(c == ':') << i;
    m.bar |= static_cast<uint32_t>(c == '|') << i;
  }
  return m;
#endif
}

#if defined(LEARNER_SCAN_AVX2)
// The whole 64-byte words of the line, 32 bytes a step (AVX2, on the CPUs
// that have it: the same bitmaps as scan16's, twice as fast). Returns the
// bytes scanned.
__attribute__((target("avx2"))) std::size_t scan_words_avx2(const char* p, std::size_t words, LineScan::Word* out,
                                                           bool& control) {
  const __m256i space = _mm256_set1_epi8(' '), tab = _mm256_set1_epi8('\t'), colon = _mm256_set1_epi8(':');
  const __m256i bar = _mm256_set1_epi8('|'), low = _mm256_set1_epi8(0x1f), del = _mm256_set1_epi8(0x7f);
  __m256i controls = _mm256_setzero_si256();
  for (std::size_t w = 0; w < words; ++w) {
    uint64_t blank_bits = 0, colon_bits = 0, bar_bits = 0;
    for (int half = 0; half < 2; ++half) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 64 * w + 32 * half));
      const __m256i is_tab = _mm256_cmpeq_epi8(v, tab);
      // v <= 0x1f (unsigned) and not a tab, or 0x7f.
      controls = _mm256_or_si256(
          controls, _mm256_or_si256(_mm256_andnot_si256(is_tab, _mm256_cmpeq_epi8(_mm256_max_epu8(v, low), low)),
                                    _mm256_cmpeq_epi8(v, del)));
      const unsigned shift = 32 * static_cast<unsigned>(half);
      blank_bits |= uint64_t{static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_or_si256(_mm256_cmpeq_epi8(v, space), is_tab)))}
                    << shift;
      colon_bits |= uint64_t{static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, colon)))} << shift;
      bar_bits |= uint64_t{static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, bar)))} << shift;
    }
    out[w] = LineScan::Word{blank_bits, colon_bits, bar_bits, blank_bits | bar_bits};
  }
  control = _mm256_movemask_epi8(controls) != 0;
  return 64 * words;
}
#endif

}  // namespace

void LineScan::scan(std::string_view line) {
  size_ = line.size();
  const std::size_t n = size_ / 64 + 1;  // and the bit of the end
  if (words_.size() < n) words_.resize(n);
  const char* p = line.data();
  const std::size_t chunks = size_ / 16, rest = size_ % 16;
  bool control = false;
  uint64_t blank = 0, colon = 0, bar = 0;
  std::size_t first_chunk = 0;  // the chunks before it are in words_ already
#if defined(LEARNER_SCAN_AVX2)
  if (size_ >= 64 && cpu_has_avx2()) first_chunk = scan_words_avx2(p, size_ / 64, words_.data(), control) / 16;
#endif
  // Chunk c fills bits 16 (c mod 4) of word c / 4.
  for (std::size_t c = first_chunk; c < chunks; ++c) {
    const Masks m = scan16(p + 16 * c);
    const unsigned shift = 16 * (c & 3);
    blank |= uint64_t{m.blank} << shift;
    colon |= uint64_t{m.colon} << shift;
    bar |= uint64_t{m.bar} << shift;
    control |= m.control;
    if ((c & 3) == 3) {
      words_[c >> 2] = Word{blank, colon, bar, blank | bar};
      blank = colon = bar = 0;
    }
  }
  if (rest != 0) {
    // The last `rest` bytes: the 16 bytes ending at the line's end when the
    // line has them (their first 16 - rest bytes, scanned already, shifted
    // out), else a blank-padded copy (padding masked off).
    Masks m;
    if (size_ >= 16) {
      m = scan16(p + size_ - 16);
      m.blank >>= 16 - rest;
      m.colon >>= 16 - rest;
      m.bar >>= 16 - rest;
    } else {
      char tail[16];
      std::memset(tail, ' ', sizeof tail);
      std::memcpy(tail, p, rest);
      m = scan16(tail);
      m.blank &= (1u << rest) - 1;
    }
    const unsigned shift = 16 * (chunks & 3);
    blank |= uint64_t{m.blank} << shift;
    colon |= uint64_t{m.colon} << shift;
    bar |= uint64_t{m.bar} << shift;
    control |= m.control;
  }
  words_[size_ / 64] = Word{blank, colon, bar, blank | bar | (uint64_t{1} << (size_ % 64))};
  control_ = control;
}

}  // namespace learner
