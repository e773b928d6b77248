// PredictionPath: p(t, h) = p_lin0 + q t + e^{-mu h} (P e^{2 kappa t} - M e^{-2 kappa t}) / 2
// (docs/dyadic-update.md section 2, "catastrophic cancellation").
#include "learner/loss/path.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "numeric.h"
#include "root.h"

namespace learner {
namespace {

constexpr double kHuge = PredictionPath::kHuge;
constexpr double kMaxStep = PredictionPath::kMaxStep;
using detail::capped_exp;

double saturate(double v) { return std::clamp(v, -kHuge, kHuge); }

// The step along an affine path of slope q from p0 to target in direction d (+1 or -1), kept on
// the near side of the target despite rounding in p0 + q t; phi(s) = d (p(d s) - target).
template <class Phi>
double affine_step(double p0, double q, double target, double d, const Phi& phi) {
  if (!(q > 0.0)) return d * kMaxStep;
  double s = std::min(d * (target - p0) / q, kMaxStep);
  if (s >= kMaxStep) return d * kMaxStep;
  double offset = std::numeric_limits<double>::epsilon() * s;
  for (int k = 0; k < 64 && s > 0.0 && phi(s) > 0.0; ++k, offset *= 2.0) {
    s = std::max(s - offset, 0.0);
  }
  return d * s;
}

}  // namespace

double PredictionPath::at(double t, double h) const {
  if (t == 0.0 && h == 0.0 && n_extra == 0 && P < 1e100 && M < 1e100)
    return saturate(p_lin0 + 0.5 * (P - M));  // p(0): asked for on every update
  double up = 0.0, down = 0.0;
  if (detail::one_pair_halves(*this, t, h, up, down)) return saturate(p_lin0 + saturate(q * t) + (up - down));
  const double x = 2.0 * kappa * t;
  const double decay = -mu * h;
  double dyadic = 0.5 * (capped_exp(P, x + decay) - capped_exp(M, decay - x));
  for (int j = 0; j < n_extra; ++j) {
    const double xj = 2.0 * extra[j].kappa * t;
    dyadic += 0.5 * (capped_exp(extra[j].P, xj + decay) - capped_exp(extra[j].M, decay - xj));
  }
  return saturate(p_lin0 + saturate(q * t) + dyadic);
}

double PredictionPath::slope(double t, double h) const {
  double up = 0.0, down = 0.0;
  if (detail::one_pair_halves(*this, t, h, up, down)) return saturate(q + 2.0 * kappa * (up + down));
  const double x = 2.0 * kappa * t;
  const double decay = -mu * h;
  double curve = kappa * (capped_exp(P, x + decay) + capped_exp(M, decay - x));
  for (int j = 0; j < n_extra; ++j) {
    const double xj = 2.0 * extra[j].kappa * t;
    curve += extra[j].kappa * (capped_exp(extra[j].P, xj + decay) + capped_exp(extra[j].M, decay - xj));
  }
  return saturate(q + saturate(curve));
}

double PredictionPath::magnitude(double t, double h) const {
  const double x = 2.0 * kappa * t;
  const double decay = -mu * h;
  double m = std::fabs(p_lin0) + std::fabs(q * t) + 0.5 * (capped_exp(P, x + decay) + capped_exp(M, decay - x));
  for (int j = 0; j < n_extra; ++j) {
    const double xj = 2.0 * extra[j].kappa * t;
    m += 0.5 * (capped_exp(extra[j].P, xj + decay) + capped_exp(extra[j].M, decay - xj));
  }
  return m;
}

double PredictionPath::change(double t_ref, double dt, double h) const {
  const double x = 2.0 * kappa * t_ref;
  const double dx = 2.0 * kappa * dt;
  const double decay = -mu * h;
  if (std::fabs(x) + std::fabs(dx) > 600.0 || std::fabs(decay) > 600.0) {
    return at(t_ref + dt, h) - at(t_ref, h);  // astronomically large terms: no cancellation to save
  }
  double up = 0.5 * capped_exp(P, x + decay) * std::expm1(dx);
  double down = 0.5 * capped_exp(M, decay - x) * std::expm1(-dx);
  for (int j = 0; j < n_extra; ++j) {
    const double xj = 2.0 * extra[j].kappa * t_ref, dxj = 2.0 * extra[j].kappa * dt;
    if (std::fabs(xj) + std::fabs(dxj) > 600.0) return at(t_ref + dt, h) - at(t_ref, h);
    up += 0.5 * capped_exp(extra[j].P, xj + decay) * std::expm1(dxj);
    down += 0.5 * capped_exp(extra[j].M, decay - xj) * std::expm1(-dxj);
  }
  return q * dt + (up - down);
}

double PredictionPath::affine_inverse(double p_lin0, double q, double target) {
  // at(0) and at(t) of an affine path: its dyadic terms are 0 (P = M = 0).
  const double p0 = saturate(p_lin0 + 0.5 * (0.0 - 0.0));
  if (!(target != p0) || std::isnan(target)) return 0.0;
  const double d = target > p0 ? 1.0 : -1.0;
  // phi(s) = d (p(d s) - target) is non-decreasing in s >= 0 and phi(0) < 0.
  auto phi = [&](double s) { return d * (saturate(p_lin0 + saturate(q * (d * s)) + (0.0 - 0.0)) - target); };
  return affine_step(p0, q, target, d, phi);
}

double PredictionPath::inverse(double target) const {
  if (P == 0.0 && M == 0.0 && !has_extra()) return affine_inverse(p_lin0, q, target);  // no dyadic term
  const double p0 = at(0.0);
  if (!(target != p0) || std::isnan(target)) return 0.0;
  const double d = target > p0 ? 1.0 : -1.0;
  // phi(s) = d (p(d s) - target) is non-decreasing in s >= 0 and phi(0) < 0.
  auto phi = [&](double s) { return d * (at(d * s) - target); };
  const double slope0 = slope(0.0);
  if (is_affine()) return affine_step(p0, q, target, d, phi);  // kappa = 0: the terms are the constant (P - M) / 2
  // Bracket: start from the linearisation, expand geometrically.
  double lo = 0.0;
  double hi = slope0 > 0.0 ? std::min(std::fabs(target - p0) / slope0, kMaxStep) : kMaxStep;
  if (!(hi > 0.0)) hi = std::numeric_limits<double>::min();
  const double linearisation = hi;
  while (phi(hi) < 0.0) {
    if (hi >= kMaxStep) return d * kMaxStep;
    lo = hi;
    hi = std::min(4.0 * hi, kMaxStep);
  }
  // phi and its slope from one path_point (the same rounding as at()).
  auto eval = [&](double s) {
    const detail::PathPoint pt = detail::path_point(*this, d * s);
    return detail::RootEval{d * (pt.p - target), pt.slope};
  };
  const double s = detail::solve_bracketed(eval, lo, hi, std::clamp(linearisation, lo, hi),
                                           {.max_iter = 200, .safe_side = true});
  return d * std::clamp(s, 0.0, kMaxStep);
}

}  // namespace learner
