// One namespace of a VW text line (private to the parse stage).
#pragma once

#include <cstddef>
#include <string_view>

#include "learner/example.h"
#include "learner/parse/parse_detail.h"
#include "learner/parse/text_parser.h"
#include "line_scan.h"

namespace learner {

// namespace := [name[:weight]] (blank feature)*: the bytes [begin, end) of
// `line` (between one '|' and the next, or the end), whose separators `scan`
// marked. Appends one NamespaceSpan and its features (and names when
// options.keep_names, raw tokens when options.keep_tokens) to `ex`.
void parse_namespace(std::string_view line, std::size_t begin, std::size_t end, const LineScan& scan,
                     const ParseOptions& options, Example& ex, const LineContext& ctx);

}  // namespace learner
