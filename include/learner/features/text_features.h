// VW's text feature generators and namespace renaming (VW 9.11:
// text_parser/parse_example_text.cc, kskip_ngram_transformer.cc,
// parse_args.cc; facts in docs/text-features.md).
//
// A namespace is selected by its first character after --redefine (VW's
// namespace index; ' ' is the default namespace). Two kinds of generators:
//
// Parse-time (apply_parse_time, run on each parsed example before it is
// cached, as VW's parser does):
//  * --redefine N:=S renames the first character of every namespace whose
//    first character is in S to N (':' in S = every named namespace; empty N
//    = the default namespace ' '; empty S = the default namespace). The
//    namespace hash and the feature names keep the original name.
//  * --affix: for each feature with a non-empty name in a selected
//    namespace, its prefix (+) or suffix (-) of L characters (the whole name
//    when shorter), index murmur(affix, ns_hash) * (13903957 + nibble *
//    27942141) where nibble = (L << 1) | prefix, value = the feature's value,
//    name "affix^" + [ns char unless default] + "+L=" or "-L=" + affix. Each
//    namespace's affixes are generated last-given first (VW packs them in
//    nibbles).
//  * --spelling: the name mapped character-wise (digit '0', a-z 'a', A-Z
//    'A', '.' '.', anything else '#'), index hashstring(pattern, ns_hash),
//    value = the feature's, name "spelling^" + [ns char + '_' unless
//    default] + pattern.
//  * --dictionary x:file: a feature of namespace x whose name is a word of
//    the dictionary brings the word's features (parsed as the default
//    namespace of a VW line, values as written), names "dictionary^" +
//    ns char + '_' + word + '=' + the feature's slot (index & slot_mask).
//  The generated features go to namespaces "affix" (first char 0x84),
//  "spelling" (0x85), "dictionary" (0x87), each placed before the namespace
//  in which it got its first feature (VW's namespace order).
//
// At build time (add_ngrams, FeatureBuilder::build): --ngram N / --skips K
// add, to each namespace group (all namespaces sharing a first char, VW
// merges them), the n-grams of its features for n = 2..N with up to K
// skipped features in all between its terms (VW's add_grams shares the K
// skips among the gaps): index chained h = h * 27942141 + h_next (mod 2^32),
// value 1, name "ns^a^b" (the first term's namespace; the string value of a
// `name:string` feature is not part of it). Their number (ngram_count) grows
// as the binomial C(N + K, K): FeatureBuilder counts them first and refuses an
// example past FeatureSpec::max_interaction_features (--interaction_limit),
// as it does interactions.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "learner/example.h"

namespace learner {

constexpr uint32_t kQuadraticConstant = 27942141u;
constexpr uint32_t kAffixConstant = 13903957u;
constexpr char kAffixNamespace = '\x84';
constexpr char kSpellingNamespace = '\x85';
constexpr char kDictionaryNamespace = '\x87';

struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

// Word -> its features (full indices, values), as read from a dictionary file.
struct Dictionary {
  std::string file;
  std::unordered_map<std::string, std::vector<Feature>, StringHash, std::equal_to<>> words;
};

struct TextFeatures {
  std::array<uint8_t, 256> ngram{};   // N per first char (0/1: none)
  std::array<uint8_t, 256> skips{};   // K per first char
  std::array<uint64_t, 256> affix{};  // VW's packed nibbles per first char
  std::array<bool, 256> spelling{};
  std::array<std::vector<std::shared_ptr<const Dictionary>>, 256> dictionaries;
  std::array<unsigned char, 256> redefine{};  // first char -> new first char
  bool redefine_some = false;
  uint32_t slot_mask = 0x3FFFF;  // 2^b - 1: a dictionary feature's name shows its slot, as VW
  bool hash_all = false;  // --hash all (the affix hash follows it; spelling is always hashstring)
  std::string arguments;  // the flags that made it, for the cache key

  bool parse_time() const;  // affix, spelling, dictionary or redefine in use
  bool grams() const;       // some N > 1
  std::string cache_key() const { return parse_time() ? arguments : std::string(); }
};

// Argument parsers; each throws UsageError naming the flag and the argument.
// --ngram / --skips: "N" (every namespace) or "xN" (namespace x); later wins.
void parse_grams(const std::vector<std::string>& args, const char* flag, unsigned max, std::array<uint8_t, 256>& dest);
// --affix "+2t,-3t,+1": sign (default +), length 1..7, optional namespace.
void parse_affix(const std::string& arg, std::array<uint64_t, 256>& dest);
// --spelling x (one character; '_' = the default namespace).
void parse_spelling(const std::vector<std::string>& args, std::array<bool, 256>& dest);
// --redefine N:=S (see above), applied in order.
void parse_redefine(const std::vector<std::string>& args, TextFeatures& out);
// --dictionary [x:]file: reads the file (plain or gzip) with the parser's
// hashing; its lines are "word features..." (a line without features is
// skipped; the first line of a word wins). Throws Error naming the file when
// it cannot be read, InputError(file, line) for a malformed line.
// A relative file name is looked up as VW does: in each --dictionary_path
// directory in order (`search_path`), then in the current directory (VW then
// also tries every directory of $PATH; learner does not: see README).
void add_dictionary(const std::string& arg, const std::vector<std::string>& search_path, bool hash_all,
                    uint32_t hash_seed, TextFeatures& out);
// Where add_dictionary reads `name` from (see above); UsageError when no
// --dictionary_path directory nor the current directory holds it.
std::string find_dictionary(const std::string& name, const std::vector<std::string>& search_path);

// The parse-time generators on one parsed example. Needs ex.tokens (the
// parser's keep_tokens) when affix, spelling or dictionary are on; fills
// names of the generated features when ex.names is filled. Clears tokens.
void apply_parse_time(const TextFeatures& text, Example& ex);

// Appends to `feats` the n-grams of one namespace group, the `count`
// features at [begin, begin + count) of `feats`. With `names` (parallel to
// `feats`, feature part of names[i] starting at prefix[i]) it appends their
// names and prefixes too.
void add_ngrams(unsigned n_max, unsigned skips, std::vector<Feature>& feats, uint32_t begin, uint32_t count,
                std::vector<std::string>* names, std::vector<uint32_t>* prefix);
// How many features add_ngrams(n_max, skips, ..., count, ...) appends, or
// `cap` when that is at least `cap` (the count saturates; O(n_max * skips)).
uint64_t ngram_count(unsigned n_max, unsigned skips, uint64_t count, uint64_t cap);

}  // namespace learner
