// The logistic flow on a dyadic path by its Taylor series (internal to
// src/loss).
//
// For the logistic loss with a label y = +-1 the update solves
// dt/dh = y F, F = 1 / (1 + e^{z}), z = y p(t, h), t(0) = 0, where
//
//     p(t) = p_lin0 + q t + (P e^{2 kappa t} - M e^{-2 kappa t}) / 2
//
// (one pair, no decay). As in flow_series.h, the Taylor coefficients of t in
// s = h' / h follow from power-series recurrences (Moore 1979, ch. 3), with
// no transcendental function past the start: for E = e^{+-2 kappa t},
// n E_n = +-2 kappa sum_k k t_k E_{n-k}; for F, whose derivative is
// -F (1 - F) z', n F_n = -sum_{k=1..n} k z_k G_{n-k} with G = F (1 - F)
// (its coefficients G_m = F_m (1 - 2 F_0) - sum_{j=1..m-1} F_j F_{m-j},
// G_0 = F_0 (1 - F_0), 1 - F_0 and 1 - 2 F_0 taken from sigmoid(z0) with no
// cancellation); then (n + 1) t_{n+1} = h y F_n. The series is summed at
// s = 1 and accepted when two consecutive terms are under 1e-8 |t|
// (StopRule); a step whose series does not converge is cut into pieces on
// re-based paths (F has poles at z = +-i pi, so a piece may move z by about
// 1 at most), as flow_series does.
//
// False (the caller then integrates the ODE, smooth_ode.cc) for other paths
// (several pairs, mu > 0), non-finite starts, or when no piece converges.
// The flow of a label +-1 never stops, so nothing bounds t but h.
#pragma once

#include "learner/loss/path.h"
#include "numeric.h"

namespace learner::detail {

// y = +1 or -1, h > 0; `start` is path_start(path).
bool logistic_flow_series(const PredictionPath& path, const PathStart& start, double y, double h, double& t);

}  // namespace learner::detail
