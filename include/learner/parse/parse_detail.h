// Pieces of TextParser (private to the parse stage, declared for tests).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "learner/example.h"
#include "learner/parse/text_parser.h"

namespace learner {

// Where a line came from; fail() throws InputError(file, line, reason, token),
// with the token cut to 80 bytes.
struct LineContext {
  const std::string& file;
  uint64_t line;
  [[noreturn]] void fail(const std::string& reason, std::string_view token = {}) const;
};

inline bool is_blank(char c) { return c == ' ' || c == '\t'; }

// label_part := [label [importance [base]]] ['tag | tag touching the '|'].
// `part` is everything before the first '|'. Sets has_label, label,
// importance, base and tag of `ex`.
void parse_label_part(std::string_view part, Example& ex, const LineContext& ctx);
// The label part in the grammar options.labels selects (label_format.h);
// kSimple is parse_label_part.
void parse_label_part(std::string_view part, const ParseOptions& options, Example& ex, const LineContext& ctx);

// namespace := [name[:weight]] (blank feature)*, `segment` being the text
// between one '|' and the next (or the end). Appends one NamespaceSpan and
// its features (and names when options.keep_names) to `ex`.
void parse_namespace(std::string_view segment, const ParseOptions& options, Example& ex, const LineContext& ctx);

}  // namespace learner
