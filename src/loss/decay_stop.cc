// The decaying flow's stop on a series piece (see decay_stop.h).
#include "decay_stop.h"

#include <algorithm>
#include <cmath>

namespace learner::detail {
namespace {

struct SeriesAt {
  double t, slope_t, u, v;  // t(s), t'(s), U(s), V(s)
};

SeriesAt series_at(const double* a, int n_a, const double* U, const double* V, int n_uv, double s) {
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

}  // namespace

bool locate_decay_stop(const DecayStopRule& rule, double q, double kappa, double P, double M, double ch,
                       const double* a, int n_a, const double* U, const double* V, int n_uv, double& t, double& s) {
  // S(s) as the ODE's Decaying::stop_value computes it.
  auto stop_value = [&](double at, double& t_at) {
    const SeriesAt x = series_at(a, n_a, U, V, n_uv, at);
    t_at = x.t;
    const double dp_dh = -rule.mu * 0.5 * (P * x.u - M * x.v);
    double margin = rule.reach;
    if (rule.d * dp_dh < 0.0) {
      const double pull = (q + kappa * (P * x.u + M * x.v)) * rule.c;
      margin = std::max(margin, std::min(2.0 * std::fabs(dp_dh) / pull, rule.hover));
    }
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
