// VW text format parser (design/vw-compat.md section 1d):
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
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "learner/example.h"

namespace learner {

struct ParseOptions {
  bool hash_all = false;      // --hash all
  uint32_t hash_seed = 0;     // --hash_seed
  bool keep_names = false;    // fill Example::names ("ns^feat") for --invert_hash/--audit
};

class TextParser {
 public:
  explicit TextParser(ParseOptions options) : options_(options) {}
  // Parses `line` into `ex` (cleared first; ex.line = line_no). Returns false
  // for a blank line (no example). Throws InputError(file, line_no, ...).
  bool parse(std::string_view line, Example& ex, const std::string& file, uint64_t line_no) const;

 private:
  ParseOptions options_;
};

}  // namespace learner
