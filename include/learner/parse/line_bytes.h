// The byte-level checks every line reader of example text shares (VW text,
// --json, --dsjson, --csv; vw2json before it converts a line): whatever the
// grammar, a line of text holds no control byte, so a binary file (an
// executable, a model, a cache given as data) stops at its first line that
// has one, naming file:line and the column, instead of being read as
// examples. A NUL byte is binary data (BinaryData): no text file holds one
// and every binary format does, early, so the run stops even with --lenient
// (driver.cc), which would otherwise skip the lines with control bytes and
// learn from the few that happen to parse (issue 28: an executable gave
// 2,539 CSV "examples", and one of VW text). Other control bytes are
// malformed lines like any other.
#pragma once

#include <string_view>

#include "learner/error.h"

#include "learner/parse/parse_detail.h"

namespace learner {

// A line holding a NUL byte: binary data, not text.
class BinaryData : public InputError {
 public:
  using InputError::InputError;
};

// The line without a leading UTF-8 byte order mark.
std::string_view without_bom(std::string_view line);

// Throws BinaryData at the first NUL byte ("NUL byte at column N: binary
// data, not text"), else InputError (ctx, "control byte at column N (binary
// data?)", token "\xNN") at the first byte below 0x20 other than tab, or
// 0x7f. Bytes >= 0x80 (UTF-8) are not checked here. Vectorised: one pass over
// the line when it is clean.
void reject_control_bytes(std::string_view line, const LineContext& ctx);

}  // namespace learner
