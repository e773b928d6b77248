#include "learner/parse/line_bytes.h"

#include <cstring>
#include <string>

#include "learner/cpu_features.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define LEARNER_LINE_BYTES_AVX2 1
#endif

namespace learner {
namespace {

// Bytes below 0x20 other than tab, and DEL. Bytes >= 0x80 (UTF-8) are fine.
inline bool is_control(unsigned char c) { return (c < 0x20 && c != '\t') || c == 0x7f; }

#if defined(LEARNER_LINE_BYTES_AVX2)
// any_control_byte of a line of 32 bytes or more, 32 bytes a step (AVX2, on
// the CPUs that have it), the last step over the line's last 32 bytes.
__attribute__((target("avx2"))) bool any_control_byte_avx2(const unsigned char* p, std::size_t n) {
  const __m256i tab = _mm256_set1_epi8('\t'), low = _mm256_set1_epi8(0x1f), del = _mm256_set1_epi8(0x7f);
  const auto control = [&](std::size_t at) __attribute__((target("avx2"))) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + at));
    // v <= 0x1f (unsigned) and not a tab, or 0x7f.
    return _mm256_or_si256(_mm256_andnot_si256(_mm256_cmpeq_epi8(v, tab), _mm256_cmpeq_epi8(_mm256_max_epu8(v, low), low)),
                           _mm256_cmpeq_epi8(v, del));
  };
  __m256i seen = _mm256_setzero_si256();
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) seen = _mm256_or_si256(seen, control(i));
  if (i < n) seen = _mm256_or_si256(seen, control(n - 32));
  return _mm256_movemask_epi8(seen) != 0;
}
#endif

// Whether any byte of the line is_control: 32 bytes a step with AVX2, else
// 16 bytes a step (SSE2; GCC did not vectorise the plain loop, 1.9
// instructions a byte on JSON lines), a line of 16 bytes or more ending on a
// step over its last 16 bytes (overlapping the one before: no byte loop,
// which GCC unrolled into ~300 instructions for the 0-15 bytes left); a
// shorter line one byte at a time. Nothing past the line is read.
bool any_control_byte(std::string_view line) {
  const auto* p = reinterpret_cast<const unsigned char*>(line.data());
  const std::size_t n = line.size();
  std::size_t i = 0;
#if defined(LEARNER_LINE_BYTES_AVX2)
  if (n >= 32 && cpu_has_avx2()) return any_control_byte_avx2(p, n);
#endif
#if defined(__SSE2__)
  if (n >= 16) {
    // Unsigned c < 0x20 as a signed compare of c ^ 0x80 with 0x20 ^ 0x80.
    const __m128i flip = _mm_set1_epi8(static_cast<char>(0x80));
    const __m128i below = _mm_set1_epi8(static_cast<char>(0x20 ^ 0x80));
    const __m128i tab = _mm_set1_epi8('\t');
    const __m128i del = _mm_set1_epi8(0x7f);
    const auto control = [&](std::size_t at) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at));
      const __m128i low = _mm_andnot_si128(_mm_cmpeq_epi8(v, tab), _mm_cmplt_epi8(_mm_xor_si128(v, flip), below));
      return _mm_or_si128(low, _mm_cmpeq_epi8(v, del));
    };
    __m128i seen = _mm_setzero_si128();
    for (; i + 16 <= n; i += 16) seen = _mm_or_si128(seen, control(i));
    if (i < n) seen = _mm_or_si128(seen, control(n - 16));
    return _mm_movemask_epi8(seen) != 0;
  }
#endif
  unsigned char bad = 0;
  for (; i < n; ++i) bad |= static_cast<unsigned char>(is_control(p[i]));
  return bad != 0;
}

}  // namespace

std::string_view without_bom(std::string_view line) {
  if (line.size() >= 3 && std::memcmp(line.data(), "\xEF\xBB\xBF", 3) == 0) line.remove_prefix(3);
  return line;
}

void reject_control_bytes(std::string_view line, const LineContext& ctx) {
  // One vectorised pass; locate the byte only on error.
  if (!any_control_byte(line)) return;
  if (const std::size_t nul = line.find('\0'); nul != std::string_view::npos)
    throw BinaryData(ctx.file, ctx.line,
                     "NUL byte at column " + std::to_string(nul + 1) + ": binary data, not text (--lenient does not skip it)",
                     "\\x00");
  for (std::size_t i = 0; i < line.size(); ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (is_control(c)) {
      static const char* hex = "0123456789abcdef";
      const char shown[] = {'\\', 'x', hex[c >> 4], hex[c & 15], '\0'};
      ctx.fail("control byte at column " + std::to_string(i + 1) + " (binary data?)", shown);
    }
  }
}

}  // namespace learner
