// The logistic loss's exact importance-aware increment (internal to src/loss).
//
// With z = y p and sigma = q h, the flow dz/dsigma = 1 / (1 + e^z) of
// arXiv:1011.1576 moves z by the delta that solves
//
//     delta + e^{z0} expm1(delta) = sigma,
//
// i.e. z_new = x - W(e^x) with x = sigma + z0 + e^{z0} (W: Lambert's
// function). logistic_increment returns that delta to a few ulp (1e-15
// relative of the root: a test holds it to a long-double root) with one expm1
// per step, which gives f, f' and f'' alike. From the upper bound
// min(sigma, log1p(sigma e^{-z0})) the function is increasing and convex;
// steps from the right are Halley's (cubic; at most twice Newton's), a step
// that lands left of the root is followed by Newton's (which lands right of
// it again). The iteration ends at f(delta) = 0, when a step no longer
// changes delta, or after a step under 1e-8 delta (what is left is of the
// order of that step squared: below an ulp). Three or four steps on the
// updates of a logistic run (Newton's method from the same start took five to
// seven, and 1.4 % of them spun to a 100-step cap once the step fell below
// delta's last bit); `newton_steps`, when given, receives their number (the
// count of expm1 evaluations).
//
// sigma <= 0 gives 0, sigma = +inf gives +inf, z0 > 40 gives the bound
// (e^{z0} expm1(delta) dominates to 1e-17). Finite, never past the label:
// 0 <= delta <= sigma.
#pragma once

namespace learner::detail {

double logistic_increment(double z0, double sigma, int* newton_steps = nullptr);

}  // namespace learner::detail
