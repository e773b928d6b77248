// The numerical importance-aware update of a smooth loss on a non-affine
// path (see smooth.h). Three formulations of dt/dh = -g(p(t, h), y):
//
//  TowardStationary (mu = 0, p* finite and reached at t* = p^-1(p*)): state
//    v = log(|t* - t| / T), T = |t*|: dv/dh = -|g| / |t* - t|. Near t* this
//    rate tends to g'(p*) p'(t*) (the stiffness of dt/dh = -g disappears), g
//    is evaluated from the offset p(t) - p(t*) without cancellation, t =
//    d T (-expm1(v)) is exact for small h, and the error is weighted by its
//    effect on t (weight e^{-v} - 1), so the tail where p has converged to p*
//    costs a few steps whatever h is.
//  Unbounded (mu = 0, p* infinite or out of reach): variable s = |t|, state
//    u = h |g(p)|: du/ds = 1 + u (g'/g) dp/ds. Where |g| decays exponentially
//    (logistic far on the right side, poisson with y = 0) h grows like e^p
//    but u stays smooth; an error in u is an equal error in s (weight s).
//  Decaying (mu > 0): variable h, state t, dt/dh = -g; stops where p = p*.
#include <algorithm>
#include <cmath>
#include <limits>

#include "decay_stop.h"
#include "ode.h"
#include "smooth.h"

namespace learner::detail {
namespace {

constexpr double kRtol = 1e-10;
// The decaying form's rtol: the accuracy the series of the squared family
// has (kSeriesTol, flow_series.h), a sixth of the float weights' half ulp.
// Dormand-Prince's steps grow as rtol^(-1/5): 1e-8 takes about 40% fewer
// steps than 1e-10 on the rating lines' decaying flows near the label.
constexpr double kDecayRtol = 1e-8;
constexpr double kEps = std::numeric_limits<double>::epsilon();

class TowardStationary final : public ScalarOde {
 public:
  TowardStationary(const SmoothLoss& loss, const PredictionPath& path, double y, double p_star,
                   double t_star, double residual, double v_floor)
      : loss_(loss),
        path_(path),
        y_(y),
        p_star_(p_star),
        t_star_(t_star),
        T_(std::fabs(t_star)),
        d_(t_star > 0.0 ? 1.0 : -1.0),
        residual_(residual),
        v_floor_(v_floor) {
    // p(t* + dt) - p(t*) = q dt + Pc expm1(a) - Mc expm1(-a), a = 2 kappa dt, Pc and
    // Mc the dyadic terms at t*: one expm1 per evaluation when exponents are moderate.
    const double x = 2.0 * path.kappa * t_star;
    fast_ = !path.has_extra() && std::fabs(x) + 2.0 * path.kappa * T_ < 600.0 && path.P < 1e100 &&
            path.M < 1e100;
    if (fast_) {
      pc_ = 0.5 * path.P * std::exp(x);
      mc_ = 0.5 * path.M * std::exp(-x);
    }
  }

  double rate(double, double v) const override {
    const double rem = T_ * std::exp(std::max(v, v_floor_));  // below the floor: constant rate
    return -std::fabs(loss_.gradient_near(p_star_, offset(-d_ * rem), y_)) / rem;
  }
  // e^{-v} - 1 (a tolerance scale: no need for expm1's precision near 0).
  double weight(double, double v) const override { return std::max(-v, std::exp(-v) - 1.0); }
  double t_at(double v) const {
    return v <= v_floor_ ? t_star_ : d_ * std::min(-T_ * std::expm1(v), T_);
  }

 private:
  // p(t* + dt) - p*, without cancellation.
  double offset(double dt) const {
    if (!fast_) return path_.change(t_star_, dt) + residual_;
    const double a = 2.0 * path_.kappa * dt;
    double up, down;  // expm1(a), expm1(-a) from one expm1 of |a|
    if (a >= 0.0) {
      up = std::expm1(a);
      down = -up / (1.0 + up);
    } else {
      down = std::expm1(-a);
      up = -down / (1.0 + down);
    }
    return path_.q * dt + pc_ * up - mc_ * down + residual_;
  }

