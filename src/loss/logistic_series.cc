// Taylor series of the logistic flow (see logistic_series.h).
#include "logistic_series.h"

#include <algorithm>
#include <cmath>

#include "flow_series.h"

namespace learner::detail {
namespace {

constexpr int kOrder = kFlowSeriesMaxOrder;
// The largest change of z (and of 2 kappa t) given to one piece up front:
// F's nearest poles are pi away from the real axis.
constexpr double kPieceReach = 1.0;

// One piece of importance hp on `path` (re-based to the piece's start, where
// p = p0): its step in dt, or false when the series does not converge.
bool piece_series(const PredictionPath& path, double p0, double y, double hp, double& dt) {
  const double z0 = y * p0;
  const double f0 = sigmoid(-z0), s0 = sigmoid(z0);  // F_0 and 1 - F_0
  const double d0 = s0 - f0;                          // 1 - 2 F_0
  const double two_kappa = 2.0 * path.kappa, q = path.q, P = path.P, M = path.M;
  const double hy = hp * y;
  // Coefficients in s: b (t), up / down (e^{+-2 kappa t}), kz (k z_k), f (F),
  // g (F (1 - F)).
  double b[kOrder + 1], up[kOrder], down[kOrder], kz[kOrder], f[kOrder], g[kOrder];
  up[0] = down[0] = 1.0;
  f[0] = f0;
  g[0] = f0 * s0;
  b[1] = hy * f0;
  if (b[1] == 0.0) {  // F underflowed: the flow does not move
    dt = 0.0;
    return true;
  }
  double sum = b[1];
  StopRule stop(b[1]);
  for (int n = 1; n < kOrder; ++n) {
    const double inv_n = 1.0 / n;
    double su = 0.0, sd = 0.0;
    for (int k = 1; k <= n; ++k) {
      const double kb = k * b[k];
      su += kb * up[n - k];
      sd += kb * down[n - k];
    }
    up[n] = two_kappa * su * inv_n;
    down[n] = -two_kappa * sd * inv_n;
    kz[n] = n * y * (q * b[n] + 0.5 * (P * up[n] - M * down[n]));
    if (n >= 2) {  // G_{n-1} = F_{n-1} (1 - 2 F_0) - sum_{j=1..n-2} F_j F_{n-1-j}
      const int m = n - 1;
      double cross = 0.0;
      for (int j = 1; j < m; ++j) cross += f[j] * f[m - j];
      g[m] = f[m] * d0 - cross;
    }
    double fz = 0.0;
    for (int k = 1; k <= n; ++k) fz += kz[k] * g[n - k];
    f[n] = -fz * inv_n;
    b[n + 1] = hy * f[n] / (n + 1);
    sum += b[n + 1];
    const Step next = stop.after_term(n, b[n + 1], sum);
    if (next == Step::kGiveUp) return false;
    if (next == Step::kConverged) {
      dt = sum;
      return true;
    }
  }
  return false;
}

}  // namespace

bool logistic_flow_series(const PredictionPath& path, const PathStart& start, double y, double h, double& t) {
  if (path.has_extra() || path.mu != 0.0 || !(path.kappa > 0.0) || !(path.P < 1e100 && path.M < 1e100) ||
      !(path.q >= 0.0) || !std::isfinite(start.slope))
    return false;
  if (!(h > 0.0)) return false;
  PieceSchedule pieces{h, h};
  const PredictionPath* current = &path;
  PathStart at_start = start;  // p and p' at the start of the current piece
  PredictionPath rebased;      // the path at the start of a later piece
  while (true) {
    if (!std::isfinite(at_start.p)) return false;
    // A piece of importance h' moves z by about h' F_0 p'(0) and 2 kappa t by
    // 2 kappa h' F_0, at most kPieceReach each, checked at every piece's start:
    // from z0 far below 0, F's coefficients start tiny and would then grow
    // (e^{z0 + c s} with c > 1), and two tiny first terms would stop a
    // series that has not converged.
    const double reach = sigmoid(-y * at_start.p) * (at_start.slope + 2.0 * current->kappa);
    if (reach * pieces.piece > kPieceReach) pieces.piece = kPieceReach / reach;
    double dt = 0.0;
    while (!piece_series(*current, at_start.p, y, pieces.next(), dt))
      if (!pieces.halve()) return false;
    const PieceSchedule::After after = pieces.converged(dt);
    if (after == PieceSchedule::After::kFinished) break;
    if (after == PieceSchedule::After::kFail) return false;
    rebased = rebased_path(*current, dt, pieces.piece);
    current = &rebased;
    at_start = path_start(rebased);
    pieces.piece *= 2.0;  // a converged piece lets the next one double
  }
  const double t_done = pieces.t_done;
  if (!std::isfinite(t_done)) return false;
  t = t_done;
  return true;
}

}  // namespace learner::detail
