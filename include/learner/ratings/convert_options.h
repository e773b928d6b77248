// The command line of learner-ratings (and of scripts/ratings2vw, which execs it): the
// options of the former awk converter, parsed the same way. "--opt VALUE" and
// "--opt=VALUE"; "-" is standard input; "--" ends the options; the last of a repeated
// option wins. Values are checked as ratings2vw checked them:
//   --format       auto, tab, dcolon or csv
//   --user-day     a positive finite decimal number, kept normalised with %.6g (0.50 -> 0.5)
//   --neighbors-k  a positive whole number; --neighbors-shrink a decimal number >= 0 (below
//                  1e300); both need --neighbors
// A bad command line throws learner::UsageError with ratings2vw's message ("--implicit needs a
// value", "unknown option '--x'", ...); main() exits 2 on it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "learner/prep/rating_neighbors.h"
#include "learner/ratings/rating_reader.h"

namespace learner::ratings {

struct ConvertOptions {
  bool help = false;
  RatingFormat format = RatingFormat::kAuto;
  std::string users;      // --users FILE ("" = none)
  std::string items;      // --items FILE
  std::string implicit;   // --implicit FILE
  std::string neighbors;  // --neighbors REF
  bool side_in_ui = false;
  bool centered = false;
  bool tags = false;      // --tags: each line carries the tag 'USER_ITEM (learner -p writes it after the prediction)
  std::optional<std::string> user_day;  // --user-day SCALE, as printed (%.6g)
  prep::NeighborOptions neighbor;       // --neighbors-k, --neighbors-shrink
  std::vector<std::string> files;       // inputs; {"-"} when none is given
};

ConvertOptions parse_convert_options(const std::vector<std::string>& args);

// A decimal number as ratings2vw's checks read one: ^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$
bool is_decimal(const std::string& s);

}  // namespace learner::ratings
