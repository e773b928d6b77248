// first_zero: see decay_root.h.
#include "decay_root.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "numeric.h"
#include "root.h"

namespace learner::detail {
namespace {

// c e^{k h} for any sign of c, saturating instead of overflowing.
double term(double c, double k, double h) {
  return c >= 0.0 ? capped_exp(c, k * h) : -capped_exp(-c, k * h);
}

// Zero of fn, monotone on [u, w] with opposite signs at the ends (increasing:
// fn(u) < 0); with safe, the result is on fn(u)'s side.
template <class Fn>
double monotone_zero(Fn&& fn, double u, double w, bool increasing, bool safe) {
  const double sign = increasing ? 1.0 : -1.0;
  auto oriented = [&](double h) {
    const RootEval e = fn(h);
    return RootEval{sign * e.f, sign * e.df};
  };
  return solve_bracketed(oriented, u, w, 0.5 * (u + w), {.max_iter = 200, .safe_side = safe});
}

}  // namespace

double ExpSum::value(double h) const { return a + b * h + term(c1, alpha, h) + term(c2, beta, h); }
double ExpSum::slope(double h) const {
  return b + term(c1 * alpha, alpha, h) + term(c2 * beta, beta, h);
}
double ExpSum::curvature(double h) const {
  return term(c1 * alpha * alpha, alpha, h) + term(c2 * beta * beta, beta, h);
}

double first_zero(const ExpSum& f, double h_max) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (!(f.value(0.0) > 0.0)) return 0.0;
  if (!(h_max > 0.0)) return kInf;
  double cuts[4];
  int n = 0;
  cuts[n++] = 0.0;
  // Zero of f'' (where the two exponential curvatures cancel).
  const double k1 = f.c1 * f.alpha * f.alpha, k2 = f.c2 * f.beta * f.beta;
  if (k1 * k2 < 0.0 && f.alpha != f.beta) {
    const double h_infl = std::log(-k2 / k1) / (f.alpha - f.beta);
    if (h_infl > 0.0 && h_infl < h_max) cuts[n++] = h_infl;
  }
  cuts[n++] = h_max;
  // Split each piece at the zero of f' (monotone there since f'' keeps its sign).
  double pieces[6];
  int m = 0;
  pieces[m++] = 0.0;
  for (int i = 0; i + 1 < n; ++i) {
    const double u = cuts[i], w = cuts[i + 1];
    const double su = f.slope(u), sw = f.slope(w);
    if ((su < 0.0 && sw > 0.0) || (su > 0.0 && sw < 0.0)) {
      auto slope_eval = [&](double h) { return RootEval{f.slope(h), f.curvature(h)}; };
      pieces[m++] = monotone_zero(slope_eval, u, w, su < 0.0, false);
    }
    pieces[m++] = w;
  }
  auto value_eval = [&](double h) { return RootEval{f.value(h), f.slope(h)}; };
  for (int i = 0; i + 1 < m; ++i) {
    const double u = pieces[i], w = pieces[i + 1];
    if (!(w > u)) continue;
    if (f.value(w) <= 0.0) return monotone_zero(value_eval, u, w, false, true);
  }
  return kInf;
}

}  // namespace learner::detail
