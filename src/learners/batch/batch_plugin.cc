// --bfgs and --conjugate_gradient as learner plug-ins (VW's names, defaults
// and meaning: bfgs.cc's --bfgs, --conjugate_gradient, --mem 15,
// --termination 0.001, --hessian_on).
#include <cmath>
#include <limits>

#include "batch_plugin.h"
#include "learner/learner.h"
#include "learner/learners/gd/gd_plugin.h"
#include "learner/error.h"
#include "learner/learners/plugins.h"

namespace learner {
namespace {

// The batch learners write gd models (BatchLearner::name()), so they take
// every option of the gradient learner: those a batch run uses (--l2, the
// loss) and those a gd model given with -i stores; validate() refuses the
// ones it cannot serve.
std::vector<OptionSpec> batch_options(OptionSpec selector) {
  const BatchConfig d;
  std::vector<OptionSpec> o = {
      std::move(selector),
      number_option("mem", OptionKind::kCount, default_text(d.mem), 1, 1000,
                    "--bfgs: correction pairs L-BFGS keeps (memory: about 2 mem + 6 doubles per weight slot)"),
      number_option("termination", OptionKind::kNumber, default_text(d.termination), 0, 1,
                    "--bfgs/--conjugate_gradient: stop when an iteration lowers the objective by less than this "
                    "fraction (0: run every pass)"),
      switch_option("hessian_on", "--bfgs: a curvature pass after each gradient pass chooses the step (Newton's "
                                  "step along the direction; --conjugate_gradient always does, as VW)"),
  };
  o.insert(o.end(), gd_options().begin(), gd_options().end());
  return o;
}

void validate(const OptionValues& v, const char* flag) {
  if (v.number("passes") < 2)
    throw UsageError(std::string("--") + flag + " needs --passes 2 or more (each iteration is a pass over the data)");
  if (v.number("l1") != 0)
    throw UsageError(std::string("--") + flag + " minimises loss + l2/2 ||w||^2; --l1 is not supported");
  if (!v.list("dotproduct").empty() || !v.text("dotproduct_fields").empty() || !v.list("lrq").empty() ||
      v.given("lrqfa"))
    throw UsageError(std::string("--") + flag + " trains linear weights; --dotproduct is not supported");
  if (v.given("feature_mask")) throw UsageError(std::string("--") + flag + " does not take --feature_mask");
  if (v.given("mem") && std::string(flag) != "bfgs") throw UsageError("--mem applies to --bfgs, not to --" + std::string(flag));
}

LearnerSetup setup(const OptionValues& v, const RunFacts& f, BatchConfig::Method method) {
  auto core = std::make_shared<CoreConfig>();
  LearnerSetup s = read_gd_settings(v, f, *core);
  BatchConfig config;
  config.method = method;
  config.mem = static_cast<unsigned>(v.number("mem"));
  config.termination = v.number("termination");
  config.hessian_on = v.flag("hessian_on");
  config.l2 = v.number("l2");
  config.quiet = v.flag("quiet");
  s.make = [core, config](const LearnerContext& c) {
    CoreConfig k = *core;
    k.bits = c.bits;
    k.sub_models = c.sub_models;
    return make_batch_learner(config, k, c.loss, c.group);
  };
  return s;
}

}  // namespace

const LearnerPlugin& bfgs_plugin() {
  static const LearnerPlugin plugin = [] {
    LearnerPlugin p;
    p.name = "gd";  // its models are gd models (BatchLearner::name()), so -i of an online model works
    p.selector = "bfgs";
    p.title = "batch L-BFGS and conjugate gradient (VW's --bfgs; docs/bfgs.md)";
    p.options = batch_options(switch_option(
        "bfgs", "batch L-BFGS on loss + l2/2 ||w||^2, one iteration per pass (needs --passes; writes a gd model)"));
    p.validate = [](const OptionValues& v) { validate(v, "bfgs"); };
    p.setup = [](const OptionValues& v, const RunFacts& f) { return setup(v, f, BatchConfig::Method::kLbfgs); };
    return p;
  }();
  return plugin;
}

const LearnerPlugin& conjugate_gradient_plugin() {
  static const LearnerPlugin plugin = [] {
    LearnerPlugin p;
    p.name = "gd";
    p.selector = "conjugate_gradient";
    p.title = "batch conjugate gradient";
    p.options = batch_options(switch_option(
        "conjugate_gradient", "batch preconditioned nonlinear conjugate gradient (PR+) on loss + l2/2 ||w||^2"));
    p.validate = [](const OptionValues& v) { validate(v, "conjugate_gradient"); };
    p.setup = [](const OptionValues& v, const RunFacts& f) {
      return setup(v, f, BatchConfig::Method::kConjugateGradient);
    };
    return p;
  }();
  return plugin;
}

}  // namespace learner
