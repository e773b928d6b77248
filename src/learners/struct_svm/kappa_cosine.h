// The alternating variant of seed 001 section 2 that the seed reports beat
// objective 1 on skewed label distributions (issue 14, --learn_costs
// kappa_cosine): hold w fixed, measure how much more often the model makes
// each kind of mistake than chance (kappa difficulty), and choose v on the
// simplex to minimise its cosine similarity with that difficulty.
//
// kappa difficulty (difficulty option 1, Cohen's kappa form), from one pass
// of the model's own predictions M(x_i) (equation 2, not loss-augmented) over
// N examples (weighted): P_y(a) = share of truth a, P_M(b) = share of
// predictions b, P_S = share of examples with (truth, prediction) in S:
//     base rate  P(B_S) = P_y(a) P_M(b)                   (ordered S_{a->b})
//                P(B_S) = P_y(a) P_M(b) + P_y(b) P_M(a)   (unordered S_{a,b})
//     D_S = (P_S - P(B_S)) / (1 - P(B_S))                  (0 when P(B_S) = 1)
// (the seed writes P(B) in the numerator; we read it as P(B_S)).
//
// Minimise cosine similarity (minimisation option 2): min over v >= 0,
// sum v = 1 of cos(v, D) = v.D / (|v| |D|). The objective is invariant to the
// scale of v, so this is the smallest angle between -D and the non-negative
// orthant, i.e. the largest angle between D and the orthant:
//  * some D_S < 0: the non-negative vector closest in angle to -D is its
//    positive part, v = max(0, -D) / sum max(0, -D) (cos < 0; every other
//    v >= 0 has v.(-D) <= v.max(0,-D) <= |v| |max(0,-D)|, Cauchy-Schwarz);
//  * every D_S >= 0, some = 0: cos = 0 is the least possible (v.D >= 0) and
//    is reached by v uniform over the factors with D_S = 0;
//  * every D_S > 0: the angle to D is quasi-convex (its sub-level sets, for
//    angles up to 90 degrees, are convex cones), so its maximum over the
//    simplex is at a vertex, and cos(e_S, D) = D_S / |D|: v = e_S for the
//    smallest D_S (the lowest index on ties);
//  * D = 0 (cos undefined): v is left unchanged.
// So the learned v puts its weight on the mistakes the model makes less
// often than chance and none on the ones it makes more often.
#pragma once

#include <span>
#include <vector>

#include "learner/learners/struct_svm/cost_factors.h"

namespace learner {

// D_S for every factor from the pass's weighted counts: truth_counts[a],
// predicted_counts[b] (classes() entries each, equal totals N) and
// pair_counts[S] (the examples whose (truth, prediction) is in S). N = 0 gives
// D = 0. Throws learner::Error on sizes that differ or negative counts.
std::vector<double> kappa_difficulty(const CostFactors& factors, std::span<const double> truth_counts,
                                     std::span<const double> predicted_counts, std::span<const double> pair_counts);

// The minimiser of cos(v, D) on the simplex described above; `v` (same size
// as D) is overwritten unless D = 0.
void min_cosine_on_simplex(std::span<const double> d, std::span<double> v);

}  // namespace learner
