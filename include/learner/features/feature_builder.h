// Turns a parsed Example into the features the model sees: the linear
// features of the namespaces kept, the interaction features, the constant.
//
// Namespaces are selected by their first character, as VW's -q/--ignore/--keep
// do (' ' is the default namespace; ':' in an interaction is the wildcard
// "every namespace"). Interaction semantics follow VW (vw-compat.md 1b, 5):
// the features of an interaction are all combinations of one feature from
// each namespace, index = interaction_hash chained left to right, value = the
// product of values; when the same namespace appears more than once in one
// interaction only combinations with non-decreasing feature position are
// generated (i <= j, so x_i^2 terms are included) unless `permutations`.
// Duplicate interaction specs are removed unless leave_duplicate_interactions
// (interaction_spec.h has VW's exact rule).
//
// Details (VW's, see features/interaction_spec.h):
//  * Every namespace whose first char matches a term takes part: with |apple
//    and |avocado, term 'a' ranges over the features of both, in input order,
//    as one group (VW merges them); `-q aa` then pairs them with i <= j.
//  * "ba" keeps its order (hashes are order dependent), but a spec with a
//    repeated namespace and another one is sorted ("aba" -> "aab").
//  * ':' expands, per example, to the first chars of the namespaces present
//    (with features, not ignored); then the whole list is sorted and
//    deduplicated as VW does.
//  * Output order: linear features (namespaces in input order, minus
//    --ignore, --ignore_linear and, when --keep is set, the unkept), then
//    each interaction, then the constant (index kConstantIndex, value 1).
//  * --ignore/--keep drop namespaces from interactions too; --ignore_linear
//    does not.
//  * Text features (text_features.h): transform() adds the parse-time ones
//    (--affix, --spelling, --dictionary, --redefine) to a parsed example,
//    before it is cached, as VW's parser does; build() adds the n-grams
//    (--ngram, --skips) of each namespace group before the linear terms.
//  * build() asks for `names` only with ex.names filled (it throws
//    learner::Error otherwise). Scratch space is thread_local: build() may
//    run on several threads at once.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/example.h"
#include "learner/features/text_features.h"

namespace learner {

struct FeatureSpec {
  bool constant = true;                    // --noconstant clears it
  std::vector<std::string> interactions;   // "ab", "abc", ":a", ... (one string per interaction)
  std::string ignore;                      // --ignore: first chars dropped everywhere
  std::string ignore_linear;               // --ignore_linear: dropped from linear terms only
  std::string keep;                        // --keep: if non-empty, only these first chars
  bool permutations = false;               // --permutations
  bool leave_duplicate_interactions = false;  // --leave_duplicate_interactions (interaction_spec.h)
  // --ngram/--skips/--affix/--spelling/--dictionary/--redefine (text_features.h); null: none.
  std::shared_ptr<const TextFeatures> text;
  // --interaction_limit: the most features one example may have once the
  // generated ones are added, n-grams (--ngram/--skips) and interactions
  // (issue 17, defect 9: `-q ::` on a 30k-feature line wanted 3.8 GB; issue
  // 28: `--ngram 16 --skips 16` on a 40-word line, 4 GB in 16 s). Each
  // generator's count is computed before it generates anything; past the
  // limit build() throws TooManyFeatures. 2^26 features are 512 MB.
  uint64_t max_interaction_features = uint64_t{1} << 26;
};

// An example whose n-grams or interactions would exceed FeatureSpec::max_interaction_features.
// The stream turns it into an InputError naming file:line.
class TooManyFeatures : public Error {
 public:
  TooManyFeatures(uint64_t line, const std::string& reason) : Error(reason), line_(line) {}
  uint64_t line() const { return line_; }

 private:
  uint64_t line_;
};

class FeatureBuilder {
 public:
  explicit FeatureBuilder(FeatureSpec spec);  // throws UsageError for a bad spec
  // Fills `out` (cleared first). When `names` is non-null it receives a name
  // for each output feature ("ns^f", "a^x*b^y", "Constant"); it needs
  // ex.names to be filled by the parser.
  void build(const Example& ex, std::vector<Feature>& out, std::vector<std::string>* names = nullptr) const;
  // What a cache made with this builder's transform() depends on ("" = nothing).
  std::string cache_key() const { return spec_.text ? spec_.text->cache_key() : std::string(); }
  // The parse-time text features (text_features.h); a no-op without them.
  void transform(Example& ex) const;
  // True when the namespace with this first char is dropped entirely.
  bool ignored(char first) const;
  const FeatureSpec& spec() const { return spec_; }

 private:
  bool linear_ignored(char first) const;
  void build_linear(const Example& ex, std::vector<Feature>& out, std::vector<std::string>* names) const;
  void add_interaction(const std::string& spec, const Example& ex, std::vector<Feature>& out,
                       std::vector<std::string>* names) const;
  const std::vector<std::string>& expanded_interactions(const Example& ex) const;
  const Example& with_grams(const Example& ex, bool names) const;

  FeatureSpec spec_;
  std::vector<std::string> interactions_;  // normalised, deduplicated
  bool has_wildcard_ = false;              // some spec holds ':' (expanded per example)
  bool grams_ = false;                     // --ngram asks for n-grams somewhere
  bool plain_ = false;  // nothing but the parsed features and the constant (no ignore/keep, n-grams, interactions)
  uint64_t serial_ = 0;                    // tells builders apart in the wildcard cache
};

}  // namespace learner