  const SmoothLoss& loss_;
  const PredictionPath& path_;
  double y_, p_star_, t_star_, T_, d_, residual_, v_floor_;
  bool fast_ = false;
  double pc_ = 0.0, mc_ = 0.0;
};

class Unbounded final : public ScalarOde {
 public:
  Unbounded(const SmoothLoss& loss, const PredictionPath& path, double y, double d, double h_target)
      : loss_(loss), path_(path), y_(y), d_(d), h_target_(h_target) {}

  double rate(double s, double u) const override {
    return 1.0 + u * decay(path_point(path_, d_ * s));
  }
  double weight(double s, double) const override { return s; }
  double stop_value(double s, double u) const override {
    return u - h_target_ * std::fabs(loss_.first_derivative(path_point(path_, d_ * s).p, y_));
  }
  double stop_slope(double s, double, double dydx) const override {
    const PathPoint pt = path_point(path_, d_ * s);
    return dydx - h_target_ * std::fabs(loss_.first_derivative(pt.p, y_)) * decay(pt);
  }

 private:
  // (g'/g) dp/ds, <= 0 while |g| decreases along the path.
  double decay(const PathPoint& pt) const {
    return loss_.gradient_log_slope(pt.p, y_) * d_ * pt.slope;
  }
  const SmoothLoss& loss_;
  const PredictionPath& path_;
  double y_, d_, h_target_;
};

class Decaying final : public ScalarOde {
 public:
  Decaying(const SmoothLoss& loss, const PredictionPath& path, double y, double d, double p_star,
           double reach, double hover)
      : loss_(loss), path_(path), y_(y), d_(d), p_star_(p_star), reach_(reach), hover_(hover) {}

  double rate(double h, double t) const override {
    return -loss_.first_derivative(point(h, t).p, y_);
  }
  // >= 0 once p has reached p*: crossed it, or come within reach_ of it, or
  // within twice the distance at which the decay holds the flow off p* when
  // that is under 1e-3 of the initial gap (the flow would only hover there:
  // that stiff quasi-steady regime is not integrated); or once |t| = kMaxStep.
  double stop_value(double h, double t) const override {
    const double cap = std::fabs(t) - PredictionPath::kMaxStep;
    if (!std::isfinite(p_star_)) return cap;
    const PathPoint pt = point(h, t);
    const double dp_dh = -path_.mu * (pt.p - path_.p_lin0 - path_.q * t);
    const double margin = decay_stop_margin(d_, dp_dh, reach_, hover_,
                                            [&] { return pt.slope * std::fabs(loss_.second_derivative(pt.p, y_)); });
    // path_.at(t, h) is pt.p to the bit (path_point's contract) except at t = h = 0, where at() has its own form.
    return std::max(d_ * ((t == 0.0 && h == 0.0 ? path_.at(t, h) : pt.p) - p_star_) + margin, cap);
  }
  double stop_slope(double h, double t, double dydx) const override {
    const double cap = std::fabs(t) - PredictionPath::kMaxStep;
    const PathPoint pt = point(h, t);
    if (!std::isfinite(p_star_) || cap > d_ * (pt.p - p_star_)) return t > 0.0 ? dydx : -dydx;
    const double dp_dh = -path_.mu * (pt.p - path_.p_lin0 - path_.q * t);
    return d_ * (pt.slope * dydx + dp_dh);
  }

 private:
  // path_point(path_, t, h), remembered for the last (h, t): the integrator asks for the rate, the
  // stop value and its slope at the same point (the end of every accepted step, each Newton
  // iterate of the event), and each evaluation costs two exponentials. Same values, to the bit.
  PathPoint point(double h, double t) const {
    if (!(h == last_h_ && t == last_t_)) {
      last_h_ = h;
      last_t_ = t;
      last_ = path_point(path_, t, h);
    }
    return last_;
  }

