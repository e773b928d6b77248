// One namespace of a VW line: its header (name and weight) and its features,
// walked token by token on the line's separator bitmaps (line_scan.h). A
// feature's bytes are read once more after the scan, to hash its name and
// read its value; nothing is copied unless names or tokens are asked for.
#include "namespace_parser.h"

#include <cmath>

#include "learner/error.h"
#include "learner/parse/hash.h"
#include "learner/parse/hash_inline.h"
#include "learner/parse/number.h"
#include "number_inline.h"
#include "plain_features.h"

namespace learner {
namespace {

// hash_namespace(name, seed, hash_all) for names of up to 8 bytes, remembered:
// a data set has few namespaces and every line names them again. 32 entries,
// direct-mapped on the name's bytes, per thread.
struct NamespaceHashes {
  struct Entry {
    uint64_t key = 0;
    uint32_t seed = 0, hash = 0;
    uint8_t size = 0;
    bool hash_all = false, valid = false;
  };
  Entry entries[32];

  uint32_t get(std::string_view name, uint32_t seed, bool hash_all) {
    if (name.size() > 8) return hash_namespace(name, seed, hash_all);
    const uint64_t key = name.empty() ? 0 : detail::load_short(name.data(), name.size());
    Entry& e = entries[((key ^ name.size()) * 0x9E3779B97F4A7C15ull) >> 59];
    if (!(e.valid && e.key == key && e.size == name.size() && e.seed == seed && e.hash_all == hash_all)) {
      e = Entry{key, seed, hash_namespace(name, seed, hash_all), static_cast<uint8_t>(name.size()), hash_all, true};
    }
    return e.hash;
  }
};
thread_local NamespaceHashes namespace_hashes;

void add_name(Example& ex, std::string_view ns, std::string_view feature, std::string_view string_value) {
  std::string& name = ex.names.emplace_back();
  name.reserve(ns.size() + feature.size() + string_value.size() + 2);
  if (!ns.empty()) name.append(ns).append(1, '^');  // VW prints no "^" for the default namespace
  name.append(feature);
  if (!string_value.empty()) name.append(1, '^').append(string_value);
}

[[noreturn]] void fail_value(NumberStatus status, std::string_view token, const LineContext& ctx) {
  if (status == NumberStatus::kNonFinite) ctx.fail("feature value is not a finite number", token);
  if (status == NumberStatus::kOverflow) ctx.fail(std::string("feature value ") + kOverflowReason, token);
  ctx.fail("malformed feature value", token);
}

// The features of a namespace from `pos` to `end`. kExtras: names or raw
// tokens are kept too (--audit, --invert_hash, --affix, ...). The common
// case, a plain namespace, takes walk_plain_features (plain_features.h).
template <bool kExtras>
void parse_features(std::string_view line, std::size_t pos, std::size_t end, const LineScan& scan,
                    std::string_view ns, uint32_t ns_hash, float weight, const ParseOptions& options, Example& ex,
                    const LineContext& ctx) {
  const char* const text = line.data();
  const bool hash_all = options.hash_all;
  uint32_t anonymous = 0;  // VW counts ':value' features from 0 in each namespace
  for (;;) {
    // pos is where the last token stopped: a blank, or the end. Tokens are
    // mostly one blank apart.
    if (pos == end) break;
    std::size_t start = pos + 1;
    if (start < end && is_blank(text[start])) start = scan.skip_blanks(start, end);
    if (start == end) break;
    // The name ends at a colon or where the token ends (a blank, the bar at
    // `end` or the line's end); a value runs to the token's end.
    const std::size_t colon = scan.name_end(start);
    const bool valued = colon != end && text[colon] == ':';
    const std::size_t stop = valued ? scan.token_end(colon + 1) : colon;
    pos = stop;
    const std::string_view feature(text + start, colon - start);
    float value = weight;  // a bare name: 1 times the weight
    uint32_t index;
    std::string_view string_value;
    if (valued) {
      const std::string_view number(text + colon + 1, stop - colon - 1);
      const NumberStatus status = parse_number_inline(number, value);
      if (status == NumberStatus::kOk) {
        index = feature.empty() ? ns_hash + anonymous++ : hash_feature_inline(feature, ns_hash, hash_all);
        if (weight != 1.0f) {
          value *= weight;
          if (!std::isfinite(value))
            ctx.fail(std::string("feature value times the namespace weight ") + kOverflowReason,
                     std::string_view(text + start, stop - start));
        }
      } else if (status == NumberStatus::kNotANumber) {  // name:string, chain-hashed, value 1 (VW: not scaled)
        if (number.empty())
          ctx.fail(feature.empty() ? "empty feature" : "missing feature value after ':'",
                   std::string_view(text + start, stop - start));
        string_value = number;
        value = 1.0f;
        index = hash_feature_inline(number, hash_feature_inline(feature, ns_hash, hash_all), hash_all);
      } else {
        fail_value(status, std::string_view(text + start, stop - start), ctx);
      }
    } else {
      index = hash_feature_inline(feature, ns_hash, hash_all);
    }
    if (value == 0.0f) continue;  // VW drops value-0 features
    ex.features.push_back(Feature{value, index});
    if constexpr (kExtras) {
      if (options.keep_names) add_name(ex, ns, feature, string_value);
      if (options.keep_tokens) {
        ex.tokens.append(feature);
        ex.token_ends.push_back(static_cast<uint32_t>(ex.tokens.size()));
      }
    }
  }
}

}  // namespace

void parse_namespace(std::string_view line, std::size_t begin, std::size_t end, const LineScan& scan,
                     const ParseOptions& options, Example& ex, const LineContext& ctx) {
  const char* const text = line.data();
  std::size_t pos = begin;
  std::string_view name;
  float weight = 1.0f;
  if (pos < end && !is_blank(text[pos])) {  // the header token: name[:weight]
    const std::size_t stop = scan.next_blank(pos, end);
    const std::size_t colon = scan.next_colon(pos, stop);
    const std::string_view header(text + pos, stop - pos);
    name = std::string_view(text + pos, colon - pos);
    if (name.empty()) ctx.fail("namespace weight without a namespace name", header);
    if (colon != stop) {
      NumberStatus status = parse_number_inline(std::string_view(text + colon + 1, stop - colon - 1), weight);
      if (status == NumberStatus::kNonFinite) ctx.fail("namespace weight is not a finite number", header);
      if (status == NumberStatus::kOverflow) ctx.fail(std::string("namespace weight ") + kOverflowReason, header);
      if (status != NumberStatus::kOk) ctx.fail("malformed namespace weight", header);
    }
    pos = stop;
  }
  const uint32_t ns_hash = namespace_hashes.get(name, options.hash_seed, options.hash_all);
  const auto first = static_cast<uint32_t>(ex.features.size());
  if (options.keep_names || options.keep_tokens)
    parse_features<true>(line, pos, end, scan, name, ns_hash, weight, options, ex, ctx);
  else if (weight == 1.0f && !options.hash_all && !scan.has_control()) {
    if (!walk_plain_features(line, pos, end, scan, ns_hash, ex.features)) {
      // A token the walk does not take: the general loop reads the namespace again.
      ex.features.resize(first);
      parse_features<false>(line, pos, end, scan, name, ns_hash, weight, options, ex, ctx);
    }
  } else
    parse_features<false>(line, pos, end, scan, name, ns_hash, weight, options, ex, ctx);

  ex.namespaces.push_back(NamespaceSpan{std::string(name), name.empty() ? ' ' : name[0], ns_hash, first,
                                        static_cast<uint32_t>(ex.features.size())});
}

void parse_namespace(std::string_view segment, const ParseOptions& options, Example& ex, const LineContext& ctx) {
  thread_local LineScan scan;
  scan.scan(segment);
  parse_namespace(segment, 0, segment.size(), scan, options, ex, ctx);
}

}  // namespace learner
