// The first zero of f(h) = a + b h + c1 e^{alpha h} + c2 e^{beta h} (internal).
//
// On a decaying path (mu > 0) a piecewise-linear loss moves with t = v h
// (v = -g0 constant), so the distance to the kink along h is such a sum
// (docs/dyadic-update.md section 3, "with L2 regularisation"). It has at
// most three zeros: f'' vanishes at most once, so splitting [0, h_max] at the
// zero of f'' and then at the zeros of f' (one per piece) leaves pieces on
// which f is monotone, and the first piece whose right end is <= 0 holds the
// first zero, found by bracketed Newton.
#pragma once

namespace learner::detail {

struct ExpSum {
  double a = 0.0, b = 0.0;
  double c1 = 0.0, alpha = 0.0;
  double c2 = 0.0, beta = 0.0;

  double value(double h) const;
  double slope(double h) const;
  double curvature(double h) const;
};

// The first h in [0, h_max] where f reaches 0, given f(0) > 0; the result is
// on the f >= 0 side (it never passes the zero). +infinity when f > 0 on all
// of [0, h_max].
double first_zero(const ExpSum& f, double h_max);

}  // namespace learner::detail
