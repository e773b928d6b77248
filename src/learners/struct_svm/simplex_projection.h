// Projection onto the probability simplex under a diagonal (Mahalanobis)
// metric: the step objective 1 of seed 001 (issue 14) takes after each
// AdaGrad update of the cost weights v, whose metric is AdaGrad's diagonal d.
// The seed cites Duchi, Shalev-Shwartz, Singer & Chandra (ICML 2008) for the
// Euclidean case and leaves the weighted one to derive; it is derived here.
//
// Problem. Given u in R^n and d in [0, inf)^n,
//     minimise  sum_i d_i (v_i - u_i)^2   subject to  v_i >= 0,  sum_i v_i = 1.
//
// Derivation (all d_i > 0). The objective is strictly convex and the feasible
// set is a non-empty compact polytope, so the minimiser is unique and the KKT
// conditions characterise it. With a multiplier 2 theta for the equality and
// mu_i >= 0 for v_i >= 0:
//     2 d_i (v_i - u_i) + 2 theta - mu_i = 0,   mu_i v_i = 0.
// If v_i > 0 then mu_i = 0 and v_i = u_i - theta / d_i; if v_i = 0 then
// mu_i = 2 (theta - d_i u_i) >= 0, i.e. u_i - theta / d_i <= 0. Both cases read
//     v_i = max(0, u_i - theta / d_i),
// and theta is fixed by the sum: f(theta) = sum_i max(0, u_i - theta / d_i) = 1.
// f is continuous, piecewise linear and non-increasing; it is strictly
// decreasing wherever it is positive, tends to +inf as theta -> -inf and is 0
// for theta >= max_i d_i u_i. So exactly one theta solves f(theta) = 1.
// Coordinate i is active (v_i > 0) exactly when theta < t_i := d_i u_i, its
// breakpoint. Sort the breakpoints in decreasing order, t_(1) >= ... >= t_(n),
// and let U_k = sum_{j<=k} u_(j), D_k = sum_{j<=k} 1 / d_(j). On the interval
// [t_(k+1), t_(k)] (t_(n+1) = -inf) exactly the first k coordinates can be
// active and f(theta) = U_k - theta D_k, so
//     f(t_(k+1)) = U_k - t_(k+1) D_k      (coordinate k+1 is 0 at its own breakpoint),
// a sequence that does not decrease with k. Take the first k (k = 1, 2, ...)
// with f(t_(k+1)) >= 1 (k = n at the latest, f(-inf) = inf); then f(t_(k)) < 1
// <= f(t_(k+1)), hence t_(k+1) < t_(k) strictly, the root lies in
// [t_(k+1), t_(k)) and
//     theta = (U_k - 1) / D_k.
// Ties among breakpoints need no special case: inside a group of equal t the
// test f(t_(k+1)) >= 1 cannot switch (f(t_(k)) = f(t_(k+1))), so the stop is
// never inside a group. Cost: the sort, O(n log n), then O(n). With every
// d_i = 1 this is Duchi et al.'s algorithm (theta = (U_k - 1) / k).
//
// Zero weights. d_i = 0 puts no price on moving v_i: such coordinates are
// free and the minimiser is no longer unique. We return the limit of the
// unique minimisers when every d_i = 0 is replaced by the same eps -> 0+:
// with P = {i : d_i > 0}, Z = {i : d_i = 0} and s = sum_{i in P} max(0, u_i),
//   * s >= 1: the coordinates in Z are 0 and P is projected as above;
//   * s <  1: v_i = max(0, u_i) on P (their unconstrained optimum), and Z
//     shares the rest, 1 - s, as the Euclidean projection of u_Z onto
//     {v >= 0, sum v = 1 - s} (the same algorithm with unit weights).
// (With d_i = eps on Z, theta = eps phi: v_Z = max(0, u_Z - phi) and
// v_P -> max(0, u_P - 0) whenever phi stays bounded, i.e. when s < 1; when
// s > 1 theta tends to P's own root > 0 and v_Z -> 0.) Every d_i = 0 is
// thus the Euclidean projection.
//
// Errors: learner::Error for n = 0, sizes that differ, a non-finite u_i, or
// a d_i that is negative or not finite.
#pragma once

#include <span>
#include <utility>
#include <vector>

namespace learner {

// The minimiser v above; `mass` generalises the simplex to sum v = mass
// (mass > 0 and finite, else learner::Error).
std::vector<double> project_weighted_simplex(std::span<const double> u, std::span<const double> d,
                                             double mass = 1.0);

// The same into `v` (v.size() == u.size()), using `scratch` for the sort; no
// allocation once scratch has reached n.
void project_weighted_simplex(std::span<const double> u, std::span<const double> d, double mass,
                              std::span<double> v, std::vector<std::pair<double, std::size_t>>& scratch);

}  // namespace learner
