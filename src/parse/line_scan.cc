#include "line_scan.h"

#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace learner {
namespace {

struct Masks {
  uint64_t blank, colon, bar;
  bool control;  // a byte below 0x20 other than tab, or 0x7f
};

// The three bitmaps of 64 readable bytes at p.
inline Masks scan64(const char* p) {
#if defined(__SSE2__)
  const __m128i space = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t'), colon = _mm_set1_epi8(':'),
                bar = _mm_set1_epi8('|');
  const __m128i low = _mm_set1_epi8(0x1f), del = _mm_set1_epi8(0x7f);
  Masks m{0, 0, 0, false};
  __m128i control = _mm_setzero_si128();
  for (int k = 0; k < 4; ++k) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    const int shift = 16 * k;
    const __m128i is_tab = _mm_cmpeq_epi8(v, tab);
    // v <= 0x1f (unsigned) and not a tab, or 0x7f.
    control = _mm_or_si128(control, _mm_andnot_si128(is_tab, _mm_cmpeq_epi8(_mm_max_epu8(v, low), low)));
    control = _mm_or_si128(control, _mm_cmpeq_epi8(v, del));
    m.blank |= static_cast<uint64_t>(static_cast<uint16_t>(
                   _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, space), is_tab))))
               << shift;
    m.colon |= static_cast<uint64_t>(static_cast<uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, colon)))) << shift;
    m.bar |= static_cast<uint64_t>(static_cast<uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, bar)))) << shift;
  }
  m.control = _mm_movemask_epi8(control) != 0;
  return m;
#else
  Masks m{0, 0, 0, false};
  for (int i = 0; i < 64; ++i) {
    const char c = p[i];
    const auto u = static_cast<unsigned char>(c);
    m.control = m.control || (u < 0x20 && c != '\t') || u == 0x7f;
    m.blank |= static_cast<uint64_t>(c == ' ' || c == '\t') << i;
    m.colon |= static_cast<uint64_t>(c == ':') << i;
    m.bar |= static_cast<uint64_t>(c == '|') << i;
  }
  return m;
#endif
}

}  // namespace

void LineScan::scan(std::string_view line) {
  size_ = line.size();
  const std::size_t full = size_ / 64, rest = size_ % 64;
  const std::size_t n = full + (rest != 0);
  if (words_.size() < n) words_.resize(n);
  const char* p = line.data();
  bool control = false;
  for (std::size_t w = 0; w < full; ++w) {
    const Masks m = scan64(p + 64 * w);
    words_[w] = Word{m.blank, m.colon, m.bar};
    control |= m.control;
  }
  if (rest != 0) {
    char tail[64];  // padded with blanks (no colon, bar or control byte), masked off below
    std::memset(tail, ' ', sizeof tail);
    std::memcpy(tail, p + 64 * full, rest);
    const Masks m = scan64(tail);
    const uint64_t inside = (uint64_t{1} << rest) - 1;
    words_[full] = Word{m.blank & inside, m.colon, m.bar};
    control |= m.control;
  }
  control_ = control;
}

}  // namespace learner
