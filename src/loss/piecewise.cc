// PiecewiseLinearLoss: closed-form updates (see piecewise.h).
#include "piecewise.h"
#include "rescale.h"

#include <cmath>
#include <limits>

#include "decay_root.h"
#include "root.h"

namespace learner::detail {
namespace {

constexpr double kMaxStep = PredictionPath::kMaxStep;

// -g0 h, stopped at the kink of a non-decaying path.
double clip_at_kink(const PredictionPath& path, double v, double h, double kink) {
  const double t = clamp_step(v * h);
  if (v == 0.0 || !std::isfinite(kink)) return t;
  // p is monotone in t: if the full step stays strictly short of the kink
  // there is nothing to solve (the common case; saves the Newton solve).
  const double p0 = path.at(0.0), p_end = path.at(t);
  if (std::isfinite(p_end) && (kink - p0) * (kink - p_end) > 0.0 && std::fabs(kink - p_end) > 1e-12 * (1.0 + std::fabs(kink)))
    return t;
  const double t_kink = path.inverse(kink);
  if (t_kink * v <= 0.0) return 0.0;  // p0 is at (or past) the kink
  return limit_to(t, t_kink);
}

// Several dyadic terms: the first h where p(v h, h) reaches the kink, found
// on a grid denser near 0 (h_limit (i/128)^3) and refined by bracketed Newton.
// (A crossing and re-crossing between two grid points would be missed.)
double first_arrival_scan(const PredictionPath& path, double v, double kink, double d,
                          double h_limit) {
  auto eval = [&](double h) {  // -d (kink - p(v h, h)): increasing through the arrival
    const double t = v * h;
    const double p = path.at(t, h);
    const double dp_dh = v * path.slope(t, h) - path.mu * (p - path.p_lin0 - path.q * t);
    return RootEval{-d * (kink - p), d * dp_dh};
  };
  constexpr int kGrid = 128;
  double prev = 0.0;
  for (int i = 1; i <= kGrid; ++i) {
    const double u = static_cast<double>(i) / kGrid;
    const double h = h_limit * u * u * u;
    if (eval(h).f >= 0.0) {
      return solve_bracketed(eval, prev, h, 0.5 * (prev + h), {.max_iter = 200, .safe_side = true});
    }
    prev = h;
  }
  return std::numeric_limits<double>::infinity();
}

// Decaying path: t = v h until p(v h, h) reaches the kink.
UpdateStep decaying(const PredictionPath& path, double v, double h, double kink) {
  const double h_limit = v != 0.0 ? std::fmin(h, kMaxStep / std::fabs(v)) : h;
  if (!std::isfinite(kink)) return {v * h_limit, h_limit};
  const double p0 = path.at(0.0, 0.0);
  if (p0 == kink) return {0.0, 0.0};
  // f(h) = d (kink - p(v h, h)) > 0 until p reaches the kink.
  const double d = kink > p0 ? 1.0 : -1.0;
  if (path.has_extra()) {
    const double h_kink = first_arrival_scan(path, v, kink, d, h_limit);
    if (!(h_kink <= h_limit)) return {v * h_limit, h_limit};
    return {v * h_kink, h_kink};
  }
  ExpSum f;
  f.a = d * (kink - path.p_lin0);
  f.b = -d * path.q * v;
  f.c1 = -d * 0.5 * path.P;
  f.alpha = 2.0 * path.kappa * v - path.mu;
  f.c2 = d * 0.5 * path.M;
  f.beta = -2.0 * path.kappa * v - path.mu;
  double h_kink = first_zero(f, h_limit);
  if (!(h_kink <= h_limit)) return {v * h_limit, h_limit};
  // first_zero evaluates the sum in its own rounding; make sure at() agrees
  // that p has not passed the kink (walk back by doubling offsets).
  double offset = 1e-16 * h_kink;
  for (int k = 0; k < 64 && h_kink > 0.0 && d * (path.at(v * h_kink, h_kink) - kink) > 0.0; ++k) {
    h_kink = std::fmax(h_kink - offset, 0.0);
    offset *= 2.0;
  }
  return {v * h_kink, h_kink};
}

}  // namespace

double PiecewiseLinearLoss::linear_update(double p0, double q, double y, double h) const {
  return clip_at_kink(PredictionPath::linear(p0, q), -first_derivative(p0, y), h, kink(y));
}

UpdateStep PiecewiseLinearLoss::step(const PredictionPath& path, double y, double h) const {
  return with_unit_fallback(path, h, [&](const PredictionPath& p, double hh) { return step_at_scale(p, y, hh); });
}

UpdateStep PiecewiseLinearLoss::step_at_scale(const PredictionPath& path, double y, double h) const {
  if (!(h > 0.0)) return {0.0, 0.0};
  const double p0 = path.at(0.0);
  if (path.is_affine()) return {clamp_step(linear_update(p0, std::fmax(path.q, 0.0), y, h)), h};
  const double v = -first_derivative(p0, y);
  if (path.mu > 0.0) return decaying(path, v, h, kink(y));
  return {clip_at_kink(path, v, h, kink(y)), h};
}

double PiecewiseLinearLoss::min_importance(const PredictionPath& path, double y, double v) const {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const double p0 = path.at(0.0);
  if (v == p0) return 0.0;
  const double g0 = first_derivative(p0, y);
  const double k = kink(y);
  if (g0 == 0.0 || !std::isfinite(v)) return kInf;
  const double d = g0 < 0.0 ? 1.0 : -1.0;
  // v must lie between p0 and the kink, in the direction the loss pushes.
  if (d * (v - p0) < 0.0 || d * (v - k) > 0.0) return kInf;
  if (path.mu > 0.0) {
    // Reaching v under decay: first h with p(-g0 h, h) = v.
    UpdateStep s = decaying(path, -g0, std::numeric_limits<double>::max(), v);
    return s.h_used < kMaxStep / std::fabs(g0) ? s.h_used : kInf;
  }
  const double t_v = path.inverse(v);
  if (!(std::fabs(t_v) < kMaxStep)) return kInf;
  return std::fabs(t_v) / std::fabs(g0);
}

}  // namespace learner::detail
