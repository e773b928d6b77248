// One parsed example, in VW's text grammar (docs/vw-compat.md section 1d):
//   label [importance [base]] ['tag]|ns[:weight] feat[:value] ... |ns2 ...
//
// Contract:
//  * Feature::index is the full 32-bit hash (not masked); the core masks it to
//    -b bits. Interaction hashes computed from full or masked indices agree
//    after masking (the multiply and XOR only carry low bits upward).
//  * Feature::value already includes the namespace weight (|ns:2.0).
//  * Features of one namespace occupy [begin, end) of `features`, in input order.
//  * An Example is reused from line to line: clear() keeps capacity, so the
//    steady state allocates nothing per feature.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace learner {

struct Feature {
  float value;
  uint32_t index;
};

// One class of a cost-sensitive label `class:cost` (--csoaa, filter trees).
// A bare `class` (VW: a candidate with unknown cost) has cost kUnknownCost.
// A contextual-bandit label `action:cost:probability` (--cb) also keeps the
// logging probability (0 when not given, as VW).
struct ClassCost {
  uint32_t klass;  // 1..K
  float cost;
  float probability = 0.0f;  // --cb labels only
};
inline constexpr float kUnknownCost = 3.40282347e+38f;  // FLT_MAX, as VW

struct NamespaceSpan {
  std::string name;     // full name; "" for the default namespace (`| a b`)
  char first;           // first character, used by -q/--ignore/--keep; ' ' for default
  uint32_t hash;        // namespace hash, the seed of its features' hashes
  uint32_t begin, end;  // range into Example::features
};

struct Example {
  bool has_label = false;   // false: no label given (prediction only)
  float label = 0.0f;
  float importance = 1.0f;  // 0 means predict only
  float base = 0.0f;        // initial prediction added to w.x
  std::string tag;
  // Reduction labels, filled only when ParseOptions::labels asks for them
  // (parse/label_format.h); a multiclass label 1..K stays in `label`.
  std::vector<ClassCost> costs;      // cost-sensitive label, in input order
  std::vector<uint32_t> label_set;   // multilabel `1,3,4`: ascending, distinct
  std::vector<Feature> features;
  std::vector<NamespaceSpan> namespaces;
  // Feature names "ns^feat", parallel to `features`; filled only when the
  // parser is asked to keep names (--invert_hash, --audit).
  std::vector<std::string> names;
  // Raw feature names (the text before ':'), parallel to the parsed features,
  // concatenated: feature i is tokens[token_ends[i-1], token_ends[i]).
  // Filled only when ParseOptions::keep_tokens (--affix, --spelling,
  // --dictionary read them); no allocation per feature.
  std::string tokens;
  std::vector<uint32_t> token_ends;
  uint64_t line = 0;  // 1-based line number in its source
  // Multi-line examples (example_group.h), set only when the stream reads
  // groups: `shared` marks a group's first line labelled `shared` (VW's
  // shared context: its namespaces join every other line of the group);
  // `group_end` marks the blank line that ends a group (no label, no
  // features). Both are kept in caches and the memory passes.
  bool shared = false;
  bool group_end = false;
  // VW's shift of an action line's weights (--cb K / --cbify K through the
  // adf path, cb_to_adf.h): sub-model slots further along the interleaved
  // block, which gd adds to the sub-model of every weight slot (not to the
  // normaliser's sub-model). 0 for every other example.
  uint32_t weight_shift = 0;

  void clear() {
    has_label = false;
    label = 0.0f;
    importance = 1.0f;
    base = 0.0f;
    tag.clear();
    costs.clear();
    label_set.clear();
    features.clear();
    namespaces.clear();
    names.clear();
    tokens.clear();
    token_ends.clear();
    shared = false;
    group_end = false;
  }
};

}  // namespace learner
