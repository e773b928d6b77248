#include "logistic_increment.h"

#include <cmath>

#include "numeric.h"

namespace learner::detail {

double logistic_increment(double z0, double sigma, int* newton_steps) {
  int steps = 0;
  if (newton_steps != nullptr) *newton_steps = 0;
  if (!(sigma > 0.0)) return 0.0;
  if (!std::isfinite(sigma)) return sigma;
  const double bound = softplus(std::log(sigma) - z0);  // log1p(sigma e^{-z0})
  if (z0 > 40.0) return bound;  // the e^{z0} expm1(delta) term dominates to 1e-17
  const double c = std::exp(z0);
  // c expm1(delta) and c e^delta, without overflow for very negative z0.
  auto c_expm1 = [&](double d) { return d < 700.0 ? c * std::expm1(d) : std::exp(z0 + d) - c; };
  double delta = std::fmin(sigma, bound);
  for (int it = 0; it < 100; ++it) {
    ++steps;
    const double em = c_expm1(delta);
    const double f = delta + em - sigma;
    if (!(f > 0.0)) break;
    const double step = f / (1.0 + c + em);
    const double next = delta - step;
    // A step lost below delta's last bit: every later one would be the same
    // (1.4 % of a logistic run's updates used to spin to the cap here).
    if (next == delta) break;
    delta = next;
    if (step <= 1e-17 * delta) break;
  }
  if (newton_steps != nullptr) *newton_steps = steps;
  return delta;
}

}  // namespace learner::detail
