// One JSON line through simdjson's DOM parser, with VW-style diagnostics:
// shared by the --json / --dsjson reader (json_reader.cc) and the
// contextual-bandit reader (json_bandit.cc). Private to the formats stage.
#pragma once

#include <simdjson.h>

#include <string>
#include <string_view>

#include "learner/parse/parse_detail.h"

namespace learner {

// `line` without a byte-order mark, a trailing CR and control bytes (these
// throw InputError); the empty view when only blanks are left.
std::string_view json_line_text(std::string_view line, const LineContext& ctx);

// The parsed document of `line` (non-empty, from json_line_text). It lives in
// `parser` (and `buffer`, the padded copy simdjson reads) until their next
// use. Malformed JSON throws InputError naming ctx's file:line and, for a bad
// number, its column and token.
simdjson::dom::element parse_json_line(std::string_view line, simdjson::dom::parser& parser, std::string& buffer,
                                       const LineContext& ctx);

}  // namespace learner
