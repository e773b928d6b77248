// Pair files: the user-item pairs to predict (learner-bpmf --predict), one a line, a rating
// optional. The rating files of learner/ratings/rating_reader.h are pair files too.
//
//   blanks  user item [rating [timestamp]]            fields separated by tabs and/or spaces
//   dcolon  user::item[::rating[::timestamp]]
//   csv     [header] then user,item[,rating[,...]]    a header names its user and item columns
//                                                      (rating optional) as rating_reader.h's
//
//  * Format kAuto is decided per file from its first line: "::" -> dcolon, else a tab -> blanks,
//    else a comma -> csv, else a space -> blanks, else an error. kTab means blanks. A CSV first
//    line is a header when one of its fields names a user column and another an item column.
//  * One trailing '\r' is stripped; leading and trailing blanks of a blanks line are ignored.
//    A blank line is an error.
//  * Ids are tokens (ratings::is_token). A rating, when present, is parsed as rating_reader.h
//    parses one (strict, finite as a float); a timestamp field is not read.
// Every error throws learner::InputError "<name>:<line>: <reason>".
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "learner/io/line_reader.h"
#include "learner/ratings/rating_reader.h"

namespace learner::ratings {

struct PairRecord {
  std::string_view user;  // valid until the next call of PairReader::next
  std::string_view item;
  bool has_rating = false;
  float value = 0.0f;  // the rating, when has_rating
};

class PairReader {
 public:
  // `in` must outlive the reader.
  PairReader(LineReader& in, RatingFormat format);

  // The next pair (a CSV header is skipped); false at the end of input.
  bool next(PairRecord& out);

  const std::string& name() const { return in_.name(); }
  std::uint64_t line_number() const { return in_.line_number(); }

 private:
  void start(std::string_view line);  // first line: format, CSV columns
  void split(std::string_view line);
  [[noreturn]] void fail(const std::string& reason) const;

  LineReader& in_;
  RatingFormat format_;
  bool blanks_ = false;
  std::size_t ucol_ = 0, icol_ = 1, rcol_ = 2;  // 0-based; rcol_ kNone when a header has no rating
  std::size_t min_fields_ = 2;
  std::vector<std::string_view> fields_;
};

}  // namespace learner::ratings
