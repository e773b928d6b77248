// FeatureBuilder: linear terms, interactions (with per-example wildcard
// expansion, cached per thread), and the constant.
#include "learner/features/feature_builder.h"

#include <algorithm>
#include <atomic>

#include "learner/error.h"
#include "interaction_gen.h"
#include "learner/features/interaction_spec.h"
#include "learner/parse/hash.h"

namespace learner {
namespace {

bool contains(const std::string& set, char c) { return set.find(c) != std::string::npos; }

std::atomic<uint64_t> next_serial{1};

// Per-thread scratch, reused from example to example.
struct Scratch {
  std::vector<std::vector<uint32_t>> groups;
  std::vector<InteractionTerm> terms;
  // Wildcard expansion of builder `serial` for the namespace chars `present`.
  uint64_t serial = 0;
  std::string present;
  std::string key;
  std::vector<std::string> expanded;
  // The example with its namespace groups merged and n-grams added.
  Example work;
  std::vector<uint32_t> prefix;  // where the feature part of work.names[i] starts
};

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

}  // namespace

FeatureBuilder::FeatureBuilder(FeatureSpec spec) : spec_(std::move(spec)), serial_(next_serial++) {
  for (const std::string& inter : spec_.interactions) {
    if (inter.empty()) throw UsageError("empty interaction spec");
    if (inter.size() < 2) {
      throw UsageError("interaction '" + inter + "' names one namespace; it needs at least two (e.g. -q ab)");
    }
    if (contains(inter, '|')) throw UsageError("interaction '" + inter + "' contains '|', not a namespace");
    has_wildcard_ = has_wildcard_ || contains(inter, kWildcard);
  }
  grams_ = spec_.text && spec_.text->grams();
  interactions_ = has_wildcard_ ? spec_.interactions
                                : normalise_interactions(spec_.interactions, spec_.leave_duplicate_interactions);
  plain_ = spec_.ignore.empty() && spec_.keep.empty() && spec_.ignore_linear.empty() && !grams_ && !has_wildcard_ &&
           interactions_.empty();
}

void FeatureBuilder::transform(Example& ex) const {
  if (spec_.text) apply_parse_time(*spec_.text, ex);
}

// VW merges the namespaces sharing a first char into one group (in the order
// of their first appearance) and appends the group's n-grams to it.
const Example& FeatureBuilder::with_grams(const Example& ex, bool names) const {
  Scratch& s = scratch();
  Example& w = s.work;
  const TextFeatures& t = *spec_.text;
  w.features.clear();
  w.names.clear();
  s.prefix.clear();
  w.line = ex.line;
  w.base = ex.base;
  std::size_t groups = 0;
  bool seen[256] = {};
  for (std::size_t k = 0; k < ex.namespaces.size(); ++k) {
    const auto c = static_cast<unsigned char>(ex.namespaces[k].first);
    if (seen[c]) continue;
    seen[c] = true;
    if (w.namespaces.size() <= groups) w.namespaces.emplace_back();
    NamespaceSpan& g = w.namespaces[groups++];
    g.name = ex.namespaces[k].name;
    g.first = ex.namespaces[k].first;
    g.hash = ex.namespaces[k].hash;
    g.begin = static_cast<uint32_t>(w.features.size());
    for (std::size_t j = k; j < ex.namespaces.size(); ++j) {
      const NamespaceSpan& ns = ex.namespaces[j];
      if (static_cast<unsigned char>(ns.first) != c) continue;
      w.features.insert(w.features.end(), ex.features.begin() + ns.begin, ex.features.begin() + ns.end);
      if (names) {
        w.names.insert(w.names.end(), ex.names.begin() + ns.begin, ex.names.begin() + ns.end);
        s.prefix.insert(s.prefix.end(), ns.end - ns.begin, ns.name.empty() ? 0u : static_cast<uint32_t>(ns.name.size() + 1));
      }
    }
    if (t.ngram[c] > 1) {
      const uint64_t size = w.features.size() - g.begin, limit = spec_.max_interaction_features;
      const uint64_t n = ngram_count(t.ngram[c], t.skips[c], size, limit + 1);
      if (w.features.size() + n > limit)
        throw TooManyFeatures(ex.line, "--ngram " + std::to_string(t.ngram[c]) + " --skips " +
                                           std::to_string(t.skips[c]) + " would make " +
                                           (n > limit ? "more than " + std::to_string(limit) : std::to_string(n)) +
                                           " n-gram features from the " + std::to_string(size) +
                                           " features of namespace '" + std::string(1, g.first) +
                                           "' of this example, past --interaction_limit " + std::to_string(limit) +
                                           " (the most generated features per example; raise it, or lower "
                                           "--ngram/--skips)");
      add_ngrams(t.ngram[c], t.skips[c], w.features, g.begin, static_cast<uint32_t>(w.features.size()) - g.begin,
                 names ? &w.names : nullptr, names ? &s.prefix : nullptr);
    }
    g.end = static_cast<uint32_t>(w.features.size());
  }
  w.namespaces.resize(groups);
  return w;
}

bool FeatureBuilder::ignored(char first) const {
  return contains(spec_.ignore, first) || (!spec_.keep.empty() && !contains(spec_.keep, first));
}

bool FeatureBuilder::linear_ignored(char first) const { return ignored(first) || contains(spec_.ignore_linear, first); }

void FeatureBuilder::build(const Example& ex, std::vector<Feature>& out, std::vector<std::string>* names) const {
  if (plain_ && names == nullptr) {
    // The features as parsed and the constant: one copy when the spans tile them (the parsers' layout).
    uint32_t next = 0;
    for (const NamespaceSpan& ns : ex.namespaces) next = ns.begin == next ? ns.end : UINT32_MAX;
    const std::size_t n = ex.features.size();
    if (next == n) {
      out.resize(n + (spec_.constant ? 1 : 0));
      std::copy(ex.features.begin(), ex.features.end(), out.begin());
      if (spec_.constant) out[n] = Feature{1.0f, kConstantIndex};
      return;
    }
  }
  out.clear();
  if (names != nullptr) {
    names->clear();
    if (ex.names.size() != ex.features.size()) {
      throw Error("feature names requested but the parser did not keep them (ParseOptions::keep_names)");
    }
  }
  const Example& src = grams_ ? with_grams(ex, names != nullptr) : ex;
  if (grams_ && names == nullptr && interactions_.empty() && spec_.ignore.empty() && spec_.keep.empty() &&
      spec_.ignore_linear.empty()) {
    // The grams' example (the scratch's; its groups tile its features) is the whole output: its
    // features are taken, not copied (out's buffer goes to the scratch, which clears it next time).
    out.swap(scratch().work.features);
  } else {
    build_linear(src, out, names);
  }
  const std::vector<std::string>& list = has_wildcard_ ? expanded_interactions(src) : interactions_;
  for (const std::string& spec : list) add_interaction(spec, src, out, names);
  if (spec_.constant) {
    out.push_back(Feature{1.0f, kConstantIndex});
    if (names != nullptr) names->emplace_back("Constant");
  }
}

void FeatureBuilder::build_linear(const Example& ex, std::vector<Feature>& out, std::vector<std::string>* names) const {
  if (spec_.ignore.empty() && spec_.keep.empty() && spec_.ignore_linear.empty() && names == nullptr) {
    // No namespace left out: the spans in order, one copy when they tile the features (the parsers' layout).
    uint32_t next = 0;
    for (const NamespaceSpan& ns : ex.namespaces) next = ns.begin == next ? ns.end : UINT32_MAX;
    if (next == ex.features.size()) {
      out.assign(ex.features.begin(), ex.features.end());  // out is empty: build() cleared it
      return;
    }
  }
  for (const NamespaceSpan& ns : ex.namespaces) {
    if (linear_ignored(ns.first)) continue;
    out.insert(out.end(), ex.features.begin() + ns.begin, ex.features.begin() + ns.end);
    if (names != nullptr) names->insert(names->end(), ex.names.begin() + ns.begin, ex.names.begin() + ns.end);
  }
}

void FeatureBuilder::add_interaction(const std::string& spec, const Example& ex, std::vector<Feature>& out,
                                     std::vector<std::string>* names) const {
  Scratch& s = scratch();
  const std::size_t count = spec.size();
  if (s.groups.size() < count) s.groups.resize(count);
  s.terms.resize(count);
  for (std::size_t p = 0; p < count; ++p) {
    const char c = spec[p];
    if (p > 0 && c == spec[p - 1]) {
      s.terms[p] = InteractionTerm{s.terms[p - 1].positions, s.terms[p - 1].size, !spec_.permutations};
      continue;
    }
    if (ignored(c)) return;
    std::vector<uint32_t>& group = s.groups[p];
    group.clear();
    for (const NamespaceSpan& ns : ex.namespaces) {
      if (ns.first != c) continue;
      for (uint32_t i = ns.begin; i < ns.end; ++i) group.push_back(i);
    }
    if (group.empty()) return;
    s.terms[p] = InteractionTerm{group.data(), static_cast<uint32_t>(group.size()), false};
  }
  const uint64_t n = interaction_count(s.terms.data(), count);
  if (n > spec_.max_interaction_features || out.size() + n > spec_.max_interaction_features)
    throw TooManyFeatures(ex.line, "interaction '" + spec + "' would make " + std::to_string(n) +
                                       " features from this example, more than --interaction_limit " +
                                       std::to_string(spec_.max_interaction_features) +
                                       " (raise it, or interact fewer namespaces)");
  generate_interaction(ex.features.data(), s.terms.data(), count, out);
  if (names != nullptr) generate_interaction_names(ex.names, s.terms.data(), count, *names);
}

const std::vector<std::string>& FeatureBuilder::expanded_interactions(const Example& ex) const {
  Scratch& s = scratch();
  s.key.clear();
  for (const NamespaceSpan& ns : ex.namespaces) {
    if (ns.end > ns.begin && !ignored(ns.first) && !contains(s.key, ns.first)) s.key += ns.first;
  }
  std::sort(s.key.begin(), s.key.end());
  if (s.serial != serial_ || s.key != s.present) {
    s.expanded = expand_wildcards(interactions_, s.key, spec_.leave_duplicate_interactions);
    s.present = s.key;
    s.serial = serial_;
  }
  return s.expanded;
}

}  // namespace learner
