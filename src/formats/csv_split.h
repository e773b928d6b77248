// One CSV line split into cells, RFC 4180 quoting as VW's CSV parser reads it:
// a cell that starts with '"' runs to the next '"' that is followed by the
// separator or the end of the line, and "" inside it is one quote. A quote
// elsewhere in an unquoted cell is an error (strict: VW reads it as an
// ordinary character, RFC 4180 does not allow it). Private to the formats
// stage.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "learner/parse/parse_detail.h"

namespace learner {

struct CsvCell {
  std::string_view text;  // without the outer quotes, "" unescaped
  bool quoted = false;
};

// Splits `line` (a trailing CR, form feed or vertical tab and a leading
// UTF-8 BOM already dropped by the caller) on `separator`. Cells point into
// `line` or, when they held "" escapes, into `storage` (reserved to the line's
// size first, so it never moves). A quote left open, a closing quote
// followed by anything but the separator, or a quote inside an unquoted cell
// is an InputError naming the column.
void split_csv(std::string_view line, char separator, std::vector<CsvCell>& cells, std::string& storage,
               const LineContext& ctx);

}  // namespace learner
