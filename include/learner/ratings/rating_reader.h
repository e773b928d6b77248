// Rating files, line by line: MovieLens 100K u.data (tab), 1M/10M ratings.dat ("::")
// and ratings.csv (comma, header line). Shared by learner-ratings (the VW converter) and
// learner-spectral. The grammar is that of scripts/ratings2vw (before it became a wrapper):
//
//   tab     user<TAB>item<TAB>rating[<TAB>timestamp]        3 or 4 fields
//   dcolon  user::item::rating[::timestamp]                  3 or 4 fields
//   csv     [header] then user,item,rating[,...]             at least 3 fields
//
//  * Format kAuto is decided per file from its first line: "::" -> dcolon, else a tab ->
//    tab, else a comma -> csv, else an error ("cannot detect the format ...").
//  * CSV: when field 3 of the first line is not a number, the line is a header and the
//    columns are found by name (case-insensitive, quotes and blanks ignored): userId |
//    user_id | user, movieId | itemId | movie_id | item_id | item, rating, timestamp (the
//    last match wins). Without a header: columns 1, 2, 3 and 4.
//  * One trailing '\r' is stripped. A blank line (only spaces and tabs) is an error, and so is
//    a control byte other than tab (learner/parse/line_bytes.h: the ids become VW text, which
//    the learner would refuse; a NUL byte is BinaryData).
//  * User and item ids are tokens: non-empty, without blank, tab, '|' or ':'.
//  * The rating is parsed by learner::parse_number (the learner's strict parser): a decimal
//    literal, finite as a float. `rating` keeps the token as written (the converter prints it).
//  * With need_timestamp, every line needs a timestamp "[+-]digits" of at most 15
//    significant digits, and day = floor(timestamp / 86400) is filled in.
// Every error throws learner::InputError "<name>:<line>: <reason>" (the reasons of
// ratings2vw, word for word); read errors and corrupt gzip come from LineReader.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "learner/io/line_reader.h"

namespace learner::ratings {

enum class RatingFormat { kAuto, kTab, kDcolon, kCsv };

// "auto", "tab", "dcolon", "csv"; throws learner::UsageError otherwise.
RatingFormat parse_format(std::string_view name);

// One rating line; the views are valid until the next call of RatingReader::next.
struct RatingRecord {
  std::string_view user;
  std::string_view item;
  std::string_view rating;  // as written
  float value = 0.0f;       // the rating's value
  std::int64_t day = 0;     // floor(timestamp / 86400), only with need_timestamp
};

class RatingReader {
 public:
  // `in` must outlive the reader.
  RatingReader(LineReader& in, RatingFormat format, bool need_timestamp = false);

  // The next rating (a CSV header is skipped); false at the end of input.
  bool next(RatingRecord& out);

  const std::string& name() const { return in_.name(); }
  std::uint64_t line_number() const { return in_.line_number(); }

 private:
  void start(std::string_view line);  // first line: format, separator, CSV columns
  [[noreturn]] void fail(const std::string& reason) const;

  LineReader& in_;
  RatingFormat format_;
  bool need_timestamp_;
  std::string_view sep_;
  std::size_t ucol_ = 0, icol_ = 1, rcol_ = 2, tcol_ = 3;  // 0-based; kNone when absent
  std::size_t min_fields_ = 3;
  std::vector<std::string_view> fields_;
};

// Splits `line` at every occurrence of `sep` (empty fields kept, as awk's split).
void split_fields(std::string_view line, std::string_view sep, std::vector<std::string_view>& out);

// A VW feature-name token: non-empty, no blank, tab, '|' or ':'.
bool is_token(std::string_view s);

}  // namespace learner::ratings
