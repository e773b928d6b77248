// The loss-augmented max of the structured SVM of seed 001 (objective 1 with
// the cost weights v fixed; issue 14), for one example with K classes.
//
// Scores s_k = w.g(x, k) + b.l(k) (g the class-offset copy of x, l(k) the
// class's indicator, so b_k is class k's bias), truth y. A mistake (y, k)
// costs c_k = K_c v_{S(y,k)} (equation 3; K_c the cost scale, S from
// cost_factors.h) and c_y = 0. Example i's term of objective 1 is
//     h(s) = max_k (c_k + s_k - s_y) >= 0        (k = y gives 0),
// a convex, piecewise-linear function of the scores. With k* an argmax, a
// subgradient is
//     dh/ds_k = [k = k*] - [k = y]                (0 when k* = y),
//     dh/dv_S = K_c [S = S(y, k*)],
// and through the scores dh/dw = g(x, k*) - g(x, y), dh/db = l(k*) - l(y).
// Where the argmax is unique h is differentiable and these are its gradient.
// Ties: the truth wins a tie (h = 0, zero subgradient: no update for an
// example exactly on its margin); otherwise the lowest class index.
//
// Prediction is equation 2: argmax_k s_k (no costs), lowest index on ties.
#pragma once

#include <cstdint>
#include <span>

#include "learner/learners/struct_svm/cost_factors.h"

namespace learner {

struct HingeResult {
  uint32_t argmax = 0;  // k*
  double value = 0.0;   // h = c_{k*} + s_{k*} - s_y
};

// c_k = scale v_{S(truth, k)} for k != truth, c_truth = 0. v has
// factors.size() entries, out has factors.classes(); truth < classes.
void class_costs(const CostFactors& factors, std::span<const double> v, double scale, uint32_t truth,
                 std::span<double> out);

// h and k* from scores and costs (same size K >= 1, truth < K; unchecked
// beyond asserts in debug builds).
HingeResult loss_augmented_max(std::span<const double> scores, uint32_t truth, std::span<const double> costs);

// grad_k = [k = k*] - [k = truth]: the subgradient of h with respect to the
// scores for the result `r` (grad has K entries).
void hinge_score_subgradient(const HingeResult& r, uint32_t truth, std::span<double> grad);

// Equation 2.
uint32_t predict_class(std::span<const double> scores);

}  // namespace learner
