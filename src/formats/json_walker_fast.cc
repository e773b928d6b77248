// JsonWalker::body_fast: the common --json example on simdjson's On-Demand
// API (json_walker.h). Every value is read (On-Demand checks only what is
// read), so a document accepted here is one the DOM parser accepts, with the
// same values: numbers through get_double (the DOM's INT64 and UINT64 read as
// doubles round the same way; numbers of 20 characters or more and a label
// of -0, an integer 0 for the DOM, are left to the DOM),
// strings unescaped, literals checked, nothing after the root object.
#include <cmath>
#include <string_view>
#include <utility>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "json_walker.h"
#include "label_text.h"
#include "learner/parse/hash_inline.h"

namespace learner {
namespace {

namespace od = simdjson::ondemand;

// A key read in place: the bytes between its quotes, found back from its value (On-Demand has
// checked the ':' between them); false for a key holding a backslash (an escape, left to the
// DOM). No loop over the key's bytes: a loop ending at the closing quote mispredicted its exit
// on most keys (their lengths vary), about one branch miss a member. The buffer is padded
// (SIMDJSON_PADDING bytes after the line), so 16 bytes from the key's start can be read.
inline bool raw_key(od::field& field, std::string_view& key) {
  const char* start = field.key().raw();
  const char* end = field.value().raw_json_token().data() - 1;
  while (*end != ':') --end;
  --end;
  while (*end != '"') --end;
  const auto n = static_cast<std::size_t>(end - start);
  key = std::string_view(start, n);
#if defined(__SSE2__)
  if (n <= 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(start));
    const unsigned slashes = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'))));
    return (slashes & ((1u << n) - 1u)) == 0;
  }
#endif
  return key.find('\\') == std::string_view::npos;
}

// A number as the DOM's get_double() reads it; false where the two may differ: a token of 20
// characters or more (simdjson 3.0.1's On-Demand get_double misreads a float of more than 19
// digits, e.g. 0.12345678901234567890123 as 4.8e-05; an integer of 20 digits is beyond 64 bits
// for the DOM). The raw token runs to the next structural character: blanks count.
inline bool fast_number(od::value& value, double& d) {
  if (value.raw_json_token().size() >= 20) return false;
  return !value.get_double().get(d);
}

}  // namespace

bool JsonWalker::body_fast(od::object body) {
  open("", " ");
  try {
    if (!members_fast(body, 1)) return false;
  } catch (...) {  // the DOM walk meets the same condition and reports it
    return false;
  }
  close();
  return true;
}

bool JsonWalker::members_fast(od::object object, int depth) {
  for (auto result : object) {
    od::field field;
    if (std::move(result).get(field)) return false;
    std::string_view key;
    if (!raw_key(field, key)) return false;
    od::value& value = field.value();
    od::json_type type;
    if (value.type().get(type)) return false;
    if (!key.empty() && key[0] == '_') {
      if (key == "_text") {
        std::string_view words;
        if (type != od::json_type::string || value.get_string().get(words)) return false;
        text(words);
      } else if (key == "_label") {
        double d;
        if (type != od::json_type::number || pending_.label_key || pending_.any || !fast_number(value, d)) return false;
        if (d == 0.0 && std::signbit(d)) return false;
        pending_.label_key = true;
        label_from_number(d, options_, *ex_, *ctx_, label_scratch_);  // an error: the DOM walk reports it
      } else {
        return false;
      }
      continue;
    }
    switch (type) {
      case od::json_type::number: {
        double d;
        if (!fast_number(value, d)) return false;
        const float f = static_cast<float>(d);
        if (!std::isfinite(f)) return false;
        if (f != 0.0f) add(f, hash_feature_inline(key, open_.back().hash, options_.hash_all), key, {});
        break;
      }
      case od::json_type::boolean: {
        bool b;
        if (value.get_bool().get(b)) return false;
        if (b) add(1.0f, hash_feature_inline(key, open_.back().hash, options_.hash_all), key, {});
        break;
      }
      case od::json_type::string: {
        std::string_view s;
        if (value.get_string().get(s)) return false;
        string_feature(key, s);
        break;
      }
      case od::json_type::null: {
        bool null;
        if (value.is_null().get(null) || !null) return false;
        break;
      }
      case od::json_type::object: {
        od::object inner;
        if (depth >= kFastDepth || value.get_object().get(inner)) return false;
        open(key, key);
        if (!members_fast(inner, depth + 1)) return false;
        close();
        break;
      }
      default:  // arrays
        return false;
    }
  }
  return true;
}

}  // namespace learner
