// --implicit FILE of learner-ratings: SVD++'s implicit feedback (Koren 2008, "Factorization
// meets the neighborhood", section 4): the set N(u) of items user u rated in FILE, written
// into |u as features r<item>:<1/sqrt(|N(u)|)> so that under --dotproduct ui the user's
// latent vector becomes p_u + |N(u)|^(-1/2) sum_{j in N(u)} y_j.
//
// FILE is a rating file (RatingReader, the given format; values unused). Per user: the
// distinct items in FILE order, value printed with %.6g; with `centered` each feature is
// followed by its twin " ~r<item>:-<value>". Returns user id -> " r1:v r2:v ...". FILE
// without ratings throws learner::Error "<file>: no ratings"; bad lines InputError.
#pragma once

#include <string>
#include <unordered_map>

#include "learner/io/line_reader.h"
#include "learner/ratings/rating_reader.h"
#include "learner/ratings/side_info.h"

namespace learner::ratings {

FeatureTable load_implicit(LineReader& in, RatingFormat format, bool centered);

}  // namespace learner::ratings
