// The losses under test, with a label generator and the point p must never
// pass (the label, the kink or the stationary point of the loss), for the
// property sweeps.
#pragma once

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "learner/loss/loss.h"

namespace learner::testing {

inline std::vector<LossSpec> all_loss_specs() {
  std::vector<LossSpec> specs;
  for (const char* n : {"squared", "classic", "logistic", "hinge", "quantile", "absolute",
                        "perceptron", "poisson", "expectile"}) {
    LossSpec s;
    s.name = n;
    s.quantile_tau = 0.3;
    s.expectile_q = 0.2;
    specs.push_back(s);
  }
  return specs;
}

inline bool is_piecewise(const std::string& name) {
  return name == "hinge" || name == "quantile" || name == "absolute" || name == "perceptron";
}

// Labels the loss expects: +/-1 for margin losses (and hinge 0.52 now and
// then, VW's quirk), counts for poisson, reals otherwise.
inline double random_label(const std::string& name, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  if (name == "logistic" || name == "perceptron") return u(rng) < 0.5 ? 1.0 : -1.0;
  if (name == "hinge") {
    const double v = u(rng);
    return v < 0.45 ? 1.0 : v < 0.9 ? -1.0 : 0.52;
  }
  if (name == "poisson") return std::floor(-3.0 * std::log(1.0 - u(rng)));
  return 4.0 * u(rng) - 2.0;
}

// The point the update must not carry p past on a non-affine path, NaN if
// none: the label, the kink, or where g vanishes.
inline double barrier(const std::string& name, double y) {
  constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  if (name == "hinge") return y != 0.0 ? 1.0 / y : kNone;
  if (name == "perceptron") return 0.0;
  if (name == "poisson") return y > 0.0 ? std::log(y) : kNone;
  if (name == "logistic") return std::fabs(y) < 1.0 ? std::log((1.0 + y) / (1.0 - y)) : kNone;
  return y;
}

}  // namespace learner::testing
