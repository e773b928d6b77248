// The gradient learner's options and their reading (gd_plugin.h).
#include "learner/learners/gd/gd_plugin.h"
#include "learner/learners/plugins.h"

#include <cstdio>
#include <limits>
#include <memory>
#include <string>

#include "learner/learners/gd/dotproduct.h"
#include "learner/learners/gd/model.h"
#include "learner/error.h"
#include "learner/loss/loss.h"

namespace learner {
namespace {

constexpr double kUnbounded = std::numeric_limits<double>::infinity();

std::vector<OptionSpec> make_gd_options() {
  const CoreConfig d;
  const LossSpec loss;
  OptionSpec l1 = number_option("l1", OptionKind::kNumber, default_text(d.l1), 0, kUnbounded, "L1 regularisation, as VW: every weight is read truncated by lambda times the summed step rates so far (cumulative truncated gradient); --struct_svm: lambda_1 of its composite AdaGrad step", true);
  l1.resumable = true;
  OptionSpec l2 = number_option("l2", OptionKind::kNumber, default_text(d.l2), 0, kUnbounded, "L2 regularisation (shrinkage of each example's weights; --struct_svm: lambda_2)", true);
  l2.resumable = true;
  std::vector<OptionSpec> o = {
      number_option("power_t", OptionKind::kNumber, default_text(d.power_t), 0, kUnbounded, "rate decay exponent", true),
      number_option("initial_t", OptionKind::kNumber, default_text(d.initial_t), 0, kUnbounded, "initial time t0", true),
      number_option("average_passes", OptionKind::kCount, default_text(d.average_passes), 1, 1e9, "write the model averaged over the weights at the ends of the last N passes (snapshot / Polyak-Ruppert averaging of linear and latent weights; needs --holdout_off; 1: the last weights)"),
      l1, l2,
      text_option("feature_mask", "a model whose non-zero weights are the only ones that learn (VW's rule: a weight that is zero stays zero); without -i it is also the start model (its options are restored as with -i)"),
      switch_option("sgd", "plain SGD: adaptive, normalized and invariant all off", true),
      switch_option("adaptive", "per-feature AdaGrad rates (naming any of adaptive/normalized/invariant turns the others off, as in VW)", true),
      switch_option("normalized", "per-feature scale normalisation", true),
      switch_option("invariant", "importance-aware update", true),
      text_option("loss_function", "squared (default), classic, logistic, hinge, quantile, absolute, perceptron, poisson, expectile; logistic takes labels in [-1, 1], poisson labels >= 0 (others: an input error)", 0, "", true),
      text_option("loss", "same as --loss_function"),
      number_option("quantile_tau", OptionKind::kNumber, default_text(loss.quantile_tau), 0, 1, "tau of the quantile loss, in (0, 1)", true, 0, true),
      number_option("expectile_q", OptionKind::kNumber, default_text(loss.expectile_q), 0, 0.5, "q of the expectile loss, in (0, 0.5]", true, 0, true),
  };
  for (OptionSpec& s : dotproduct_options()) o.push_back(std::move(s));
  return o;
}

}  // namespace

const std::vector<OptionSpec>& gd_options() {
  static const std::vector<OptionSpec> options = make_gd_options();
  return options;
}

LearnerSetup read_gd_settings(const OptionValues& v, const RunFacts& f, CoreConfig& c) {
  LearnerSetup s;
  // VW's rule (gd.cc): naming any of the four flags turns the unnamed ones off.
  const bool sgd = v.flag("sgd"), adaptive = v.flag("adaptive"), normalized = v.flag("normalized"),
             invariant = v.flag("invariant");
  const bool explicit_rule = sgd || adaptive || normalized || invariant;
  if (explicit_rule) c.rule = UpdateRule{adaptive && !sgd, normalized && !sgd, invariant && !sgd};
  const bool rule_rate = explicit_rule && !(c.rule.adaptive && c.rule.normalized);
  if (v.given("learning_rate")) c.learning_rate = v.number("learning_rate");
  else if (rule_rate) c.learning_rate = kRuleRate;
  c.power_t = v.number("power_t");
  c.initial_t = v.number("initial_t");
  c.l1 = v.number("l1");
  c.l2 = v.number("l2");
  c.decay_learning_rate = v.number("decay_learning_rate");
  c.random_seed = static_cast<uint32_t>(v.number("random_seed"));
  c.passes = static_cast<unsigned>(v.number("passes"));
  c.average_passes = static_cast<unsigned>(v.number("average_passes"));
  c.feature_mask = v.given("feature_mask");
  read_dotproduct_options(v, f, c, s);
  if (c.average_passes > 1)
    s.refuses_holdout = "--average_passes: with holdout (on by default with --passes > 1) -f keeps the best pass's "
                        "weights, not an average; give --holdout_off";
  char rates[96];
  std::snprintf(rates, sizeof rates, "initial_t = %g\npower_t = %g\n", c.initial_t, c.power_t);
  s.rates = rates;
  return s;
}

const LearnerPlugin& gd_plugin() {
  static const LearnerPlugin plugin = [] {
    LearnerPlugin p;
    p.name = "gd";
    p.title = "gradient learner ('gd', the default; the dyadic model p = w.x + A.B)";
    p.options = gd_options();
    p.setup = [](const OptionValues& v, const RunFacts& f) {
      auto config = std::make_shared<CoreConfig>();
      LearnerSetup s = read_gd_settings(v, f, *config);
      s.make = [config](const LearnerContext& c) -> std::unique_ptr<Learner> {
        CoreConfig k = *config;
        k.bits = c.bits;
        k.sub_models = c.sub_models;
        return std::make_unique<Model>(k, c.loss);
      };
      return s;
    };
    return p;
  }();
  return plugin;
}

}  // namespace learner
