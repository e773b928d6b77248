#include "logistic_increment.h"

#include <cmath>

#include "numeric.h"

namespace learner::detail {

double logistic_increment(double z0, double sigma, int* newton_steps) {
  if (newton_steps != nullptr) *newton_steps = 0;
  if (!(sigma > 0.0)) return 0.0;
  if (!std::isfinite(sigma)) return sigma;
  const double bound = softplus(std::log(sigma) - z0);  // log1p(sigma e^{-z0})
  if (z0 > 40.0) return bound;  // the e^{z0} expm1(delta) term dominates to 1e-17
  const double c = std::exp(z0);
  // c expm1(delta), without overflow for very negative z0.
  auto c_expm1 = [&](double d) { return d < 700.0 ? c * std::expm1(d) : std::exp(z0 + d) - c; };
  // The root lies below both bounds; the second, rounded, may fall a few ulp
  // under it (f < 0 there: Newton's steps then go up, never past sigma).
  double delta = std::fmin(sigma, bound);
  int steps = 0;
  while (steps < 100) {
    ++steps;
    const double em = c_expm1(delta);
    const double f = delta + em - sigma;  // f' = 1 + c + em, f'' = c + em: one expm1 for all three
    if (f == 0.0) break;
    const double fp = 1.0 + c + em;
    double step = f / fp;  // Newton's
    if (f > 0.0) {
      // Halley's (cubic) from the right; at most twice Newton's step.
      const double shrink = 1.0 - 0.5 * step * (c + em) / fp;
      if (shrink > 0.5) step /= shrink;
    }
    const double next = std::fmin(delta - step, sigma);
    if (next == delta) break;  // below delta's last bit: every later step would be the same
    delta = next;
    if (std::fabs(step) <= 1e-8 * delta) break;  // the error left is of order step^2 (or ^3): under an ulp
  }
  if (newton_steps != nullptr) *newton_steps = steps;
  return delta;
}

}  // namespace learner::detail
