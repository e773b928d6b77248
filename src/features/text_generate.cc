// The text feature generators (text_features.h): the parse-time ones on an
// example, the n-grams on one namespace group. Scratch buffers are
// thread_local and reused: nothing is allocated per feature once warm
// (names, only kept for --audit/--invert_hash, are strings).
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdio>
#include <cstring>

#include "learner/error.h"
#include "learner/features/text_features.h"
#include "learner/parse/hash.h"
#include "bigram_lanes.h"

namespace learner {
namespace {

enum Kind { kAffix, kSpelling, kDictionary, kKinds };
constexpr char kKindFirst[kKinds] = {kAffixNamespace, kSpellingNamespace, kDictionaryNamespace};
constexpr const char* kKindName[kKinds] = {"affix", "spelling", "dictionary"};

struct Generated {
  std::vector<Feature> features[kKinds];
  std::vector<std::string> names[kKinds];
  int first_at[kKinds];   // namespace position where the kind got its first feature (-1: none)
  int sequence[kKinds];   // creation order of the kinds
  std::string spelling;   // the current pattern
  Example out;            // the rebuilt layout, swapped with the example
};

Generated& generated_scratch() {
  thread_local Generated g;
  return g;
}

char spelling_of(char c) {
  if (c >= '0' && c <= '9') return '0';
  if (c >= 'a' && c <= 'z') return 'a';
  if (c >= 'A' && c <= 'Z') return 'A';
  if (c == '.') return '.';
  return '#';
}

void note(Generated& g, Kind kind, int at, int& next_sequence) {
  if (g.first_at[kind] >= 0) return;
  g.first_at[kind] = at;
  g.sequence[kind] = next_sequence++;
}

void generate_for(const TextFeatures& t, unsigned char idx, const NamespaceSpan& ns, std::string_view name,
                  float value, bool names, Generated& g) {
  if (t.affix[idx] != 0 && !name.empty()) {
    for (uint64_t affix = t.affix[idx]; affix > 0; affix >>= 4) {
      const bool is_prefix = (affix & 1) != 0;
      const uint64_t len = (affix >> 1) & 7;
      std::string_view part = name;
      if (part.size() > len) part = is_prefix ? part.substr(0, len) : part.substr(part.size() - len);
      const uint32_t h = hash_feature(part, ns.hash, t.hash_all) *
                         (kAffixConstant + static_cast<uint32_t>(affix & 0xF) * kQuadraticConstant);
      g.features[kAffix].push_back(Feature{value, h});
      if (names) {
        std::string& n = g.names[kAffix].emplace_back("affix^");
        if (idx != ' ') n += static_cast<char>(idx);
        n += is_prefix ? '+' : '-';
        n += static_cast<char>('0' + len);
        n += '=';
        n.append(part);
      }
    }
  }
  if (t.spelling[idx]) {
    g.spelling.clear();
    for (char c : name) g.spelling += spelling_of(c);
    g.features[kSpelling].push_back(Feature{value, hash_feature(g.spelling, ns.hash, false)});
    if (names) {
      std::string& n = g.names[kSpelling].emplace_back("spelling^");
      if (idx != ' ') {
        n += static_cast<char>(idx);
        n += '_';
      }
      n += g.spelling;
    }
  }
  for (const auto& dict : t.dictionaries[idx]) {
    const auto it = dict->words.find(name);
    if (it == dict->words.end()) continue;
    std::vector<Feature>& out = g.features[kDictionary];
    out.insert(out.end(), it->second.begin(), it->second.end());
    if (names)
      for (const Feature& f : it->second)
        g.names[kDictionary].push_back("dictionary^" + std::string(1, static_cast<char>(idx)) + "_" +
                                       std::string(name) + "=" + std::to_string(f.index & t.slot_mask));
  }
}

void append_span(Example& out, const std::string& name, char first, uint32_t hash, const Feature* f, std::size_t n,
                 std::vector<std::string>* names, std::vector<std::string>* from) {
  NamespaceSpan& span = out.namespaces.emplace_back();
  span.name = name;
  span.first = first;
  span.hash = hash;
  span.begin = static_cast<uint32_t>(out.features.size());
  out.features.insert(out.features.end(), f, f + n);
  span.end = static_cast<uint32_t>(out.features.size());
  if (names && from) names->insert(names->end(), std::make_move_iterator(from->begin()), std::make_move_iterator(from->end()));
}

}  // namespace

void apply_parse_time(const TextFeatures& t, Example& ex) {
  if (t.redefine_some)
    for (NamespaceSpan& ns : ex.namespaces) ns.first = static_cast<char>(t.redefine[static_cast<unsigned char>(ns.first)]);
  bool generators = false;
  for (const NamespaceSpan& ns : ex.namespaces) {
    const auto idx = static_cast<unsigned char>(ns.first);
    generators = generators || t.affix[idx] != 0 || t.spelling[idx] || !t.dictionaries[idx].empty();
  }
  if (!generators) {
    ex.tokens.clear();
    ex.token_ends.clear();
    return;
  }
  if (ex.token_ends.size() != ex.features.size())
    throw Error("text features need the parser's raw feature names (ParseOptions::keep_tokens; internal error)");
  const bool names = ex.names.size() == ex.features.size() && !ex.features.empty();
  Generated& g = generated_scratch();
  for (int k = 0; k < kKinds; ++k) {
    g.features[k].clear();
    g.names[k].clear();
    g.first_at[k] = -1;
  }
  int next_sequence = 0;
  for (std::size_t n = 0; n < ex.namespaces.size(); ++n) {
    const NamespaceSpan& ns = ex.namespaces[n];
    const auto idx = static_cast<unsigned char>(ns.first);
    for (uint32_t i = ns.begin; i < ns.end; ++i) {
      const uint32_t from = i == 0 ? 0 : ex.token_ends[i - 1];
      const std::string_view name(ex.tokens.data() + from, ex.token_ends[i] - from);
      std::size_t before[kKinds];
      for (int k = 0; k < kKinds; ++k) before[k] = g.features[k].size();
      generate_for(t, idx, ns, name, ex.features[i].value, names, g);
      for (int k = 0; k < kKinds; ++k)
        if (g.features[k].size() > before[k]) note(g, static_cast<Kind>(k), static_cast<int>(n), next_sequence);
    }
  }
  ex.tokens.clear();
  ex.token_ends.clear();
  if (next_sequence == 0) return;

  // Rebuild the layout with each generated namespace before the namespace
  // that made its first feature (VW's namespace order).
  Example& out = g.out;
  out.features.clear();
  out.namespaces.clear();
  out.names.clear();
  int order[kKinds] = {kAffix, kSpelling, kDictionary};
  std::sort(order, order + kKinds, [&](int a, int b) { return g.sequence[a] < g.sequence[b]; });
  for (std::size_t n = 0; n < ex.namespaces.size(); ++n) {
    for (int k : order) {
      if (g.first_at[k] != static_cast<int>(n)) continue;
      append_span(out, kKindName[k], kKindFirst[k], 0, g.features[k].data(), g.features[k].size(),
                  names ? &out.names : nullptr, &g.names[k]);
    }
    const NamespaceSpan& ns = ex.namespaces[n];
    if (names) {
      for (uint32_t i = ns.begin; i < ns.end; ++i) out.names.push_back(std::move(ex.names[i]));
    }
    append_span(out, ns.name, ns.first, ns.hash, ex.features.data() + ns.begin, ns.end - ns.begin, nullptr, nullptr);
  }
  std::swap(ex.features, out.features);
  std::swap(ex.namespaces, out.namespaces);
  std::swap(ex.names, out.names);
}

void add_ngrams(unsigned n_max, unsigned skips, std::vector<Feature>& feats, uint32_t begin, uint32_t count,
                std::vector<std::string>* names, std::vector<uint32_t>* prefix) {
  // VW's add_grams: for each n, every pick of n positions with gaps of at
  // most `skips` between consecutive terms, enumerated as VW recurses
  // (smaller gaps first at each depth), each pick slid along the features.
  uint32_t mask[256];
  struct Walk {
    std::vector<Feature>& feats;
    uint32_t begin, count;
    std::vector<std::string>* names;
    std::vector<uint32_t>* prefix;
    uint32_t* mask;
    std::size_t size = 1;

    void emit() {
      const uint32_t last = mask[size - 1];
      if (last >= count) return;
      const uint32_t grams = count - last;
      if (!names) {  // the grams written in place: one resize, no capacity check per gram
        const std::size_t at = feats.size();
        feats.resize(at + grams);
        Feature* out = feats.data() + at;
        const Feature* in = feats.data() + begin;
        if (size == 2) {  // bigrams and skip-grams (--ngram 2), the common case
          write_bigrams(in, mask[1], grams, out);
          return;
        }
        for (uint32_t i = 0; i < grams; ++i) {
          uint32_t h = in[i].index;
          for (std::size_t n = 1; n < size; ++n) h = h * kQuadraticConstant + in[i + mask[n]].index;
          out[i] = Feature{1.0f, h};
        }
        return;
      }
      for (uint32_t i = 0; i < grams; ++i) {
        uint32_t h = feats[begin + i].index;
        for (std::size_t n = 1; n < size; ++n) h = h * kQuadraticConstant + feats[begin + i + mask[n]].index;
        feats.push_back(Feature{1.0f, h});
        {
          const uint32_t p = (*prefix)[begin + i];
          std::string name = (*names)[begin + i];
          for (std::size_t n = 1; n < size; ++n) name.append(1, '^').append((*names)[begin + i + mask[n]], (*prefix)[begin + i + mask[n]]);
          names->push_back(std::move(name));
          prefix->push_back(p);
        }
      }
    }
    void add(unsigned ngram, unsigned skip_gram, unsigned skip) {
      if (ngram == 0) emit();
      // A further term would start at or past the end (and more skips only
      // move it further): nothing below this point emits, so stop. VW
      // recurses through every gap pattern, (K+1)^(N-1) of them whatever
      // the group's size.
      if (ngram > 0 && mask[size - 1] + 1 + skip >= count) return;
      if (ngram > 0) {
        mask[size] = mask[size - 1] + 1 + skip;
        ++size;
        add(ngram - 1, skip_gram, 0);
        --size;
      }
      if (skip_gram > 0 && ngram > 0) add(ngram, skip_gram - 1, skip + 1);
    }
  };
  mask[0] = 0;
  Walk walk{feats, begin, count, names, prefix, mask};
  for (unsigned n = 1; n < n_max; ++n) walk.add(n, skips, 0);
}

uint64_t ngram_count(unsigned n_max, unsigned skips, uint64_t count, uint64_t cap) {
  // The walk above gives a gram of t + 1 terms gaps g_1..g_t >= 0 whose sum
  // j is at most K (the skips are one budget shared by the gaps, as in VW's
  // add_grams), and slides it to count - t - j places. There are
  // C(j + t - 1, t - 1) such gap patterns: ways[j] holds them for the
  // current t (Pascal's rule from t - 1 to t), saturating at `cap`.
  if (n_max < 2 || count < 2 || cap == 0) return 0;
  auto add = [cap](uint64_t a, uint64_t b) { return a >= cap - std::min(b, cap) ? cap : a + b; };
  auto mul = [cap](uint64_t a, uint64_t b) { return b != 0 && a > cap / b ? cap : std::min(a * b, cap); };
  uint64_t ways[256];  // skips <= 255 (TextFeatures holds them as bytes)
  const unsigned k_max = std::min(skips, 255u);
  std::fill(ways, ways + k_max + 1, uint64_t{1});  // t = 1: one pattern per gap j
  uint64_t total = 0;
  for (unsigned t = 1; t < n_max && t < count; ++t) {
    if (t > 1)
      for (unsigned j = 1; j <= k_max; ++j) ways[j] = add(ways[j], ways[j - 1]);
    for (unsigned j = 0; j <= k_max && t + j < count; ++j) total = add(total, mul(ways[j], count - t - j));
    if (total >= cap) break;
  }
  return total;
}

}  // namespace learner
