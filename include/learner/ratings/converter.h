// learner-ratings: rating lines -> learner (VW) text lines, as scripts/ratings2vw's awk
// program wrote them, byte for byte:
//
//   RATING |u USER[ USER_ATTRS][ IMPLICIT] |i ITEM[ GENRES][ |d USER_DAY:SCALE]    (--side-in-ui)
//   RATING |u USER[ IMPLICIT] |i ITEM[ |a USER_ATTRS][ |g GENRES][ |d USER_DAY:SCALE]
//
// With --tags, RATING is followed by " 'USER_ITEM" (VW's tag, which learner -p writes after each
// prediction); an id holding '_' is then an error (the tag would not say where the user ends).
// RATING is the rating token as written; |a is written whenever --users is given, |g when
// the item has a genre; |d USER_DAY:SCALE with DAY = floor(timestamp / 86400) (--user-day,
// timeSVD++'s day-specific user bias b_{u,t}, Koren 2009); under --side-in-ui --centered the
// side features get their ~twins (side_info.h). --neighbors adds " |k knn:V" at the end
// (neighbor_column.h); it needs every line first, so Converter keeps the lines then.
//
// Errors: learner::InputError "<file>:<line>: <reason>" for a bad rating line (rating_reader.h)
// and for a user (item) missing from --users (--items): 'user "U" is not in FILE'.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "learner/io/line_reader.h"
#include "learner/ratings/convert_options.h"
#include "learner/ratings/side_info.h"

namespace learner::ratings {

struct SideTables {
  const FeatureTable* users = nullptr;     // --users, or null
  const FeatureTable* items = nullptr;     // --items, or null
  const FeatureTable* implicit = nullptr;  // --implicit, or null
};

class Converter {
 public:
  // `options` and `tables` must outlive the converter.
  Converter(const ConvertOptions& options, const SideTables& tables);

  // Converts every line of `in` and appends them to `out`; whenever `out` passes 1 MiB and
  // `flush` is set, flush(out) is called (it should write and clear it: streaming). With
  // keep_ids, the (user, item) of each line is also appended to ids() (for --neighbors).
  void convert(LineReader& in, std::string& out, bool keep_ids = false,
               const std::function<void(std::string&)>& flush = {});

  const std::vector<std::pair<std::string, std::string>>& ids() const { return ids_; }

 private:
  const ConvertOptions& options_;
  SideTables tables_;
  std::vector<std::pair<std::string, std::string>> ids_;
};

}  // namespace learner::ratings
