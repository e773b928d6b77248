// Dormand-Prince 5(4) with error control and a terminal event (see ode.h).
#include "learner/loss/ode.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "root.h"

namespace learner {
namespace {

// The Dormand-Prince tableau (c, a, b = 5th-order weights, e = b - b_hat).
constexpr double c2 = 1.0 / 5, c3 = 3.0 / 10, c4 = 4.0 / 5, c5 = 8.0 / 9;
constexpr double a21 = 1.0 / 5;
constexpr double a31 = 3.0 / 40, a32 = 9.0 / 40;
constexpr double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
constexpr double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561,
                 a54 = -212.0 / 729;
constexpr double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176,
                 a65 = -5103.0 / 18656;
constexpr double b1 = 35.0 / 384, b3 = 500.0 / 1113, b4 = 125.0 / 192, b5 = -2187.0 / 6784,
                 b6 = 11.0 / 84;
constexpr double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920,
                 e5 = -17253.0 / 339200, e6 = 22.0 / 525, e7 = -1.0 / 40;

struct Trial {
  double y = 0.0;    // 5th-order solution at x + dx
  double f = 0.0;    // rhs there (first stage of the next step)
  double err = 0.0;  // local error estimate
  bool ok = false;   // every stage finite
};

Trial dopri_step(const ScalarOde& ode, double x, double y, double k1, double dx, int& evals) {
  Trial r;
  const double k2 = ode.rhs(x + c2 * dx, y + dx * (a21 * k1));
  const double k3 = ode.rhs(x + c3 * dx, y + dx * (a31 * k1 + a32 * k2));
  const double k4 = ode.rhs(x + c4 * dx, y + dx * (a41 * k1 + a42 * k2 + a43 * k3));
  const double k5 = ode.rhs(x + c5 * dx, y + dx * (a51 * k1 + a52 * k2 + a53 * k3 + a54 * k4));
  const double k6 =
      ode.rhs(x + dx, y + dx * (a61 * k1 + a62 * k2 + a63 * k3 + a64 * k4 + a65 * k5));
  r.y = y + dx * (b1 * k1 + b3 * k3 + b4 * k4 + b5 * k5 + b6 * k6);
  r.f = ode.rhs(x + dx, r.y);
  evals += 6;
  r.err = dx * (e1 * k1 + e3 * k3 + e4 * k4 + e5 * k5 + e6 * k6 + e7 * r.f);
  r.ok = std::isfinite(r.y) && std::isfinite(r.f) && std::isfinite(r.err);
  return r;
}

// Cubic Hermite interpolation of the step from (y0, f0) to (y1, f1), and its
// derivative in x; used only to guess where the event fired.
struct Hermite {
  double y0, f0, y1, f1, dx;
  double value(double th) const {
    const double t2 = th * th, t3 = t2 * th;
    return (2 * t3 - 3 * t2 + 1) * y0 + (t3 - 2 * t2 + th) * dx * f0 + (3 * t2 - 2 * t3) * y1 +
           (t3 - t2) * dx * f1;
  }
  double slope(double th) const {
    const double t2 = th * th;
    return (6 * t2 - 6 * th) * y0 / dx + (3 * t2 - 4 * th + 1) * f0 + (6 * th - 6 * t2) * y1 / dx +
           (3 * t2 - 2 * th) * f1;
  }
};

// The event fired inside [x, x + dx]: find the step fraction where stop
// crosses 0, first on the Hermite interpolant (cheap), then by Newton on
// true Dormand-Prince sub-steps started from that guess.
OdeResult locate_event(const ScalarOde& ode, double x, double y, double k1, double dx,
                       const Trial& full, OdeResult out) {
  const Hermite hermite{y, k1, full.y, full.f, dx};
  auto on_interpolant = [&](double th) {
    const double xs = x + th * dx;
    const double ys = hermite.value(th);
    return detail::RootEval{ode.stop(xs, ys), dx * ode.stop_rate(xs, ys, hermite.slope(th))};
  };
  const double guess =
      detail::solve_bracketed(on_interpolant, 0.0, 1.0, 0.5, {.max_iter = 40, .abs_tol = 1e-9});
  double last_theta = -1.0, last_y = y;
  auto on_substep = [&](double th) {
    const Trial t = dopri_step(ode, x, y, k1, th * dx, out.evaluations);
    const double xs = x + th * dx;
    if (!t.ok) return detail::RootEval{1.0, 0.0};  // treat as past the event
    last_theta = th;
    last_y = t.y;
    return detail::RootEval{ode.stop(xs, t.y), dx * ode.stop_rate(xs, t.y, t.f)};
  };
  const double theta =
      detail::solve_bracketed(on_substep, 0.0, 1.0, guess, {.max_iter = 60, .abs_tol = 1e-13});
  if (theta != last_theta) {
    const Trial t = dopri_step(ode, x, y, k1, theta * dx, out.evaluations);
    last_y = t.ok ? t.y : y;
  }
  out.x = x + theta * dx;
  out.y = last_y;
  out.stopped = true;
  return out;
}

}  // namespace

OdeResult integrate_dopri(const ScalarOde& ode, double x0, double y0, double x_end,
                          const OdeOptions& opt) {
  OdeResult out;
  out.x = x0;
  out.y = y0;
  if (ode.stop(x0, y0) >= 0.0) {
    out.stopped = true;
    return out;
  }
  if (!(x_end > x0)) {
    out.finished = true;
    return out;
  }
  double x = x0, y = y0;
  double k1 = ode.rhs(x, y);
  out.evaluations = 1;
  if (!std::isfinite(k1)) return out;
  double dx = opt.first_step > 0.0 ? opt.first_step : (x_end - x0) / 100.0;
  for (int attempt = 0; attempt < opt.max_steps; ++attempt) {
    const double min_dx = 4.0 * std::numeric_limits<double>::epsilon() * std::fabs(x) +
                          std::numeric_limits<double>::min();
    if (dx < min_dx) break;  // cannot make progress (singular right-hand side)
    bool last = false;
    if (x + dx >= x_end) {
      dx = x_end - x;
      last = true;
    }
    const Trial t = dopri_step(ode, x, y, k1, dx, out.evaluations);
    if (!t.ok) {
      dx *= 0.25;
      continue;
    }
    const double weight = std::max(ode.error_weight(x, y), ode.error_weight(x + dx, t.y));
    const double scale = opt.atol + opt.rtol * weight;
    const double ratio = scale > 0.0 ? std::fabs(t.err) / scale : (t.err == 0.0 ? 0.0 : 1e10);
    if (ratio > 1.0) {
      dx *= std::max(0.2, 0.9 * std::pow(ratio, -0.2));
      continue;
    }
    if (ode.stop(x + dx, t.y) >= 0.0) return locate_event(ode, x, y, k1, dx, t, out);
    ++out.steps;
    x = last ? x_end : x + dx;
    y = t.y;
    k1 = t.f;
    out.x = x;
    out.y = y;
    if (last) {
      out.finished = true;
      return out;
    }
    const double grow = ratio > 0.0 ? 0.9 * std::pow(ratio, -0.2) : 5.0;
    dx *= std::clamp(grow, 0.2, 5.0);
  }
  return out;
}

}  // namespace learner
