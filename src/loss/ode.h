// A small adaptive ODE integrator for the numerical importance-aware updates
// (docs/dyadic-update.md section 3, "smooth losses: one-dimensional ODE").
//
// Dormand-Prince 5(4) (Dormand & Prince, J. Comput. Appl. Math. 6, 1980) for
// dy/dx = f(x, y) with a state of one or two components. Local error control
// max_i |err_i| / (atol + rtol * w_i) <= 1, where the weight w_i defaults to
// |y_i| (the larger of the step's two ends) and can be overridden; step
// factor in [0.2, 5] with safety 0.9. Optional terminal event: integration
// stops at the first x where stop(x, y) >= 0, located by bracketed Newton on
// the step fraction (guessed on a cubic Hermite interpolant, then refined on
// true Dormand-Prince sub-steps from the start of the step that crossed; the
// result is on the stop <= 0 side). A stage that returns inf or NaN counts as
// a failed step and the step is shortened. No heap allocation.
#pragma once

#include <array>

namespace learner {

class OdeSystem {
 public:
  static constexpr int kMaxDim = 2;
  using State = std::array<double, kMaxDim>;

  virtual int dimension() const { return 1; }
  virtual void rhs(double x, const State& y, State& dydx) const = 0;
  // Terminal event: stop at the first x where stop(x, y) >= 0. Default: never.
  virtual double stop(double x, const State& y) const { return -1.0; }
  // d stop / dx along the solution (Newton's slope for the event location);
  // 0 disables Newton (bisection only).
  virtual double stop_rate(double x, const State& y, const State& dydx) const { return 0.0; }
  // The scale of acceptable error in component i (times rtol); default |y_i|.
  virtual double error_weight(int i, double x, const State& y) const {
    return y[i] < 0.0 ? -y[i] : y[i];
  }

 protected:
  ~OdeSystem() = default;
};

// The scalar case, with plain-double callbacks.
class ScalarOde : public OdeSystem {
 public:
  virtual double rate(double x, double y) const = 0;  // dy/dx
  virtual double stop_value(double x, double y) const { return -1.0; }
  virtual double stop_slope(double x, double y, double dydx) const { return 0.0; }
  virtual double weight(double x, double y) const { return y < 0.0 ? -y : y; }

  void rhs(double x, const State& y, State& dydx) const final { dydx[0] = rate(x, y[0]); }
  double stop(double x, const State& y) const final { return stop_value(x, y[0]); }
  double stop_rate(double x, const State& y, const State& dydx) const final {
    return stop_slope(x, y[0], dydx[0]);
  }
  double error_weight(int, double x, const State& y) const final { return weight(x, y[0]); }

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
  double x = 0.0;         // where integration ended (x_end, the event, or where it gave up)
  OdeSystem::State y{};   // the state there
  bool stopped = false;   // the event fired at x
  bool finished = false;  // reached x_end without the event
  int steps = 0;          // accepted steps
  int evaluations = 0;    // calls to rhs
};

// Integrates from (x0, y0) to x_end > x0.
OdeResult integrate_dopri(const OdeSystem& ode, double x0, const OdeSystem::State& y0, double x_end,
                          const OdeOptions& options = {});

}  // namespace learner
