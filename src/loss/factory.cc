// make_loss: the only public constructor of losses.
#include <memory>
#include <string>

#include "families.h"
#include "learner/error.h"
#include "learner/loss/loss.h"

namespace learner {

std::unique_ptr<Loss> make_loss(const LossSpec& spec) {
  const std::string& n = spec.name;
  if (n == "squared") return detail::make_squared_loss();
  if (n == "classic") return detail::make_classic_loss();
  if (n == "logistic") return detail::make_logistic_loss();
  if (n == "hinge") return detail::make_hinge_loss();
  if (n == "perceptron") return detail::make_perceptron_loss();
  if (n == "poisson") return detail::make_poisson_loss();
  if (n == "absolute") return detail::make_absolute_loss();
  if (n == "quantile" || n == "pinball") {
    if (!(spec.quantile_tau > 0.0 && spec.quantile_tau < 1.0)) {
      throw UsageError("quantile tau must be in (0, 1), got " + std::to_string(spec.quantile_tau));
    }
    return detail::make_quantile_loss(spec.quantile_tau);
  }
  if (n == "expectile") {
    if (!(spec.expectile_q > 0.0 && spec.expectile_q <= 0.5)) {
      throw UsageError("expectile q must be in (0, 0.5], got " + std::to_string(spec.expectile_q));
    }
    return detail::make_expectile_loss(spec.expectile_q);
  }
  throw UsageError("unknown loss function '" + n +
                   "' (expected squared, classic, logistic, hinge, quantile, pinball, absolute, "
                   "perceptron, poisson or expectile)");
}

}  // namespace learner
