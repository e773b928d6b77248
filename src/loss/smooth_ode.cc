// The numerical importance-aware update of a smooth loss on a non-affine
// path (see smooth.h). Three formulations of dt/dh = -g(p(t, h), y):
//
//  TowardStationary (mu = 0, p* finite and reached at t* = p^-1(p*)): state
//    v = log(|t* - t| / T), T = |t*|: dv/dh = -|g| / |t* - t|. Near t* this
//    rate tends to g'(p*) p'(t*) (the stiffness of dt/dh = -g disappears), g
//    is evaluated from the offset p(t) - p(t*) (PredictionPath::change)
//    without cancellation, t = d T (-expm1(v)) is exact for small h, and the
//    error is weighted by its effect on t (weight e^{-v} - 1), so the tail
//    where p has converged to p* costs a few steps whatever h is.
//  Unbounded (mu = 0, p* infinite or out of reach): variable s = |t|, state
//    u = h |g(p)|: du/ds = 1 + u (g'/g) dp/ds. Where |g| decays exponentially
//    (logistic far on the right side, poisson with y = 0) h grows like e^p
//    but u stays smooth; an error in u is an equal error in s (weight s).
//  Decaying (mu > 0): variable h, state t, dt/dh = -g; stops where p = p*.
#include <algorithm>
#include <cmath>
#include <limits>

#include "learner/loss/ode.h"
#include "smooth.h"

namespace learner::detail {
namespace {

constexpr double kRtol = 1e-10;
constexpr double kEps = std::numeric_limits<double>::epsilon();

class TowardStationary final : public ScalarOde {
 public:
  TowardStationary(const SmoothLoss& loss, const PredictionPath& path, double y, double p_star,
                   double t_star, double residual, double v_floor)
      : loss_(loss), path_(path), y_(y), p_star_(p_star), t_star_(t_star),
        T_(std::fabs(t_star)), d_(t_star > 0.0 ? 1.0 : -1.0), residual_(residual),
        v_floor_(v_floor) {
    // p(t* + dt) - p(t*) = q dt + Pc expm1(a) + Mc expm1(a) / (1 + expm1(a)), a = 2 kappa dt:
    // one expm1 per evaluation when the exponents are moderate.
    const double x = 2.0 * path.kappa * t_star;
    fast_ = std::fabs(x) + 2.0 * path.kappa * T_ < 600.0 && path.P < 1e100 && path.M < 1e100;
    if (fast_) {
      pc_ = 0.5 * path.P * std::exp(x);
      mc_ = 0.5 * path.M * std::exp(-x);
    }
  }

  double rhs(double, double v) const override {
    const double rem = T_ * std::exp(std::max(v, v_floor_));  // below the floor: constant rate
    return -std::fabs(loss_.gradient_near(p_star_, offset(-d_ * rem), y_)) / rem;
  }
  double error_weight(double, double v) const override { return std::expm1(-v); }
  double t_at(double v) const {
    return v <= v_floor_ ? t_star_ : d_ * std::min(-T_ * std::expm1(v), T_);
  }

 private:
  // p(t* + dt) - p*, without cancellation.
  double offset(double dt) const {
    if (!fast_) return path_.change(t_star_, dt) + residual_;
    const double e = std::expm1(2.0 * path_.kappa * dt);
    return path_.q * dt + pc_ * e + mc_ * (e / (1.0 + e)) + residual_;
  }

  const SmoothLoss& loss_;
  const PredictionPath& path_;
  double y_, p_star_, t_star_, T_, d_, residual_, v_floor_;
  bool fast_ = false;
  double pc_ = 0.0, mc_ = 0.0;
};

class Unbounded final : public ScalarOde {
 public:
  Unbounded(const SmoothLoss& loss, const PredictionPath& path, double y, double d,
            double h_target)
      : loss_(loss), path_(path), y_(y), d_(d), h_target_(h_target) {}

  double rhs(double s, double u) const override { return 1.0 + u * rate(s); }
  double error_weight(double s, double) const override { return s; }
  double stop(double s, double u) const override {
    return u - h_target_ * std::fabs(loss_.first_derivative(path_.at(d_ * s), y_));
  }
  double stop_rate(double s, double u, double dydx) const override {
    const double g = std::fabs(loss_.first_derivative(path_.at(d_ * s), y_));
    return dydx - h_target_ * g * rate(s);
  }

