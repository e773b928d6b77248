// Taylor series of the squared-family flow (see flow_series.h).
#include "flow_series.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace learner::detail {
namespace {

constexpr int N = kFlowSeriesMaxOrder;
constexpr double kEps = std::numeric_limits<double>::epsilon();
// A term below this fraction of the sum and under half the one before ends
// the series: with the geometric decay seen there the remainder is at most
// about that term, below the ODE's rtol (1e-10), far below the invariance
// tests' 1e-7 and the float weights' 6e-8.
constexpr double kSeriesTol = 1e-11;

struct Reciprocals {  // 1 / n, so that the recurrences multiply
  double v[N + 1];
  constexpr Reciprocals() : v() {
    v[0] = 0.0;
    for (int n = 1; n <= N; ++n) v[n] = 1.0 / n;
  }
};
constexpr Reciprocals kInv;

struct SeriesTerm {
  double two_kappa, P, M;
  double up[N], down[N];  // Taylor coefficients of e^{2 kappa t(s)} and e^{-2 kappa t(s)}
};

}  // namespace

bool flow_series(const PredictionPath& path, double y, double c, double h, double& t) {
  SeriesTerm terms[PredictionPath::kMaxTerms];
  int n_terms = 0;
  auto add = [&](double kappa, double P, double M) {
    if (!(P > 0.0 || M > 0.0) || !(kappa > 0.0)) return true;
    if (!(P < 1e100 && M < 1e100 && kappa < 1e100)) return false;
    SeriesTerm& term = terms[n_terms++];
    term.two_kappa = 2.0 * kappa;
    term.P = P;
    term.M = M;
    term.up[0] = term.down[0] = 1.0;
    return true;
  };
  if (!add(path.kappa, path.P, path.M)) return false;
  for (int j = 0; j < path.n_extra; ++j)
    if (!add(path.extra[j].kappa, path.extra[j].P, path.extra[j].M)) return false;

  // Coefficients in s = h' / h: b (step t), p (prediction), dyadic (sum of
  // the terms before decay), decay = e^{-mu h s}.
  double b[N + 1], kb[N + 1], p[N], dyadic[N], decay[N];
  const double mu_h = path.mu * h;
  decay[0] = 1.0;

  dyadic[0] = 0.0;
  for (int j = 0; j < n_terms; ++j) dyadic[0] += 0.5 * (terms[j].P - terms[j].M);
  p[0] = path.p_lin0 + dyadic[0];
  if (!std::isfinite(p[0])) return false;
  const double ch = c * h;
  b[0] = kb[0] = 0.0;
  b[1] = ch * (y - p[0]);
  kb[1] = b[1];
  if (b[1] == 0.0) {
    t = 0.0;
    return true;
  }
  double sum = b[1];
  int order = 0;  // the last coefficient used
  for (int n = 1; n < N; ++n) {
    double dn = 0.0;
    for (int j = 0; j < n_terms; ++j) {
      SeriesTerm& term = terms[j];
      // Two accumulators per sum halve the dependency chain of the adds.
      double su = 0.0, sd = 0.0, su2 = 0.0, sd2 = 0.0;
      int k = 1;
      for (; k < n; k += 2) {
        su += kb[k] * term.up[n - k];
        sd += kb[k] * term.down[n - k];
        su2 += kb[k + 1] * term.up[n - k - 1];
        sd2 += kb[k + 1] * term.down[n - k - 1];
      }
      if (k == n) {
        su += kb[k] * term.up[0];
        sd += kb[k] * term.down[0];
      }
      su += su2;
      sd += sd2;
      const double scale = term.two_kappa * kInv.v[n];
      term.up[n] = scale * su;
      term.down[n] = -scale * sd;
      dn += 0.5 * (term.P * term.up[n] - term.M * term.down[n]);
    }
    dyadic[n] = dn;
    double pn = path.q * b[n];
    if (mu_h != 0.0) {
      decay[n] = decay[n - 1] * (-mu_h) * kInv.v[n];
      for (int k = 0; k <= n; ++k) pn += decay[k] * dyadic[n - k];
    } else {
      pn += dn;
    }
    p[n] = pn;
    b[n + 1] = -ch * pn * kInv.v[n + 1];
    kb[n + 1] = (n + 1) * b[n + 1];
    sum += b[n + 1];
    if (!std::isfinite(sum) || std::fabs(b[n + 1]) > 1e6 * std::fabs(b[1])) return false;
    const double last = std::fabs(b[n + 1]);
    if (last <= kSeriesTol * std::fabs(sum) && last <= 0.5 * std::fabs(b[n])) {
      order = n;
      break;
    }
  }
  if (order == 0) return false;  // not converged: the ODE takes over

  // The flow never passes y; rounding at the very end of a converged flow
  // could, and then the ODE's capped formulation decides.
  const double d = b[1] > 0.0 ? 1.0 : -1.0;
  const double gap0 = std::fabs(y - p[0]);
  const double end_gap = d * (y - path.at(sum, h));
  if (!(end_gap >= 0.0)) return false;
  if (mu_h != 0.0) {
    // The decaying ODE stops where p comes within its margin of y (at most
    // 1e-3 of the initial gap plus rounding); the series must stay clear of
    // it over the whole step, checked on a grid of s by Horner on p(s).
    const double margin = 1e-3 * gap0 + 64.0 * kEps * path.magnitude(0.0);
    if (!(end_gap > 2.0 * margin)) return false;
    for (int i = 1; i < 16; ++i) {
      const double s = i / 16.0;
      double ps = p[order];
      for (int n = order - 1; n >= 0; --n) ps = ps * s + p[n];
      if (!(d * (y - ps) > 2.0 * margin)) return false;
    }
  }
  t = sum;
  return true;
}

}  // namespace learner::detail
