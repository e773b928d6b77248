// The cache's example encoding (cache_file.h): varints for lengths, raw
// little-endian f32/u32 for values and hashes, features of a namespace copied
// as whole Feature arrays so decoding is one memcpy per namespace.
#include <bit>
#include <cstdint>

#include "format.h"
#include "learner/error.h"

namespace learner::cache_format {
namespace {

static_assert(sizeof(Feature) == 8 && offsetof(Feature, value) == 0 && offsetof(Feature, index) == 4,
              "the cache copies Feature arrays as {f32 value, u32 index}");

constexpr uint8_t kHasLabel = 1, kHasImportance = 2, kHasBase = 4, kHasTag = 8, kHasCosts = 16, kHasLabelSet = 32;
// Multi-line examples (example.h): a group's `shared` line, the blank line
// that ends a group. Single-line caches never set them, so their bytes are
// unchanged; a cache holding them is made only under a multi-line label
// grammar, which its key names (cache_key.cc), and a reader that predates
// them refuses the flags as corrupt (the cache is rebuilt).
constexpr uint8_t kShared = 64, kGroupEnd = 128;
constexpr uint8_t kAllFlags =
    kHasLabel | kHasImportance | kHasBase | kHasTag | kHasCosts | kHasLabelSet | kShared | kGroupEnd;
constexpr uint8_t kPairs = 0, kIndicesOnly = 1;
constexpr uint32_t kOne = std::bit_cast<uint32_t>(1.0f);

void put_varint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>(v | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

template <class T>
void put(std::string& out, T v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

// Bounds-checked reading of one example's bytes.
struct Cursor {
  const char* p;
  const char* end;
  bool ok = true;

  bool need(std::size_t n) {
    if (ok && static_cast<std::size_t>(end - p) >= n) return true;
    ok = false;
    return false;
  }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (!need(1)) return 0;
      const auto byte = static_cast<unsigned char>(*p++);
      v |= static_cast<uint64_t>(byte & 0x7f) << shift;
      if (byte < 0x80) return v;
    }
    ok = false;
    return 0;
  }
  template <class T>
  T get() {
    if (!need(sizeof(T))) return T{};
    T v = load<T>(p);
    p += sizeof(T);
    return v;
  }
};

}  // namespace

void encode_example(const Example& ex, std::string& out) {
  const bool importance = std::bit_cast<uint32_t>(ex.importance) != kOne;
  const bool base = std::bit_cast<uint32_t>(ex.base) != 0;
  const uint8_t flags = (ex.has_label ? kHasLabel : 0) | (importance ? kHasImportance : 0) | (base ? kHasBase : 0) |
                        (ex.tag.empty() ? 0 : kHasTag) | (ex.costs.empty() ? 0 : kHasCosts) |
                        (ex.label_set.empty() ? 0 : kHasLabelSet) | (ex.shared ? kShared : 0) |
                        (ex.group_end ? kGroupEnd : 0);
  out.push_back(static_cast<char>(flags));
  if (ex.has_label) put(out, ex.label);
  if (importance) put(out, ex.importance);
  if (base) put(out, ex.base);
  if (!ex.tag.empty()) {
    put_varint(out, ex.tag.size());
    out.append(ex.tag);
  }
  if (!ex.costs.empty()) {
    // The count, doubled, plus 1 when the entries carry a --cb probability.
    bool probabilities = false;
    for (const ClassCost& c : ex.costs) probabilities = probabilities || std::bit_cast<uint32_t>(c.probability) != 0;
    put_varint(out, ex.costs.size() * 2 + (probabilities ? 1 : 0));
    for (const ClassCost& c : ex.costs) {
      put_varint(out, c.klass);
      put(out, c.cost);
      if (probabilities) put(out, c.probability);
    }
  }
  if (!ex.label_set.empty()) {
    put_varint(out, ex.label_set.size());
    for (uint32_t k : ex.label_set) put_varint(out, k);
  }
  put_varint(out, ex.namespaces.size());
  put_varint(out, ex.features.size());
  uint32_t expected_begin = 0;
  for (const NamespaceSpan& ns : ex.namespaces) {
    // The parser lays namespaces out back to back; the cache relies on it.
    if (ns.begin != expected_begin || ns.end < ns.begin || ns.end > ex.features.size())
      throw Error("cache: namespace spans are not contiguous (internal error)");
    expected_begin = ns.end;
    out.push_back(ns.first);
    put_varint(out, ns.name.size());
    out.append(ns.name);
    put(out, ns.hash);
    const uint32_t count = ns.end - ns.begin;
    put_varint(out, count);
    const Feature* f = ex.features.data() + ns.begin;
    bool ones = true;
    for (uint32_t i = 0; i < count && ones; ++i) ones = std::bit_cast<uint32_t>(f[i].value) == kOne;
    out.push_back(static_cast<char>(ones ? kIndicesOnly : kPairs));
    if (ones) {
      for (uint32_t i = 0; i < count; ++i) put(out, f[i].index);
    } else {
      out.append(reinterpret_cast<const char*>(f), count * sizeof(Feature));
    }
  }
  if (expected_begin != ex.features.size()) throw Error("cache: features outside every namespace (internal error)");
}

const char* decode_example(const char* p, const char* end, Example& ex) {
  Cursor c{p, end};
  const auto flags = c.get<uint8_t>();
  if (!c.ok || (flags & ~kAllFlags) != 0) return nullptr;
  ex.has_label = (flags & kHasLabel) != 0;
  ex.shared = (flags & kShared) != 0;
  ex.group_end = (flags & kGroupEnd) != 0;
  ex.label = ex.has_label ? c.get<float>() : 0.0f;
  ex.importance = (flags & kHasImportance) ? c.get<float>() : 1.0f;
  ex.base = (flags & kHasBase) ? c.get<float>() : 0.0f;
  if (flags & kHasTag) {
    const uint64_t n = c.varint();
    if (!c.need(n)) return nullptr;
    ex.tag.assign(c.p, n);
    c.p += n;
  } else {
    ex.tag.clear();
  }
  ex.costs.clear();
  if (flags & kHasCosts) {
    const uint64_t coded = c.varint();
    const uint64_t n = coded / 2;
    const bool probabilities = (coded & 1) != 0;
    if (!c.ok || n > static_cast<uint64_t>(end - c.p) / 5) return nullptr;  // >= 5 bytes each
    ex.costs.resize(n);
    for (ClassCost& cc : ex.costs) {
      const uint64_t k = c.varint();
      if (k > UINT32_MAX) return nullptr;
      cc.klass = static_cast<uint32_t>(k);
      cc.cost = c.get<float>();
      cc.probability = probabilities ? c.get<float>() : 0.0f;
    }
  }
  ex.label_set.clear();
  if (flags & kHasLabelSet) {
    const uint64_t n = c.varint();
    if (!c.ok || n > static_cast<uint64_t>(end - c.p)) return nullptr;  // >= 1 byte each
    ex.label_set.resize(n);
    for (uint32_t& k : ex.label_set) {
      const uint64_t v = c.varint();
      if (v > UINT32_MAX) return nullptr;
      k = static_cast<uint32_t>(v);
    }
  }
  const uint64_t namespaces = c.varint();
  const uint64_t features = c.varint();
  // Each namespace takes >= 8 bytes and each feature >= 4: reject absurd
  // counts before allocating.
  if (!c.ok || namespaces > static_cast<uint64_t>(end - c.p) / 8 || features > static_cast<uint64_t>(end - c.p) / 4)
    return nullptr;
  ex.namespaces.resize(namespaces);
  ex.features.resize(features);
  ex.names.clear();
  ex.line = 0;
  uint32_t at = 0;
  for (NamespaceSpan& ns : ex.namespaces) {
    ns.first = c.get<char>();
    const uint64_t len = c.varint();
    if (!c.need(len)) return nullptr;
    ns.name.assign(c.p, len);
    c.p += len;
    ns.hash = c.get<uint32_t>();
    const uint64_t count = c.varint();
    const auto encoding = c.get<uint8_t>();
    if (!c.ok || count > features - at) return nullptr;
    Feature* out = ex.features.data() + at;
    if (encoding == kIndicesOnly) {
      if (!c.need(count * 4)) return nullptr;
      for (uint64_t i = 0; i < count; ++i) out[i] = Feature{1.0f, load<uint32_t>(c.p + 4 * i)};
      c.p += count * 4;
    } else if (encoding == kPairs) {
      if (!c.need(count * sizeof(Feature))) return nullptr;
      std::memcpy(static_cast<void*>(out), c.p, count * sizeof(Feature));
      c.p += count * sizeof(Feature);
    } else {
      return nullptr;
    }
    ns.begin = at;
    ns.end = at + static_cast<uint32_t>(count);
    at = ns.end;
  }
  if (!c.ok || at != features) return nullptr;
  return c.p;
}

}  // namespace learner::cache_format
