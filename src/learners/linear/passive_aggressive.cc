#include "passive_aggressive.h"
#include "learner/learners/plugins.h"

#include <algorithm>
#include <cmath>

#include "learner/error.h"
#include "../option_helpers.h"
#include "linear_base.h"

namespace learner {
namespace {

class PassiveAggressive final : public detail::LinearBase {
 public:
  explicit PassiveAggressive(const PassiveAggressiveConfig& c)
      : LinearBase("pa", "hinge", c.bits, c.sub_models, c.averaged), cap_(c.cap) {}

  void learn(const Example& ex, const std::vector<Feature>& x, Parts parts, double p_hat, double label,
             double importance) override {
    if (!(importance > 0.0)) return;
    if (cancels(parts)) return weights_.tick();
    const double p = current(ex, x, parts, p_hat);
    // One part: binary, margin y p towards 1. Several: p towards the label.
    const double y = parts.size() == 1 ? (label > 0.0 ? 1.0 : -1.0) : 1.0;
    const double target = parts.size() == 1 ? 1.0 : label;
    const double margin = y * p;
    if (margin < target) {
      const double norm = weights_.gradient(x, parts);
      if (!std::isfinite(norm)) {
        ++dropped_;
      } else if (norm > 0.0) {
        const double alpha = std::min((target - margin) / norm, cap_ * importance);  // PA-I cap
        apply(y * alpha);
      }
    }
    weights_.tick();
  }

 private:
  double cap_;
};

}  // namespace

std::unique_ptr<LinearLearner> make_passive_aggressive(const PassiveAggressiveConfig& config) {
  if (!(config.cap > 0.0)) throw Error("the passive-aggressive cap C must be positive");
  return std::make_unique<PassiveAggressive>(config);
}


const LearnerPlugin& passive_aggressive_plugin() {
  static const LearnerPlugin plugin = [] {
    LearnerPlugin p;
    p.name = "pa";
    p.selector = "passive_aggressive";
    p.sign_labels = true;
    p.title = "passive-aggressive (the learner of --mira)";
    p.options = {switch_option("passive_aggressive", "the passive-aggressive learner (--mira uses it by default): "
                                                             "the smallest step that meets the margin", true),
                 switch_option("no_average", "the passive-aggressive learner (--mira) without averaged weights", true),
                 // Its default: accepted (--mira K --averaged), not stored (no_average says it).
                 switch_option("averaged", "", false),
                 number_option("mira_cap", OptionKind::kNumber, "", 0, std::numeric_limits<double>::infinity(),
                               "PA-I: cap the step alpha at C (default: no cap)", true, 0, true)};
    p.validate = [](const OptionValues& v) {
      if (v.flag("averaged") && v.flag("no_average"))
        throw UsageError("--averaged and --no_average contradict each other (the passive-aggressive learner averages "
                         "unless --no_average)");
    };
    p.make = [](const LearnerContext& c) -> std::unique_ptr<Learner> {
      PassiveAggressiveConfig config;
      config.bits = c.bits;
      config.sub_models = c.sub_models;
      config.averaged = !c.values.flag("no_average");
      if (c.values.given("mira_cap")) config.cap = c.values.number("mira_cap");
      return make_passive_aggressive(config);
    };
    return p;
  }();
  return plugin;
}

}  // namespace learner
