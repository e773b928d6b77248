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

#include <algorithm>
#include <cmath>

namespace learner::detail {

struct DecayStopRule {
  double d;       // the direction of y seen from p0 (+1 or -1)
  double reach;   // 1e-9 |y - p0| + rounding
  double hover;   // 1e-3 |y - p0|
  double c;       // the flow rate: |g''| of the squared family
  double mu;      // the decay per unit importance
};

// The stop's margin, one formula for the ODE (smooth_ode.cc, Decaying::stop_value)
// and the series (locate_decay_stop): reach, or, where the decay pulls p away from y
// (d dp/dh < 0), max(reach, min(2 |dp/dh| / pull, hover)); pull() (dp/dt times the
// flow rate) is evaluated only then.
template <class Pull>
inline double decay_stop_margin(double d, double dp_dh, double reach, double hover, Pull pull) {
  if (!(d * dp_dh < 0.0)) return reach;
  return std::max(reach, std::min(2.0 * std::fabs(dp_dh) / pull(), hover));
}

namespace decay_stop_detail {

struct SeriesAt {
  double t, slope_t, u, v;  // t(s), t'(s), U(s), V(s)
};

inline SeriesAt series_at(const double* a, int n_a, const double* U, const double* V, int n_uv, double s) {
  double tp = a[n_a], t = a[n_a] / n_a;
  for (int m = n_a - 1; m >= 1; --m) {
    tp = tp * s + a[m];
    t = t * s + a[m] / m;
  }
  double u = U[n_uv], v = V[n_uv];
  for (int m = n_uv - 1; m >= 1; --m) {
    u = u * s + U[m];
    v = v * s + V[m];
  }
  return {t * s, tp, 1.0 + u * s, 1.0 + v * s};
}

}  // namespace decay_stop_detail

// The piece (re-based path q, kappa, P, M; importance piece_h; ch = c
// piece_h) by its series in s: t'(s) = sum_{m=1..n_a} a[m] s^(m-1), and
// U(s), V(s) = e^{+-2 kappa t(s) - mu piece_h s} = 1 + sum_{m=1..n_uv} U[m] s^m
// (V likewise; index 0 unused). True when S >= 0 somewhere in (0, 1]: then
// t = t(s*) and s = s*, the first such point; false when the flow stays
// short of the stop over the whole piece.
// (Header-only: a new .cc in src/loss would regroup the unity build's batches and change
// the code GCC makes for the linear path's update.)
inline bool locate_decay_stop(const DecayStopRule& rule, double q, double kappa, double P, double M, double ch,
                              const double* a, int n_a, const double* U, const double* V, int n_uv, double& t,
                              double& s) {
  // S(s) as the ODE's Decaying::stop_value computes it.
  auto stop_value = [&](double at, double& t_at) {
    const decay_stop_detail::SeriesAt x = decay_stop_detail::series_at(a, n_a, U, V, n_uv, at);
    t_at = x.t;
    const double dp_dh = -rule.mu * 0.5 * (P * x.u - M * x.v);
    const double margin = decay_stop_margin(rule.d, dp_dh, rule.reach, rule.hover,
                                            [&] { return (q + kappa * (P * x.u + M * x.v)) * rule.c; });
    return margin - rule.d * x.slope_t / ch;  // d (p - y) + margin, with y - p = t' / ch
  };
  constexpr int kGrid = 32;
  double t_at = 0.0;
  double lo = 0.0;
  for (int i = 1; i <= kGrid; ++i) {
    const double hi = static_cast<double>(i) / kGrid;
    const double value = stop_value(hi, t_at);
    if (!std::isfinite(value)) return false;
    if (value < 0.0) {
      lo = hi;
      continue;
    }
    // S(lo) < 0 <= S(hi): bisect to 2^-40 of the piece; the stop is the upper end.
    double up = hi, t_up = t_at;
    for (int k = 0; k < 35; ++k) {
      const double mid = 0.5 * (lo + up);
      double t_mid = 0.0;
      if (stop_value(mid, t_mid) >= 0.0) {
        up = mid;
        t_up = t_mid;
      } else {
        lo = mid;
      }
    }
    t = t_up;
    s = up;
    return true;
  }
  return false;
}

}  // namespace learner::detail
