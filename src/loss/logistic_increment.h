// The logistic loss's exact importance-aware increment (internal to src/loss).
//
// With z = y p and sigma = q h, the flow dz/dsigma = 1 / (1 + e^z) of
// arXiv:1011.1576 moves z by the delta that solves
//
//     delta + e^{z0} expm1(delta) = sigma,
//
// i.e. z_new = x - W(e^x) with x = sigma + z0 + e^{z0} (W: Lambert's
// function). logistic_increment returns that delta, to the last bit that
// Newton's method in doubles reaches: from the upper bound
// min(sigma, log1p(sigma e^{-z0})) the function is increasing and convex, so
// the iterates decrease monotonically to the root. The iteration ends when
// f(delta) <= 0, when a step is under 1e-17 delta, or when a step no longer
// changes delta (f, a function of delta alone, then repeats itself: the
// result is the one the 100-step cap would give). Every finite start ends in
// a handful of steps; `newton_steps`, when given, receives their number
// (the count of expm1 evaluations).
//
// sigma <= 0 gives 0, sigma = +inf gives +inf, z0 > 40 gives the bound
// (e^{z0} expm1(delta) dominates to 1e-17). Finite, never past the label:
// 0 <= delta <= sigma.
#pragma once

namespace learner::detail {

double logistic_increment(double z0, double sigma, int* newton_steps = nullptr);

}  // namespace learner::detail
