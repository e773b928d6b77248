// One VW text line written as a --json line with the same features (for
// tests and the JSON speed benchmark, src/tools/vw2json.cc):
//
//   label part  -> "_label": number (one numeric token) or "_label": "tokens" (else);
//                  the tag -> "_tag"
//   |ns[:w]     -> "ns": {...} (the default namespace: top-level members);
//                  numeric values are multiplied by w here (as the text parser does)
//   name        -> a word of the namespace's "_text"
//   name:number -> "name": number
//   name:string -> "name": "string"    (read it with --chain_hash to hash as the text does)
//   :number     -> "ns": [n0, n1, ...] (anonymous features; " " for the default namespace)
//
// Reading the result with `--json --chain_hash` gives the text line's features
// (indices and values) under the default --hash strings and --hash_seed 0.
// The output is valid JSON, UTF-8, which `learner --json` reads: a line the
// text reader refuses for its bytes (a control byte: learner/parse/
// line_bytes.h) or that is not UTF-8 is refused, not escaped (JSON cannot
// carry raw bytes, and an escaped control byte would be a feature the text
// never had). What JSON cannot say the same way is refused too: a name or
// namespace starting with '_' (a reserved key in JSON), a string value
// holding ':' (VW's JSON turns it into '_'). Blank lines give "".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace learner {

// Appends the JSON object for `line` and a newline to `out` (nothing for a
// blank line). Throws InputError "file:line_no: why (token ...)" on a line it
// cannot convert or that is not VW text.
void vw_line_to_json(std::string_view line, std::string& out, const std::string& file = "<line>",
                     uint64_t line_no = 1);

}  // namespace learner
