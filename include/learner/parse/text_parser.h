// VW text format parser (docs/vw-compat.md section 1d):
//
//   line     := label_part ( '|' namespace )+          (at least one '|')
//   label_part := [label [importance [base]]] ['tag | tag]   tokens split on blanks;
//                 a tag starts with ' or is the last token touching the first '|'
//   namespace:= [name[:weight]] ( ' ' feature )*
//   feature  := name[:value] | ':'value (anonymous: index ns_hash + k, k counting
//               from 0 within the namespace)   name[:strval] chain-hashes strval
//
// Strict about numbers: a label, importance, base, namespace weight or value
// must be a finite decimal number (strtod consumed the whole token); NaN, inf,
// negative importance, an empty feature name with a value ("a :1" is fine,
// ":"-only or "x:" is not), binary garbage (NUL or other control bytes) are
// errors. A UTF-8 BOM at the start of a line and a trailing CR are stripped.
// Value-0 features are dropped, as in VW. Errors throw learner::InputError
// with the file, the line number, the reason and the offending token.
//
// Details (VW's behaviour unless marked "strict"):
//  * Blanks are spaces and tabs. The label part is everything before the
//    first '|'; every later '|' starts a namespace.
//  * A tag is the last label-part token when it starts with ' (stripped) or
//    touches the '|': so in `1|a x` the "1" is a tag and there is no label.
//  * Namespace hash: hash_namespace(name, hash_seed, hash_all) (hash.h); the
//    default namespace (`| a`, `|` then a blank or nothing) has name "" and
//    first ' '. `|:2` (a weight without a name) is an error (strict).
//  * A feature value that does not start like a number ("red", "nanny") is
//    a string value: index = hash_feature(value, hash_feature(name, ns)),
//    value 1 (also for `:red`), not scaled by the namespace weight (VW).
//    VW's --chain_hash changes nothing here: its text format always
//    chain-hashes (the flag is for JSON, src/formats/json_reader.h). One that starts like a number but has junk
//    ("1.5x", "0x10", "1:2") is an error (strict; VW warns). `x:` and `:`
//    are errors (strict; VW reads `x:` as `x`).
//  * `:v` features take index ns_hash + k, k counting every `:v` of the
//    namespace from 0, dropped zeros included.
//  * Control bytes (< 0x20 except tab, and 0x7f) anywhere after stripping
//    the BOM and one trailing CR are errors (strict); the token shown is
//    "\xNN". Tokens in messages are cut to 80 bytes plus "...".
//  * keep_names: VW's audit name: "ns^feat" with ns the full namespace name;
//    the default namespace gives "feat", a string value "ns^feat^value", an
//    anonymous feature "ns^".
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "learner/example.h"
#include "learner/parse/class_labels.h"
#include "learner/parse/example_parser.h"
#include "learner/parse/ignored_json_features.h"
#include "learner/parse/input_format.h"
#include "learner/parse/label_format.h"

namespace learner {

// The labels a run accepts (simple labels only; the CLI sets it): a label
// outside [min, max] (Loss::label_min/label_max) is an input error naming
// `loss`, where the loss would print a negative or NaN average; with
// `signs` set, a label other than -1 and 1 is an input error naming
// `signs`, who needs them (a mistake-driven learner, --binary).
struct LabelDomain {
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  std::string loss;
  std::string signs;  // "" (any label in [min, max]) or who needs -1/1: "the perceptron learner", "--binary"
  bool bounded() const { return min > -std::numeric_limits<double>::infinity() || max < std::numeric_limits<double>::infinity(); }
};

struct ParseOptions {
  bool hash_all = false;      // --hash all
  uint32_t hash_seed = 0;     // --hash_seed
  bool keep_names = false;    // fill Example::names ("ns^feat") for --invert_hash/--audit
  bool keep_tokens = false;   // fill Example::tokens/token_ends (raw feature names) for --affix etc.
  LabelFormat labels = LabelFormat::kSimple;  // the reductions' label grammars (label_format.h)
  uint32_t classes = 0;       // K: class ids must lie in 1..K (0: any id >= 1)
  std::shared_ptr<const ClassLabels> class_labels;  // --named_labels / --indexing 0 (class_labels.h); null: 1..K
  LabelDomain label_domain;   // simple labels: the loss's domain
  InputFormat format = InputFormat::kText;  // --json, --dsjson, --csv
  bool chain_hash = false;    // --chain_hash: JSON string values hash as VW's text name:value
  std::shared_ptr<const IgnoredJsonFeatures> ignored_json;  // --ignore_features_dsjson_experimental; null: none
  CsvOptions csv;             // --csv settings
};

class TextParser : public ExampleParser {
 public:
  explicit TextParser(ParseOptions options) : options_(std::move(options)) {}
  // Parses `line` into `ex` (cleared first; ex.line = line_no). Returns false
  // for a blank line (no example). Throws InputError(file, line_no, ...).
  bool parse(std::string_view line, Example& ex, const std::string& file, uint64_t line_no) const override;
  // No per-run state: its scratch (the line's separator bitmaps, the
  // namespace hashes) is thread_local.
  bool concurrent() const override { return true; }

 private:
  ParseOptions options_;
};

}  // namespace learner
