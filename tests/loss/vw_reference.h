// VW's get_update closed forms (docs/vw-compat.md section 3), written out
// independently for the golden tests in VW's own variables: u = get_update(p,
// y, eta_t, H), where eta_t = eta * importance and the prediction moves by
// u * H. On our affine path q = eta * H, so t = u / eta.
#pragma once

#include <cmath>

namespace learner::testing::vw {

inline double squared(double p, double y, double eta_t, double H) {
  if (eta_t * H < 1e-6) return 2.0 * (y - p) * eta_t;
  return (y - p) * (1.0 - std::exp(-2.0 * eta_t * H)) / H;
}

inline double classic(double p, double y, double eta_t, double) { return 2.0 * (y - p) * eta_t; }

inline double hinge(double p, double y, double eta_t, double H) {
  if (y * p >= 1.0) return 0.0;
  const double err = 1.0 - y * p;
  return y * (eta_t * H < err ? eta_t : err / H);
}

inline double quantile(double p, double y, double eta_t, double H, double tau) {
  const double e = y - p;
  if (e == 0.0) return 0.0;
  if (e > 0.0) return tau * eta_t * H < e ? tau * eta_t : e / H;
  return (1.0 - tau) * eta_t * H < -e ? -(1.0 - tau) * eta_t : e / H;
}

inline double expectile(double p, double y, double eta_t, double H, double q) {
  return squared(p, y, (y - p < 0.0 ? q : 1.0 - q) * eta_t, H);
}

inline double poisson(double p, double y, double eta_t, double H) {
  if (y > 0.0) return y * eta_t - std::log1p(std::exp(p) * std::expm1(y * eta_t * H) / y) / H;
  return -std::log1p(std::exp(p) * eta_t * H) / H;
}

// VW's approximation of W(e^x) - x (absolute error < 9e-5).
inline double wexpmx(double x) {
  const double w = x >= 1.0 ? 0.86 * x + 0.01 : std::exp(0.8 * x - 0.65);
  const double r = x >= 1.0 ? x - std::log(w) - w : 0.2 * x + 0.65 - w;
  const double t = 1.0 + w;
  const double u = 2.0 * t * (t + 2.0 * r / 3.0);
  return w * (1.0 + r / t * (u - r) / (u - 2.0 * r)) - x;
}

inline double logistic(double p, double y, double eta_t, double H) {
  const double d = std::exp(y * p);
  if (eta_t * H < 1e-6) return y * eta_t / (1.0 + d);
  const double x = eta_t * H + y * p + d;
  return -(y * wexpmx(x) + p) / H;
}

// The exact z with z + e^z = x (bisection in long double), for the logistic check.
inline double solve_z_plus_exp_z(double x) {
  long double lo = -800.0L, hi = x + 1.0L;
  for (int i = 0; i < 400; ++i) {
    const long double mid = 0.5L * (lo + hi);
    if (mid + std::exp(mid) < x)
      lo = mid;
    else
      hi = mid;
  }
  return static_cast<double>(0.5L * (lo + hi));
}

}  // namespace learner::testing::vw
