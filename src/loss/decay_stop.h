// The decaying flow's stop located on its Taylor series (internal to
// src/loss; issue 32).
//
// With mu > 0 the squared family's flow dt/dh = c (y - p(t, h)) is not
// followed to y: the decaying ODE (smooth_ode.cc, Decaying) stops where
//     S = d (p - y) + margin >= 0,
// margin = reach, or, where the decay pulls p away from y (d dp/dh < 0 at
// fixed t), max(reach, min(2 |dp/dh| / (p_t c), hover)): reach = 1e-9 of the
// step's initial gap |y - p0| (plus rounding), hover = 1e-3 of it. When a
// converged one-term series piece (flow_series.cc) comes that close to y,
// the same stop is located on the piece's polynomials instead of
// integrating the whole step again with the ODE: S on a grid of 32 points
// of s, the first sign change bisected to 2^-40 of the piece. The step is
// then t(s*) with importance h_done + s* piece consumed (UpdateStep::h_used).
// Accuracy: t to the series' 1e-8 (flow_series.h); near the stop dt/dh =
// c (y - p) is at most c hover, so where s* falls within the bisection's
// width changes t by far less.
#pragma once

namespace learner::detail {

struct DecayStopRule {
  double d;       // the direction of y seen from p0 (+1 or -1)
  double reach;   // 1e-9 |y - p0| + rounding
  double hover;   // 1e-3 |y - p0|
  double c;       // the flow rate: |g''| of the squared family
  double mu;      // the decay per unit importance
};

// The piece (re-based path q, kappa, P, M; importance piece_h; ch = c
// piece_h) by its series in s: t'(s) = sum_{m=1..n_a} a[m] s^(m-1), and
// U(s), V(s) = e^{+-2 kappa t(s) - mu piece_h s} = 1 + sum_{m=1..n_uv} U[m] s^m
// (V likewise; index 0 unused). True when S >= 0 somewhere in (0, 1]: then
// t = t(s*) and s = s*, the first such point; false when the flow stays
// short of the stop over the whole piece.
bool locate_decay_stop(const DecayStopRule& rule, double q, double kappa, double P, double M, double ch,
                       const double* a, int n_a, const double* U, const double* V, int n_uv, double& t, double& s);

}  // namespace learner::detail
