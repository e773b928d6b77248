// Private to src/ratings: what the rating readers (rating_reader.cc, pair_reader.cc) share about
// fields: a CSV header's column names and the words for a refused rating.
#pragma once

#include <string>
#include <string_view>

#include "learner/parse/number.h"

namespace learner::ratings {

// A CSV header field as a column name: lower case, without quotes and blanks.
inline std::string column_name(std::string_view field) {
  std::string h;
  for (char c : field) {
    if (c == '"' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') continue;
    h += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return h;
}

inline bool is_user_column(const std::string& h) { return h == "userid" || h == "user_id" || h == "user"; }
inline bool is_item_column(const std::string& h) {
  return h == "movieid" || h == "itemid" || h == "movie_id" || h == "item_id" || h == "item";
}

// Parses a rating token; returns "" when it is a finite number (in `value`), else the reason.
inline std::string parse_rating(std::string_view token, float& value) {
  switch (parse_number(token, value)) {
    case NumberStatus::kOk: return {};
    case NumberStatus::kNonFinite: return "rating \"" + std::string(token) + "\" is not a finite number";
    case NumberStatus::kOverflow: return "rating \"" + std::string(token) + "\" " + kOverflowReason;
    default: return "rating \"" + std::string(token) + "\" is not a number";
  }
}

}  // namespace learner::ratings
