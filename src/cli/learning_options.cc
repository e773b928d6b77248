// The loss, the link and the settings every learner may read (-b, -l 0,
// --random_seed, start weights, prediction bounds); then the selected
// learner reads its own (LearnerPlugin::setup), and what it says the run
// must know is applied here (interactions it takes, holdout).
#include <string>
#include <utility>

#include "learner/error.h"
#include "option_readers.h"

namespace learner {

void fill_learning(const OptionValues& v, Options& o, std::function<bool(std::string_view)> on_command_line) {
  LossSpec& loss = o.loss;
  if (v.given("loss_function") && v.given("loss") && v.text("loss_function") != v.text("loss"))
    throw UsageError("--loss and --loss_function disagree");
  if (v.given("loss_function")) loss.name = v.text("loss_function");
  else if (v.given("loss")) loss.name = v.text("loss");
  loss.quantile_tau = v.number("quantile_tau");
  if (!(loss.quantile_tau < 1)) throw UsageError("--quantile_tau must be in (0, 1)");
  loss.expectile_q = v.number("expectile_q");

  o.bits = static_cast<unsigned>(v.number("bit_precision"));
  o.learning_rate_given = v.given("learning_rate");
  if (o.learning_rate_given && v.number("learning_rate") == 0) o.testonly = true;  // VW: -l 0 means test only
  if (v.given("min_prediction")) o.min_prediction = v.number("min_prediction");
  if (v.given("max_prediction")) o.max_prediction = v.number("max_prediction");
  const std::string link = v.text("link");
  if (link == "identity") o.reduction.link = Link::kIdentity;
  else if (link == "logistic") o.reduction.link = Link::kLogistic;
  else if (link == "poisson") o.reduction.link = Link::kPoisson;
  else throw UsageError("--link must be identity, logistic or poisson, got '" + link + "'");
  o.reduction.binary = v.flag("binary");
  o.random_seed = static_cast<uint32_t>(v.number("random_seed"));
  o.weight_init = weight_init(v, o.random_seed, o.features.constant);

  if (o.learner->setup) {
    RunFacts facts;
    facts.test_only = o.testonly;
    facts.allreduce = o.allreduce;
    if (o.initial_model) facts.initial_model = o.initial_model->path();
    facts.interactions = o.features.interactions;
    facts.on_command_line = std::move(on_command_line);
    o.learner_setup = o.learner->setup(v, facts);
  } else {
    o.learner_setup.make = o.learner->make;
  }
  const LearnerSetup& s = o.learner_setup;
  if (s.takes_interactions) o.features.interactions.clear();
  if (!s.no_holdout_reason.empty() && o.holdout && !v.given("holdout_period") && !v.given("holdout_after") &&
      !v.given("early_terminate")) {
    o.holdout = false;
    o.no_holdout_reason = s.no_holdout_reason;
  }
  if (!s.refuses_holdout.empty() && o.holdout) throw UsageError(s.refuses_holdout);
}

}  // namespace learner
