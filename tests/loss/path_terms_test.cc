// Issue 17, defect 10: a path keeps every dyadic term it is given (3
// --dotproduct pairs under a scoring filter tree need 6), and refuses rather
// than drops one past its capacity.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "learner/loss/path.h"

namespace learner {
namespace {

TEST(PathTerms, SixTermsAllMoveThePrediction) {
  PredictionPath path = PredictionPath::linear(0.5, 0.25);
  double expected_at_t = 0.5 + 0.25 * 0.3;
  for (int j = 0; j < 6; ++j) {
    const double k = 0.1 * (j + 1), P = 0.2 + 0.05 * j, M = 0.1 + 0.02 * j;
    path.add_term(k, P, M);
    expected_at_t += 0.5 * (P * std::exp(2 * k * 0.3) - M * std::exp(-2 * k * 0.3));
  }
  EXPECT_EQ(path.n_extra, 5);
  EXPECT_NEAR(path.at(0.3), expected_at_t, 1e-12);
  const double target = path.at(0.3);
  EXPECT_NEAR(path.inverse(target), 0.3, 1e-9);
}

TEST(PathTerms, PastCapacityIsAnErrorNotASilentDrop) {
  PredictionPath path;
  for (int j = 0; j < PredictionPath::kMaxTerms; ++j) path.add_term(1.0, 1.0, 0.5);
  EXPECT_THROW(path.add_term(1.0, 1.0, 0.5), std::length_error);
}

}  // namespace
}  // namespace learner
