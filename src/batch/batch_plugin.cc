// --bfgs and --conjugate_gradient as learner plug-ins (VW's names, defaults
// and meaning: bfgs.cc's --bfgs, --conjugate_gradient, --mem 15,
// --termination 0.001, --hessian_on).
#include <cmath>
#include <limits>

#include "learner/batch/batch_plugin.h"
#include "learner/core/config.h"
#include "learner/error.h"

namespace learner {
namespace {

// Options of the gradient learner that a batch run uses (--l2, the loss) or
// must accept because a gd model given with -i stores them (the update rule,
// the dyadic settings, refused below when a --dotproduct is named).
const char* const kSharedWithGd[] = {
    "l1", "l2", "loss_function", "loss", "quantile_tau", "expectile_q", "power_t", "initial_t", "average_passes",
    "sgd", "adaptive", "normalized", "invariant", "dotproduct", "rank", "dotproduct_l2", "dotproduct_lr",
    "dotproduct_init", "dotproduct_freq_l2", "dotproduct_side_ratio", "dotproduct_center", "dotproduct_fields",
    "dotproduct_dropout"};

std::vector<OptionSpec> batch_options(OptionSpec selector) {
  std::vector<OptionSpec> o = {
      std::move(selector),
      number_option("mem", OptionKind::kCount, "15", 1, 1000,
                    "--bfgs: correction pairs L-BFGS keeps (memory: about 2 mem + 6 doubles per weight slot)"),
      number_option("termination", OptionKind::kNumber, "0.001", 0, 1,
                    "--bfgs/--conjugate_gradient: stop when an iteration lowers the objective by less than this "
                    "fraction (0: run every pass)"),
      switch_option("hessian_on", "--bfgs: a curvature pass after each gradient pass chooses the step (Newton's "
                                  "step along the direction; --conjugate_gradient always does, as VW)"),
  };
  for (const char* name : kSharedWithGd) {
    OptionSpec s;
    s.name = name;  // declared by the gradient learner; only the name is read here
    o.push_back(s);
  }
  return o;
}

void validate(const OptionValues& v, const char* flag) {
  if (v.number("passes") < 2)
    throw UsageError(std::string("--") + flag + " needs --passes 2 or more (each iteration is a pass over the data)");
  if (v.number("l1") != 0)
    throw UsageError(std::string("--") + flag + " minimises loss + l2/2 ||w||^2; --l1 is not supported");
  if (!v.list("dotproduct").empty() || !v.text("dotproduct_fields").empty())
    throw UsageError(std::string("--") + flag + " trains linear weights; --dotproduct is not supported");
  if (v.given("mem") && std::string(flag) != "bfgs") throw UsageError("--mem applies to --bfgs, not to --" + std::string(flag));
}

std::unique_ptr<Learner> make(const LearnerContext& c, BatchConfig::Method method) {
  BatchConfig config;
  config.method = method;
  config.mem = static_cast<unsigned>(c.values.number("mem"));
  config.termination = c.values.number("termination");
  config.hessian_on = c.values.flag("hessian_on");
  config.l2 = c.values.number("l2");
  config.quiet = c.values.flag("quiet");
  CoreConfig core = c.core;
  core.bits = c.bits;
  core.sub_models = c.sub_models;
  return make_batch_learner(config, core, c.loss, c.group);
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
    p.make = [](const LearnerContext& c) { return make(c, BatchConfig::Method::kLbfgs); };
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
    p.make = [](const LearnerContext& c) { return make(c, BatchConfig::Method::kConjugateGradient); };
    return p;
  }();
  return plugin;
}

}  // namespace learner
