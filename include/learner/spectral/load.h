// Rating files into RatingSets for learner-spectral, through learner::ratings::RatingReader
// (formats, strict numbers and "<file>:<line>: <reason>" errors of the converter).
#pragma once

#include <string>
#include <vector>

#include "learner/io/line_reader.h"
#include "learner/ratings/rating_reader.h"
#include "learner/spectral/rating_set.h"

namespace learner::spectral {

// A test line: dense ids (IdMap::kMissing when unseen in training) and the true rating.
struct Query {
  std::uint32_t user;
  std::uint32_t item;
  double rating;
};

// Training ratings: ids added to `users` / `items`; levels = the distinct rating values.
// Throws learner::InputError for a bad line and for more than 64 distinct rating values
// (one event matrix each: real-valued ratings are not rating levels), and for no ratings.
RatingSet read_training(LineReader& in, ratings::RatingFormat format, IdMap& users, IdMap& items);

// Test ratings against the training ids (values need not be training levels).
std::vector<Query> read_queries(LineReader& in, ratings::RatingFormat format, const IdMap& users, const IdMap& items);

}  // namespace learner::spectral
