// The loss, the update rule and its rates, the link, the dyadic model's
// settings (--dotproduct and VW's --rank -q / --lrq spellings), start weights.
#include <cstdio>
#include <string>
#include <utility>

#include "learner/error.h"
#include "option_catalogue.h"
#include "option_readers.h"
#include "vw_latent.h"

namespace learner {
namespace {

// --dotproduct_lr / --dotproduct_l2: "auto" (the default: set from the data
// in pass 1, dotproduct.h) or a number >= 0 (false: auto).
bool latent_number(const OptionValues& v, const char* name, double& out) {
  const std::string text = v.text(name);
  if (text == "auto") return false;
  try {
    out = detail::parse_value(number_option(name, OptionKind::kNumber, "0", 0, std::numeric_limits<double>::infinity(),
                                            "", true),
                              text);
  } catch (const UsageError&) {
    throw UsageError(std::string("--") + name + " takes auto or a finite number >= 0, got '" + text + "'");
  }
  return true;
}

// The dyadic model's defaults that depend on other settings (issue 27,
// docs/ratings-quality.md "Defaults"): the frequency-aware L2 needs latent
// L2 and is not averaged across --allreduce ranks; a multi-pass run of a
// dyadic model with latent L2 holds nothing out (the L2, not early stopping,
// keeps it from overfitting, and a held-out tenth is a tenth of every user's
// ratings), unless a holdout option is given.
void resolve_dyadic_defaults(const OptionValues& v, Options& o) {
  CoreConfig& c = o.core;
  const bool latent_l2 = c.auto_latent_l2 || c.dotproduct_l2 > 0;
  if (!v.given("dotproduct_freq_l2") && (!latent_l2 || o.allreduce)) c.dotproduct_freq_l2 = 0.0;
  if (c.has_latent() && latent_l2 && o.holdout && !v.given("holdout_period") && !v.given("holdout_after") &&
      !v.given("early_terminate")) {
    o.holdout = false;
    o.dyadic_no_holdout = true;
  }
}

}  // namespace

// Returns whether VW's --lrq / --rank -q spelling chose the dyadic model.
bool fill_learning(const OptionValues& v, Options& o, bool rank_on_command_line) {
  LossSpec& loss = o.loss;
  if (v.given("loss_function") && v.given("loss") && v.text("loss_function") != v.text("loss"))
    throw UsageError("--loss and --loss_function disagree");
  if (v.given("loss_function")) loss.name = v.text("loss_function");
  else if (v.given("loss")) loss.name = v.text("loss");
  loss.quantile_tau = v.number("quantile_tau");
  if (!(loss.quantile_tau < 1)) throw UsageError("--quantile_tau must be in (0, 1)");
  loss.expectile_q = v.number("expectile_q");

  CoreConfig& c = o.core;
  c.bits = static_cast<unsigned>(v.number("bit_precision"));
  // VW's rule (gd.cc): naming any of the four flags turns the unnamed ones off.
  const bool sgd = v.flag("sgd"), adaptive = v.flag("adaptive"), normalized = v.flag("normalized"),
             invariant = v.flag("invariant");
  const bool explicit_rule = sgd || adaptive || normalized || invariant;
  if (explicit_rule) c.rule = UpdateRule{adaptive && !sgd, normalized && !sgd, invariant && !sgd};
  const bool default_rate_10 = explicit_rule && !(c.rule.adaptive && c.rule.normalized);
  o.learning_rate_given = v.given("learning_rate");
  c.learning_rate = o.learning_rate_given ? v.number("learning_rate") : (default_rate_10 ? 10.0 : 0.5);
  if (c.learning_rate == 0) o.testonly = true;  // VW: -l 0 means test only
  c.power_t = v.number("power_t");
  c.initial_t = v.number("initial_t");
  c.l1 = v.number("l1");
  c.l2 = v.number("l2");
  if (v.given("min_prediction")) c.min_prediction = v.number("min_prediction");
  if (v.given("max_prediction")) c.max_prediction = v.number("max_prediction");
  const std::string link = v.text("link");
  if (link == "identity") o.reduction.link = Link::kIdentity;
  else if (link == "logistic") o.reduction.link = Link::kLogistic;
  else if (link == "poisson") o.reduction.link = Link::kPoisson;
  else throw UsageError("--link must be identity, logistic or poisson, got '" + link + "'");
  o.reduction.binary = v.flag("binary");
  for (const std::string& d : v.list("dotproduct")) {
    DotProductPair pair;
    const auto comma = d.find(',');
    if (comma != std::string::npos) {
      pair = {d.substr(0, comma), d.substr(comma + 1), true};
    } else if (d.size() == 2) {
      pair = {d.substr(0, 1), d.substr(1, 1), false};
      if (pair.left == "_") pair.left = " ";
      if (pair.right == "_") pair.right = " ";
    } else {
      throw UsageError("--dotproduct takes two namespace letters ('ui') or two full names ('user,item'), got '" + d + "'");
    }
    if (pair.left.empty() || pair.right.empty()) throw UsageError("--dotproduct '" + d + "' names an empty namespace");
    c.dotproducts.push_back(pair);
  }
  c.test_only = o.testonly;
  c.rank = static_cast<unsigned>(v.number("rank"));
  c.auto_latent_l2 = !latent_number(v, "dotproduct_l2", c.dotproduct_l2);
  c.auto_latent_rate = !latent_number(v, "dotproduct_lr", c.dotproduct_learning_rate);
  c.init_scale = v.number("dotproduct_init");
  c.center = v.number("dotproduct_center");
  c.dotproduct_freq_l2 = v.number("dotproduct_freq_l2");
  c.dotproduct_side_ratio = v.number("dotproduct_side_ratio");
  c.dotproduct_fields = v.text("dotproduct_fields");
  c.dotproduct_dropout = v.number("dotproduct_dropout");
  c.average_passes = static_cast<unsigned>(v.number("average_passes"));
  c.passes = o.passes;
  c.random_seed = static_cast<uint32_t>(v.number("random_seed"));
  c.weight_init = weight_init(v, c.random_seed, o.features.constant);
  c.feature_mask = v.given("feature_mask");
  const bool vw_spelling = apply_vw_latent_spellings(v, o, rank_on_command_line);
  resolve_dyadic_defaults(v, o);
  if (c.average_passes > 1 && o.holdout)
    throw UsageError("--average_passes: with holdout (on by default with --passes > 1) -f keeps the best pass's "
                     "weights, not an average; give --holdout_off");
  // The latent settings mean nothing without a pair: say so rather than
  // train a linear model the user did not ask for. (Model files record every
  // setting, the defaults too, so only values other than the default count.)
  if (!c.has_latent()) {
    const CoreConfig defaults;
    // VW's --rank K alone (its gd_mf with no -q pair) trains the linear
    // model: accept VW's command line, and say what it means.
    // (A model so trained stores --rank K: restored silently.)
    if (c.rank != defaults.rank && o.features.interactions.empty()) {
      if (rank_on_command_line)
        std::fprintf(stderr,
                     "warning: --rank %u without a -q pair (or --dotproduct ab): nothing to factorise, the model is "
                     "linear (as VW's --rank without -q)\n",
                     c.rank);
      c.rank = defaults.rank;
    }
    // A value other than the option's declared default (-i models store
    // every setting, the defaults of their day too, and the user's must
    // agree with them: only the command line's values count).
    auto changed = [&v](const char* name) {
      const OptionSpec& s = detail::spec_of(name);
      if (s.kind == OptionKind::kText) return v.text(name) != s.default_value;
      return v.number(name) != detail::parse_value(s, s.default_value);
    };
    const char* latent[] = {"rank", "dotproduct_l2", "dotproduct_lr", "dotproduct_init", "dotproduct_center",
                            "dotproduct_freq_l2", "dotproduct_side_ratio", "dotproduct_dropout"};
    for (const char* name : latent)
      if (v.given(name) && !o.initial_model && (std::string_view(name) == "rank" ? c.rank != defaults.rank : changed(name)))
        throw UsageError(std::string("--") + name + " applies to --dotproduct models only (give --dotproduct ab, or VW's --rank K -q ab)");
  }
  return vw_spelling;
}

}  // namespace learner
