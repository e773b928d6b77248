#include "perceptron.h"
#include "learner/learners/plugins.h"

#include <cmath>

#include "learner/error.h"
#include "../option_helpers.h"
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
    if (cancels(parts)) return weights_.tick();
    const double y = label > 0.0 ? 1.0 : -1.0;
    if (y * current(ex, x, parts, p_hat) <= 0.0) {  // a mistake: y (w.x + b) <= 0
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


const LearnerPlugin& perceptron_plugin() {
  static const LearnerPlugin plugin = [] {
    LearnerPlugin p;
    p.name = "perceptron";
    p.selector = "perceptron";
    p.sign_labels = true;
    p.title = "perceptron (Rosenblatt)";
    p.options = {switch_option("perceptron", "the perceptron: on a mistake (y p <= 0) w += l y x; labels -1/1; "
                                                     "-l is the step (default 1)", true),
                 detail::averaged_option()};
    p.make = [](const LearnerContext& c) -> std::unique_ptr<Learner> {
      PerceptronConfig config;
      config.bits = c.bits;
      config.sub_models = c.sub_models;
      config.rate = detail::step_of(c.values);
      config.averaged = c.values.flag("averaged");
      return make_perceptron(config);
    };
    return p;
  }();
  return plugin;
}

}  // namespace learner
