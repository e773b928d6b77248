// Small numeric helpers shared by the losses and the path (internal).
#pragma once

#include <algorithm>
#include <cmath>

#include "learner/loss/path.h"

namespace learner::detail {

// coef * e^arg for coef >= 0, saturating at PredictionPath::kHuge (never inf,
// never 0 * inf).
inline double capped_exp(double coef, double arg) {
  constexpr double kHuge = PredictionPath::kHuge;
  if (!(coef > 0.0)) return 0.0;
  if (arg == 0.0) return coef;  // p(0) and p'(0) are asked for on every update
  if (arg <= 600.0 && coef <= 1e38) return coef * std::exp(arg);
  const double log_value = std::log(coef) + arg;
  return log_value >= std::log(kHuge) ? kHuge : std::exp(log_value);
}

// The dyadic term of a one-pair path at (t, h) as its two halves
// up = e^{-mu h} P e^{2 kappa t} / 2 and down = e^{-mu h} M e^{-2 kappa t} / 2,
// from one exponential, when nothing can overflow; false otherwise (several
// pairs, huge exponents or coefficients: the capped general formulas apply).
// PredictionPath::at and slope take this branch too, so their values and
// path_point's round alike.
inline bool one_pair_halves(const PredictionPath& path, double t, double h, double& up, double& down) {
  if (path.P == 0.0 && path.M == 0.0 && !path.has_extra()) {  // a linear path: no exponential at all
    up = down = 0.0;
    return true;
  }
  const double x = 2.0 * path.kappa * t, decay = path.mu * h;
  if (path.has_extra() || !(std::fabs(x) < 300.0) || !(decay < 300.0) || !(path.P < 1e100) || !(path.M < 1e100))
    return false;
  // t = 0 (p and p' at the start of every update) and h = 0 need no exp.
  const double e = x == 0.0 ? 1.0 : std::exp(x), scale = decay == 0.0 ? 0.5 : 0.5 * std::exp(-decay);
  up = scale * path.P * e;
  down = scale * path.M / e;
  return true;
}

// p(t, h) and dp/dt together: at() and slope(), sharing their exponentials
// where one_pair_halves applies.
struct PathPoint {
  double p = 0.0;
  double slope = 0.0;
};
inline PathPoint path_point(const PredictionPath& path, double t, double h = 0.0) {
  constexpr double kHuge = PredictionPath::kHuge;
  double up = 0.0, down = 0.0;
  if (one_pair_halves(path, t, h, up, down)) {
    return {std::clamp(path.p_lin0 + std::clamp(path.q * t, -kHuge, kHuge) + (up - down), -kHuge, kHuge),
            std::clamp(path.q + 2.0 * path.kappa * (up + down), -kHuge, kHuge)};
  }
  return {path.at(t, h), path.slope(t, h)};
}

// p, dp/dt and the rounding scale of p at the start of an update (t = 0,
// h = 0): path.at(0), path.slope(0) and path.magnitude(0) (to the last bit
// unless P or M is subnormal), inline, from the halves one_pair_halves gives
// without an exponential at t = h = 0; the general functions otherwise.
struct PathStart {
  double p = 0.0;
  double slope = 0.0;
  double magnitude = 0.0;
};
inline PathStart path_start(const PredictionPath& path) {
  constexpr double kHuge = PredictionPath::kHuge;
  double up = 0.0, down = 0.0;
  // A non-finite q, or a negative coefficient, which magnitude() would take
  // as 0, goes the general way too.
  if (!(std::isfinite(path.q) && std::isfinite(path.kappa) && path.P >= 0.0 && path.M >= 0.0) ||
      !one_pair_halves(path, 0.0, 0.0, up, down))
    return {path.at(0.0), path.slope(0.0), path.magnitude(0.0)};
  return {std::clamp(path.p_lin0 + (up - down), -kHuge, kHuge),
          std::clamp(path.q + 2.0 * path.kappa * (up + down), -kHuge, kHuge), std::fabs(path.p_lin0) + (up + down)};
}

// Clamps a step to [-kMaxStep, kMaxStep]; NaN becomes 0.
inline double clamp_step(double t) {
  if (std::isnan(t)) return 0.0;
  return std::clamp(t, -PredictionPath::kMaxStep, PredictionPath::kMaxStep);
}

// Moves t no further than cap in the direction of cap (safety caps).
inline double limit_to(double t, double cap) {
  if (cap > 0.0) return std::min(t, cap);
  if (cap < 0.0) return std::max(t, cap);
  return 0.0;
}

// e^{min(x, 700)}: the losses' exponentials never overflow.
inline double safe_exp(double x) { return std::exp(std::min(x, 700.0)); }

// log(1 + e^x) without overflow or cancellation.
inline double softplus(double x) {
  return x > 0.0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
}

// 1 / (1 + e^{-x}).
inline double sigmoid(double x) {
  if (x >= 0.0) return 1.0 / (1.0 + std::exp(-x));
  const double e = std::exp(x);
  return e / (1.0 + e);
}

}  // namespace learner::detail
