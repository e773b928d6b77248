// Bracketed Newton root finding, shared by PredictionPath::inverse, the
// decayed-kink search and the ODE event location (internal to src/loss).
//
// Newton's method with a backtracking line search (the step is halved while
// |f| does not decrease), kept inside a bracket [lo, hi] with f(lo) < 0 <= f(hi);
// a bisection step is taken whenever Newton leaves the bracket, does not
// decrease |f|, or makes slow progress (step larger than half the previous
// one, as in Numerical Recipes' rtsafe). Iteration-capped; never NaN for a
// finite bracket.
#pragma once

#include <cmath>
#include <limits>

namespace learner::detail {

struct RootEval {
  double f = 0.0;
  double df = 0.0;  // f'(x); 0 or non-finite disables the Newton step
};

struct RootOptions {
  int max_iter = 100;
  // Return a point with f(x) <= 0 (the lo side), never one past the root.
  bool safe_side = false;
  // Converged when a step or the bracket is below this (besides ~4 ulp).
  double abs_tol = 0.0;
};

// fn(x) -> RootEval. Requires lo < hi and f(lo) < 0 <= f(hi) (the endpoint
// values are assumed, not evaluated). x0 in [lo, hi] is the first guess.
template <class Fn>
double solve_bracketed(Fn&& fn, double lo, double hi, double x0, RootOptions opt = {}) {
  constexpr double kEps = std::numeric_limits<double>::epsilon();
  constexpr double kTiny = std::numeric_limits<double>::min();
  auto width_ok = [&](double a, double b) {
    return b - a <= 4.0 * kEps * std::fmax(std::fabs(a), std::fabs(b)) + kTiny + 2.0 * opt.abs_tol;
  };
  double x = (x0 >= lo && x0 <= hi) ? x0 : 0.5 * (lo + hi);
  RootEval e = fn(x);
  double last_step = hi - lo;
  for (int it = 0; it < opt.max_iter; ++it) {
    if (e.f == 0.0) return x;
    if (e.f < 0.0)
      lo = x;
    else
      hi = x;
    if (width_ok(lo, hi)) break;
    bool moved = false;
    if (e.df != 0.0 && std::isfinite(e.df)) {
      const double step = -e.f / e.df;
      if (std::fabs(step) <= 4.0 * kEps * std::fabs(x) + kTiny + opt.abs_tol) break;  // converged
      if (std::fabs(step) <= 0.5 * last_step) {
        double lambda = 1.0;
        for (int k = 0; k < 4 && !moved; ++k, lambda *= 0.5) {
          const double xn = x + lambda * step;
          if (!(xn > lo && xn < hi)) continue;
          const RootEval en = fn(xn);
          if (std::fabs(en.f) < std::fabs(e.f)) {
            last_step = std::fabs(lambda * step);
            x = xn;
            e = en;
            moved = true;
          } else if (en.f < 0.0) {
            lo = xn;
          } else {
            hi = xn;
          }
        }
      }
    }
    if (!moved) {
      last_step = hi - lo;
      x = 0.5 * (lo + hi);
      e = fn(x);
    }
  }
  if (!opt.safe_side || e.f <= 0.0) return x;
  // Converged on the far side: walk back toward lo by doubling offsets until
  // f <= 0, so the result never passes the root as evaluated by fn.
  double offset = std::fmax(kEps * std::fabs(x), kTiny);
  for (int k = 0; k < 64; ++k, offset *= 2.0) {
    const double xb = x - offset;
    if (xb <= lo) break;
    if (fn(xb).f <= 0.0) return xb;
  }
  return lo;
}

}  // namespace learner::detail
