// --neighbors REF of learner-ratings: the item-kNN value of each (user, item) line,
// learner::prep::neighbor_deviations (learner/prep/rating_neighbors.h: Koren 2010's kNN with
// baseline, out-of-fold for pairs that are in REF), computed in-process as the
// rating_neighbors tool computed it for scripts/ratings2vw:
//   * ids are numbered in order of first appearance, REF's lines first, then the queries
//     (users and items apart): the kNN's tie-break (lower item id first) is unchanged;
//   * a (user, item) pair repeated in REF keeps its last rating; `repeated` counts them;
//   * each value is printed "%.5f" (of v + 0.0: never "-0.00000").
// REF is read with RatingReader (the given format); no ratings in REF throws learner::Error
// "<ref>: no ratings".
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "learner/io/line_reader.h"
#include "learner/prep/rating_neighbors.h"
#include "learner/ratings/rating_reader.h"

namespace learner::ratings {

struct ReferenceRatings {
  std::vector<std::string> users, items;  // per rating
  std::vector<float> values;
  std::string name;
};

ReferenceRatings load_reference(LineReader& in, RatingFormat format);

// One "%.5f" value per query.
std::vector<std::string> neighbor_values(const ReferenceRatings& ref,
                                         const std::vector<std::pair<std::string, std::string>>& queries,
                                         const prep::NeighborOptions& options, std::size_t& repeated);

}  // namespace learner::ratings