  const SmoothLoss& loss_;
  const PredictionPath& path_;
  double y_, d_, p_star_, reach_, hover_;
  mutable double last_h_ = std::numeric_limits<double>::quiet_NaN(), last_t_ = 0.0;
  mutable PathPoint last_;
};

UpdateStep decaying_update(const SmoothLoss& loss, const PredictionPath& path, double y, double h,
                           double g0, double p_star) {
  const double d = g0 < 0.0 ? 1.0 : -1.0;
  const double p0 = path.at(0.0);
  const double gap = std::fabs(p0 - p_star);
  const double reach = 1e-9 * gap + 64.0 * kEps * path.magnitude(0.0);
  const Decaying ode(loss, path, y, d, p_star, reach, 1e-3 * gap);
  OdeOptions opt;
  opt.rtol = kDecayRtol;
  opt.max_steps = 5000;  // gives up (h_used < h) in stiff regimes far from p*
  const double scale = std::fabs(loss.second_derivative(p0, y)) * path.slope(0.0) +
                       2.0 * path.kappa * std::fabs(g0) + path.mu;
  opt.first_step = std::min(h, 0.1 / scale);
  opt.atol = 1e-3 * kDecayRtol * std::fabs(g0) * opt.first_step;
  const OdeResult r = integrate_dopri(ode, 0.0, {0.0, 0.0}, h, opt);
  return {clamp_step(r.y[0]), r.finished ? h : r.x};
}

UpdateStep toward_stationary(const SmoothLoss& loss, const PredictionPath& path, double y, double h,
                             double g0, double p_star, double t_star) {
  const double T = std::fabs(t_star);
  const double residual = path.at(t_star) - p_star;
  // Closer to t* than this, p(t) - p* is rounding noise: the update ends at t*.
  const double noise =
      64.0 * kEps * (path.magnitude(t_star) + std::fabs(p_star)) + std::fabs(residual);
  const double floor = std::max(noise / path.slope(t_star), 1e-14 * T);
  if (!(floor < 0.5 * T)) return {limit_to(-g0 * h, t_star), h};
  const TowardStationary ode(loss, path, y, p_star, t_star, residual, std::log(floor / T));
  OdeOptions opt;
  opt.rtol = kRtol;
  // First step: a fraction of the time scales of the rate (see unbounded()).
  const double p0 = path.at(0.0);
  const double scale = std::fabs(g0) / T +
                       std::fabs(loss.second_derivative(p0, y)) * path.slope(0.0) +
                       2.0 * path.kappa * std::fabs(g0);
  opt.first_step = std::min(h, 0.1 / scale);
  opt.atol = 1e-3 * kRtol * std::fabs(g0) * opt.first_step / T;
  const OdeResult r = integrate_dopri(ode, 0.0, {0.0, 0.0}, h, opt);
  return {ode.t_at(r.y[0]), h};
}

UpdateStep unbounded(const SmoothLoss& loss, const PredictionPath& path, double y, double h,
                     double g0) {
  const double d = g0 < 0.0 ? 1.0 : -1.0;
  const Unbounded ode(loss, path, y, d, h);
  const double s_max = PredictionPath::kMaxStep;
  OdeOptions opt;
  opt.rtol = kRtol;
  // First step: a fraction of the event estimate and of the scales on which the
  // rate varies (path curvature 1/2kappa, relaxation 1/psi0); the embedded error
  // estimate is not to be trusted on a first step longer than those.
  const PathPoint pt0 = path_point(path, 0.0);
  const double psi0 = std::fabs(loss.gradient_log_slope(pt0.p, y)) * pt0.slope;
  opt.first_step =
      std::min({0.5 * std::fabs(g0) * h, 0.1 / (2.0 * path.kappa + psi0), 0.25 * s_max});
  opt.atol = 1e-3 * kRtol * opt.first_step;
  const OdeResult r = integrate_dopri(ode, 0.0, {0.0, 0.0}, s_max, opt);
  return {d * std::min(r.x, s_max), h};
}

}  // namespace

UpdateStep integrate_smooth_update(const SmoothLoss& loss, const PredictionPath& path, double y,
                                   double h) {
  const double p0 = path.at(0.0);
  const double g0 = loss.first_derivative(p0, y);
  const double p_star = loss.stationary_point(y);
  if (g0 == 0.0 || !std::isfinite(g0)) return {0.0, path.mu > 0.0 ? 0.0 : h};
  if (path.mu > 0.0) return decaying_update(loss, path, y, h, g0, p_star);
  if (std::isfinite(p_star)) {
    const double t_star = path.inverse(p_star);
    if (t_star * g0 >= 0.0) return {0.0, h};  // already at p* up to rounding
    if (std::fabs(t_star) < PredictionPath::kMaxStep) {
      return toward_stationary(loss, path, y, h, g0, p_star, t_star);
    }
  }
  return unbounded(loss, path, y, h, g0);
}

}  // namespace learner::detail
