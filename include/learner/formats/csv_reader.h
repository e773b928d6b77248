// VW's CSV mode (--csv), one example per line, hashed as VW 9.11's
// csv_parser so that a CSV example and its VW text equivalent give the same
// feature indices.
//
// Header: the file's first line, or --csv_header "h1,h2,..." (then the file's
// first line is still a header, checked for its column count and skipped, unless
// --csv_no_file_header). A header cell is "_label", "_tag", "name" (a feature of
// the default namespace), "ns|name" (a feature of namespace ns) or "" / "ns|"
// (anonymous features: index ns_hash + k, k counting the namespace's anonymous
// numbers from 0). Outer double quotes of header cells are removed.
//
// Cells (RFC 4180 quoting: "a,b" is one cell, "" inside quotes is one quote):
//  * _label: the label part of a VW text line ("1", "-1 2", "2:0.5 3:1"); empty = unlabeled.
//  * _tag: the tag (a leading ' is dropped).
//  * a feature cell: empty = no feature; an unquoted number (blanks around it
//    allowed) = value times the namespace's --csv_ns_value factor, 0 dropped;
//    a quoted cell or a word that is not a number = a string feature of value 1
//    hashed hash(value, hash(name, ns)) (VW's chain hash).
// Namespaces are emitted in the order they first appear in the header.
//
// Strict: a line whose column count differs from the header's, a cell that
// starts like a number but is not one ("1.5x"), nan/inf, an overflowing
// number, an unclosed quote or one inside an unquoted cell, an empty line, an
// empty header, a header cell with two '|', two _label or _tag columns, a
// control byte (binary data; learner/parse/line_bytes.h): InputError naming
// file:line and the column (number and header name).
#pragma once

#include <memory>
#include <string_view>

#include "learner/parse/example_parser.h"
#include "learner/parse/text_parser.h"

namespace learner {

std::unique_ptr<ExampleParser> make_csv_reader(const ParseOptions& options);

// --csv_separator's value: one character, or "\t" for a tab. Refused
// (UsageError): '"', '|' and ':' (as in VW), and, strict, what cannot
// separate cells: control and non-ASCII bytes, letters, digits, '.', '+', '-'
// and '_' (they occur in numbers, words and the _label/_tag header).
char csv_separator(std::string_view text);

}  // namespace learner
