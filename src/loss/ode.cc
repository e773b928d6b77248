// Dormand-Prince 5(4) with error control and a terminal event (see ode.h).
#include "ode.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "root.h"

namespace learner {
namespace {

using State = OdeSystem::State;

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
constexpr double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200,
                 e6 = 22.0 / 525, e7 = -1.0 / 40;

struct Trial {
  State y{};    // 5th-order solution at x + dx
  State f{};    // rhs there (first stage of the next step)
  State err{};  // local error estimate
  bool ok = false;
};

// One Dormand-Prince step of size dx from (x, y) with k1 = f(x, y).
Trial dopri_step(const OdeSystem& ode, int n, double x, const State& y, const State& k1, double dx,
                 int& evals) {
  State k2{}, k3{}, k4{}, k5{}, k6{}, tmp{};
  auto stage = [&](double cx, State& out, auto&& combine) {
    for (int i = 0; i < n; ++i) tmp[i] = y[i] + dx * combine(i);
    ode.rhs(x + cx * dx, tmp, out);
  };
  stage(c2, k2, [&](int i) { return a21 * k1[i]; });
  stage(c3, k3, [&](int i) { return a31 * k1[i] + a32 * k2[i]; });
  stage(c4, k4, [&](int i) { return a41 * k1[i] + a42 * k2[i] + a43 * k3[i]; });
  stage(c5, k5, [&](int i) { return a51 * k1[i] + a52 * k2[i] + a53 * k3[i] + a54 * k4[i]; });
  stage(1.0, k6,
        [&](int i) { return a61 * k1[i] + a62 * k2[i] + a63 * k3[i] + a64 * k4[i] + a65 * k5[i]; });
  Trial r;
  for (int i = 0; i < n; ++i) {
    r.y[i] = y[i] + dx * (b1 * k1[i] + b3 * k3[i] + b4 * k4[i] + b5 * k5[i] + b6 * k6[i]);
  }
  ode.rhs(x + dx, r.y, r.f);
  evals += 6;
  r.ok = true;
  for (int i = 0; i < n; ++i) {
    r.err[i] = dx * (e1 * k1[i] + e3 * k3[i] + e4 * k4[i] + e5 * k5[i] + e6 * k6[i] + e7 * r.f[i]);
    r.ok = r.ok && std::isfinite(r.y[i]) && std::isfinite(r.f[i]) && std::isfinite(r.err[i]);
  }
  return r;
}

// Cubic Hermite interpolation of the step from (y0, f0) to (y1, f1); used only
// to guess where the event fired.
struct Hermite {
  const State &y0, &f0, &y1, &f1;
  double dx;
  int n;
  void at(double th, State& y, State& f) const {
    const double t2 = th * th, t3 = t2 * th;
    for (int i = 0; i < n; ++i) {
      y[i] = (2 * t3 - 3 * t2 + 1) * y0[i] + (t3 - 2 * t2 + th) * dx * f0[i] +
             (3 * t2 - 2 * t3) * y1[i] + (t3 - t2) * dx * f1[i];
      f[i] = (6 * t2 - 6 * th) * y0[i] / dx + (3 * t2 - 4 * th + 1) * f0[i] +
             (6 * th - 6 * t2) * y1[i] / dx + (3 * t2 - 2 * th) * f1[i];
    }
  }
};

// The event fired inside [x, x + dx]: find the step fraction where stop
// crosses 0, first on the Hermite interpolant (cheap), then by Newton on true
// sub-steps from that guess. The result is on the stop <= 0 side.
OdeResult locate_event(const OdeSystem& ode, int n, double x, const State& y, const State& k1,
                       double dx, const Trial& full, OdeResult out) {
  const Hermite hermite{y, k1, full.y, full.f, dx, n};
  auto on_interpolant = [&](double th) {
    State ys{}, fs{};
    hermite.at(th, ys, fs);
    const double xs = x + th * dx;
    return detail::RootEval{ode.stop(xs, ys), dx * ode.stop_rate(xs, ys, fs)};
  };
  const double guess =
      detail::solve_bracketed(on_interpolant, 0.0, 1.0, 0.5, {.max_iter = 40, .abs_tol = 1e-9});
  double last_theta = -1.0;
  State last_y = y;
  auto on_substep = [&](double th) {
    const Trial t = dopri_step(ode, n, x, y, k1, th * dx, out.evaluations);
    if (!t.ok) return detail::RootEval{1.0, 0.0};  // treat as past the event
    last_theta = th;
    last_y = t.y;
    const double xs = x + th * dx;
    return detail::RootEval{ode.stop(xs, t.y), dx * ode.stop_rate(xs, t.y, t.f)};
  };
  const double theta = detail::solve_bracketed(
      on_substep, 0.0, 1.0, guess, {.max_iter = 60, .safe_side = true, .abs_tol = 1e-13});
  if (theta != last_theta) {
    const Trial t = dopri_step(ode, n, x, y, k1, theta * dx, out.evaluations);
    last_y = t.ok ? t.y : y;
  }
  out.x = x + theta * dx;
  out.y = last_y;
  out.stopped = true;
  return out;
}

}  // namespace

OdeResult integrate_dopri(const OdeSystem& ode, double x0, const State& y0, double x_end,
                          const OdeOptions& opt) {
  const int n = std::clamp(ode.dimension(), 1, OdeSystem::kMaxDim);
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
  double x = x0;
  State y = y0, k1{};
  ode.rhs(x, y, k1);
  out.evaluations = 1;
  for (int i = 0; i < n; ++i) {
    if (!std::isfinite(k1[i])) return out;
  }
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
    const Trial t = dopri_step(ode, n, x, y, k1, dx, out.evaluations);
    if (!t.ok) {
      dx *= 0.25;
      continue;
    }
    double ratio = 0.0;
    for (int i = 0; i < n; ++i) {
      const double w = std::max(ode.error_weight(i, x, y), ode.error_weight(i, x + dx, t.y));
      const double scale = opt.atol + opt.rtol * w;
      const double r = scale > 0.0 ? std::fabs(t.err[i]) / scale : (t.err[i] == 0.0 ? 0.0 : 1e10);
      ratio = std::max(ratio, r);  // a NaN weight counts as accepted (max ignores it)
    }
    if (ratio > 1.0) {
      dx *= std::max(0.2, 0.9 * std::pow(ratio, -0.2));
      continue;
    }
    if (ode.stop(x + dx, t.y) >= 0.0) return locate_event(ode, n, x, y, k1, dx, t, out);
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
