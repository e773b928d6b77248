// Reproducible train/test splits of a line-oriented file (learner-split,
// scripts/split): by a fraction of the lines, or by leaving K lines of every
// user out.
//
// Randomness: line n (1-based) of a run with seed s gets split_hash(s, n) in
// [0, 2^31-1), a fixed integer hash of (s, n) (three rounds of x -> x^2 + c
// modulo the prime P = 2^31-1 between multiplications by Park-Miller
// constants). It depends on the seed and the line's position, never on its
// content or on a library's random generator, so a split is the same on every
// run and machine, and the same as the awk script scripts/split was before
// this tool (its arithmetic was this one, in doubles that stay exact).
//   fraction F: line n goes to test when split_hash(s, n) < F * P.
//   leave-out K: for every user, the K lines with the smallest key
//     (hash, line number) go to test, the others to train; a user with K lines
//     or fewer stays entirely in train.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace learner {

class LineReader;
class OutputFile;

inline constexpr std::uint64_t kSplitPrime = 2147483647;  // 2^31 - 1

std::uint64_t split_hash(std::uint64_t seed, std::uint64_t line);

struct SplitSettings {
  std::uint64_t seed = 1;
  double test_fraction = -1;  // in [0, 1] for a fraction split; < 0 for leave-out
  std::uint64_t leave_out = 0;  // K >= 1 for a leave-out split
  // The user of a line, for leave-out: field `user_field` (1-based), fields
  // separated by runs of blanks/tabs (field_sep "" or " "), by one character,
  // or by an extended regular expression (two characters or more: "::"); or
  // else the first feature after "|vw_user_ns" in a VW line.
  int user_field = 0;
  std::string field_sep;
  std::string vw_user_ns;
};

struct SplitCounts {
  std::uint64_t train = 0, test = 0;
  std::uint64_t users = 0, small_users = 0;  // leave-out: users seen, users with <= K lines
};

// The user of one line by `settings` (field or VW namespace). Throws
// std::invalid_argument with what was missing ("no field 5 (the line has 3)",
// "no feature after namespace |u"); the caller adds file and line.
std::string split_user(const SplitSettings& settings, std::string_view line);

// Splits every line of `in` into `train` and `test` (line order kept; each
// line written with a final '\n'). Leave-out reads the input twice: a
// non-seekable source (standard input) is first held in memory. A blank line
// (only blanks, tabs, '\r') or a line without its user throws InputError
// "<source>:<line>: ..."; the outputs are then not committed (the caller's
// OutputFiles remove their temporaries), so a failed split changes nothing.
// Throws UsageError for a bad field_sep regular expression.
SplitCounts split_lines(const SplitSettings& settings, LineReader& in, OutputFile& train, OutputFile& test);

}  // namespace learner
