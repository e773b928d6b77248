// One namespace of a VW line: its header (name and weight) and its features.
#include <cmath>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "learner/error.h"
#include "learner/parse/hash.h"
#include "learner/parse/number.h"
#include "learner/parse/parse_detail.h"

namespace learner {
namespace {

// Next blank-separated token from s[i]; `colon` gets the offset of its first
// ':' in the token, or npos.
// Scans 16 bytes at a time (SSE2, part of x86-64) for the token's end and
// its first ':' while at least 16 bytes remain in the segment; the rest
// byte by byte, so nothing past the segment is read.
std::string_view next_token(std::string_view s, std::size_t& i, std::size_t& colon) {
  const char* p = s.data() + i;
  const char* const end = s.data() + s.size();
  while (p < end && is_blank(*p)) ++p;
  const char* const start = p;
  const char* first_colon = nullptr;
#if defined(__SSE2__)
  const __m128i space = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t'), colon_char = _mm_set1_epi8(':');
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const unsigned blanks = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, space), _mm_cmpeq_epi8(v, tab))));
    unsigned colons = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, colon_char)));
    if (blanks != 0) {
      const int k = __builtin_ctz(blanks);
      colons &= (1u << k) - 1u;
      if (first_colon == nullptr && colons != 0) first_colon = p + __builtin_ctz(colons);
      p += k;
      goto done;
    }
    if (first_colon == nullptr && colons != 0) first_colon = p + __builtin_ctz(colons);
    p += 16;
  }
#endif
  while (p < end) {
    const char c = *p;
    if (c == ' ' || c == '\t') break;
    if (c == ':' && first_colon == nullptr) first_colon = p;
    ++p;
  }
#if defined(__SSE2__)
done:
#endif
  colon = first_colon ? static_cast<std::size_t>(first_colon - start) : std::string_view::npos;
  i = static_cast<std::size_t>(p - s.data());
  return std::string_view(start, static_cast<std::size_t>(p - start));
}

void add_name(Example& ex, std::string_view ns, std::string_view feature, std::string_view string_value) {
  std::string& name = ex.names.emplace_back();
  name.reserve(ns.size() + feature.size() + string_value.size() + 2);
  if (!ns.empty()) name.append(ns).append(1, '^');  // VW prints no "^" for the default namespace
  name.append(feature);
  if (!string_value.empty()) name.append(1, '^').append(string_value);
}

}  // namespace

void parse_namespace(std::string_view segment, const ParseOptions& options, Example& ex, const LineContext& ctx) {
  std::size_t i = 0;
  std::string_view name;
  float weight = 1.0f;
  if (!segment.empty() && !is_blank(segment[0])) {
    std::size_t colon;
    std::string_view header = next_token(segment, i, colon);
    name = header.substr(0, colon);
    if (name.empty()) ctx.fail("namespace weight without a namespace name", header);
    if (colon != std::string_view::npos) {
      std::string_view text = header.substr(colon + 1);
      NumberStatus status = parse_number(text, weight);
      if (status == NumberStatus::kNonFinite) ctx.fail("namespace weight is not a finite number", header);
      if (status == NumberStatus::kOverflow) ctx.fail(std::string("namespace weight ") + kOverflowReason, header);
      if (status != NumberStatus::kOk) ctx.fail("malformed namespace weight", header);
    }
  }
  const uint32_t ns_hash = hash_namespace(name, options.hash_seed, options.hash_all);
  const auto begin = static_cast<uint32_t>(ex.features.size());
  uint32_t anonymous = 0;  // VW counts ':value' features from 0 in each namespace

  for (;;) {
    std::size_t colon;
    std::string_view token = next_token(segment, i, colon);
    if (token.empty()) break;
    std::string_view feature = token.substr(0, colon);
    float value = 1.0f;
    uint32_t index;
    std::string_view string_value;
    if (colon == std::string_view::npos) {
      index = hash_feature(feature, ns_hash, options.hash_all);
    } else {
      std::string_view text = token.substr(feature.size() + 1);
      if (text.empty()) ctx.fail(feature.empty() ? "empty feature" : "missing feature value after ':'", token);
      switch (parse_number(text, value)) {
        case NumberStatus::kOk:
          index = feature.empty() ? ns_hash + anonymous++ : hash_feature(feature, ns_hash, options.hash_all);
          break;
        case NumberStatus::kNotANumber:  // name:string, chain-hashed, value 1
          string_value = text;
          value = 1.0f;
          index = hash_feature(text, hash_feature(feature, ns_hash, options.hash_all), options.hash_all);
          break;
        case NumberStatus::kNonFinite:
          ctx.fail("feature value is not a finite number", token);
        case NumberStatus::kOverflow:
          ctx.fail(std::string("feature value ") + kOverflowReason, token);
        default:
          ctx.fail("malformed feature value", token);
      }
    }
    if (string_value.empty()) value *= weight;  // VW: a string value's feature keeps value 1
    if (!std::isfinite(value)) ctx.fail(std::string("feature value times the namespace weight ") + kOverflowReason, token);
    if (value == 0.0f) continue;  // VW drops value-0 features
    ex.features.push_back(Feature{value, index});
    if (options.keep_names) add_name(ex, name, feature, string_value);
    if (options.keep_tokens) {
      ex.tokens.append(feature);
      ex.token_ends.push_back(static_cast<uint32_t>(ex.tokens.size()));
    }
  }

  NamespaceSpan& span = ex.namespaces.emplace_back();
  span.name.assign(name);
  span.first = name.empty() ? ' ' : name[0];
  span.hash = ns_hash;
  span.begin = begin;
  span.end = static_cast<uint32_t>(ex.features.size());
}

}  // namespace learner
