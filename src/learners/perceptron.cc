#include "learner/learners/perceptron.h"

#include <cmath>

#include "learner/error.h"
#include "linear_base.h"

namespace learner {
namespace {

class Perceptron final : public detail::LinearBase {
 public:
  explicit Perceptron(const PerceptronConfig& c)
      : LinearBase("perceptron", "perceptron", c.bits, c.sub_models, c.averaged), rate_(c.rate) {}

  void learn(const Example& ex, const std::vector<Feature>& x, Parts parts, double p_hat, double label,
             double importance) override {
    if (!(importance > 0.0)) return;
    const double y = label > 0.0 ? 1.0 : -1.0;
    if (y * current(ex, x, parts, p_hat) <= 0.0) {  // a mistake (seed 002: y (w.x + b) <= 0)
      if (weights_.gradient(x, parts) != 0.0) apply(rate_ * importance * y);  // g = 0: nothing to move
    }
    weights_.tick();
  }

 private:
  double rate_;
};

}  // namespace

std::unique_ptr<LinearLearner> make_perceptron(const PerceptronConfig& config) {
  if (!(std::isfinite(config.rate) && config.rate > 0.0))
    throw Error("the perceptron's rate (-l) must be finite and positive");
  return std::make_unique<Perceptron>(config);
}

}  // namespace learner
