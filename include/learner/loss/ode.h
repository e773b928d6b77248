// A small adaptive ODE integrator for the numerical importance-aware updates
// (design/dyadic-update.md section 3, "smooth losses: one-dimensional ODE").
//
// Dormand-Prince 5(4) (Dormand & Prince, J. Comput. Appl. Math. 6, 1980) for a
// scalar equation dy/dx = f(x, y), local error control
// |err| <= atol + rtol * max(|y_n|, |y_n+1|) (the weight |y| can be
// overridden), step factor in [0.2, 5] with safety 0.9, and an optional terminal event: integration stops at the first
// x where stop(x, y) >= 0, located by bracketed Newton on the step fraction
// (each trial point is a fresh Dormand-Prince step from the start of the step
// that crossed). A stage that returns inf or NaN is treated as a failed step
// and the step is shortened; no heap allocation.
#pragma once

namespace learner {

class ScalarOde {
 public:
  virtual double rhs(double x, double y) const = 0;
  // Terminal event: stop at the first x where stop(x, y) >= 0. Default: never.
  virtual double stop(double x, double y) const { return -1.0; }
  // d stop / dx along the solution, given dy/dx = dydx (Newton's slope for
  // the event location). 0 disables Newton (bisection only).
  virtual double stop_rate(double x, double y, double dydx) const { return 0.0; }
  // The local error of a step ending at (x, y) is accepted when
  // |err| <= atol + rtol * error_weight(x, y) (the larger of the two ends).
  // Default |y|; override when the quantity that matters is not y itself.
  virtual double error_weight(double x, double y) const { return y < 0.0 ? -y : y; }

 protected:
  ~ScalarOde() = default;
};

struct OdeOptions {
  double rtol = 1e-10;
  double atol = 0.0;
  double first_step = 0.0;  // 0: (x_end - x0) / 100
  int max_steps = 20000;    // accepted + rejected steps
};

struct OdeResult {
  double x = 0.0;  // where integration ended (x_end, the event, or where it gave up)
  double y = 0.0;
  bool stopped = false;   // the event fired at x
  bool finished = false;  // reached x_end without the event
  int steps = 0;          // accepted steps
  int evaluations = 0;    // calls to rhs
};

// Integrates from (x0, y0) to x_end > x0.
OdeResult integrate_dopri(const ScalarOde& ode, double x0, double y0, double x_end,
                          const OdeOptions& options = {});

}  // namespace learner