 private:
  // (g'/g) dp/ds, <= 0 while |g| decreases along the path.
  double rate(double s) const {
    const double t = d_ * s;
    return loss_.gradient_log_slope(path_.at(t), y_) * d_ * path_.slope(t);
  }
  const SmoothLoss& loss_;
  const PredictionPath& path_;
  double y_, d_, h_target_;
};

class Decaying final : public ScalarOde {
 public:
  Decaying(const SmoothLoss& loss, const PredictionPath& path, double y, double d, double p_star)
      : loss_(loss), path_(path), y_(y), d_(d), p_star_(p_star) {}

  double rhs(double h, double t) const override { return -loss_.first_derivative(path_.at(t, h), y_); }
  double stop(double h, double t) const override {
    const double cap = std::fabs(t) - PredictionPath::kMaxStep;
    if (!std::isfinite(p_star_)) return cap;
    return std::max(d_ * (path_.at(t, h) - p_star_), cap);
  }
  double stop_rate(double h, double t, double dydx) const override {
    const double cap = std::fabs(t) - PredictionPath::kMaxStep;
    if (!std::isfinite(p_star_) || cap > d_ * (path_.at(t, h) - p_star_)) {
      return t > 0.0 ? dydx : -dydx;
    }
    const double p = path_.at(t, h);
    const double dp_dh = -path_.mu * (p - path_.p_lin0 - path_.q * t);
    return d_ * (path_.slope(t, h) * dydx + dp_dh);
  }

 private:
  const SmoothLoss& loss_;
  const PredictionPath& path_;
  double y_, d_, p_star_;
};

UpdateStep decaying_update(const SmoothLoss& loss, const PredictionPath& path, double y, double h,
                           double g0, double p_star) {
  const double d = g0 < 0.0 ? 1.0 : -1.0;
  const Decaying ode(loss, path, y, d, p_star);
  OdeOptions opt;
  opt.rtol = kRtol;
  opt.first_step = h / 64.0;
  opt.atol = 1e-3 * kRtol * std::fabs(g0) * opt.first_step;
  const OdeResult r = integrate_dopri(ode, 0.0, 0.0, h, opt);
  return {clamp_step(r.y), r.finished ? h : r.x};
}

UpdateStep toward_stationary(const SmoothLoss& loss, const PredictionPath& path, double y,
                             double h, double g0, double p_star, double t_star) {
  const double T = std::fabs(t_star);
  const double residual = path.at(t_star) - p_star;
  // Closer to t* than this, p(t) - p* is rounding noise: the update ends at t*.
  const double noise = 64.0 * kEps * (path.magnitude(t_star) + std::fabs(p_star)) +
                       std::fabs(residual);
  const double floor = std::max(noise / path.slope(t_star), 1e-14 * T);
  if (!(floor < 0.5 * T)) return {limit_to(-g0 * h, t_star), h};
  const TowardStationary ode(loss, path, y, p_star, t_star, residual, std::log(floor / T));
  OdeOptions opt;
  opt.rtol = kRtol;
  opt.first_step = std::min(h, 0.1 * T / std::fabs(g0));
  opt.atol = 1e-3 * kRtol * std::fabs(g0) * opt.first_step / T;
  const OdeResult r = integrate_dopri(ode, 0.0, 0.0, h, opt);
  return {ode.t_at(r.y), h};
}

UpdateStep unbounded(const SmoothLoss& loss, const PredictionPath& path, double y, double h,
                     double g0) {
  const double d = g0 < 0.0 ? 1.0 : -1.0;
  const Unbounded ode(loss, path, y, d, h);
  const double s_max = PredictionPath::kMaxStep;
  OdeOptions opt;
  opt.rtol = kRtol;
  opt.first_step = std::min(0.5 * std::fabs(g0) * h, 0.25 * s_max);
  opt.atol = 1e-3 * kRtol * opt.first_step;
  const OdeResult r = integrate_dopri(ode, 0.0, 0.0, s_max, opt);
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
