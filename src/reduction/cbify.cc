#include "cbify.h"
#include "learner/reduction/plugins.h"

#include <cstdio>

#include "learner/error.h"
#include "learner/learner.h"
#include "learner/model/weight_init.h"
#include "learner/parse/hash.h"
#include "cb_explore_legacy.h"
#include "cb_to_adf.h"
#include "cbify_feedback.h"
#include "learner/reduction/score_text.h"
#include "plugin_helpers.h"

namespace learner {

uint32_t draw_from_pmf(const std::vector<float>& pmf, float u) {
  float total = 0.0f;
  for (float p : pmf) total += p > 0.0f ? p : 0.0f;
  if (total == 0.0f || pmf.empty()) return 0;
  float threshold = total * u;
  if (threshold > total) threshold = total;
  float sum = 0.0f;
  for (std::size_t i = 0; i < pmf.size(); ++i) {
    sum += pmf[i] > 0.0f ? pmf[i] : 0.0f;
    if (sum > threshold) return static_cast<uint32_t>(i);
  }
  // Rounding left the sum at the threshold: the last action of positive mass.
  for (std::size_t i = pmf.size(); i-- > 0;)
    if (pmf[i] > 0.0f) return static_cast<uint32_t>(i);
  return 0;
}

Cbify::Cbify(const CbifySettings& settings, std::unique_ptr<CbExplore> below)
    : settings_(settings), below_(std::move(below)), app_seed_(murmur3_32("vw", 0)) {}

uint32_t Cbify::draw(const Example& ex, const std::vector<Feature>& features) {
  const std::vector<float>& pmf = below_->call(ex, no_label_, features, false);
  uint64_t state = app_seed_ + draws_++;
  return draw_from_pmf(pmf, merand48(state)) + 1;
}

const Outcome& Cbify::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  label_ = ex.has_label && !settings_.cost_sensitive ? static_cast<uint32_t>(ex.label) : 0;
  row_label_ = cbify_row_label(settings_, ex);
  const bool trains = learn && ex.has_label;
  action_ = draw(ex, features);
  if (trains) {
    const double cost = cbify_cost(settings_, ex, action_);
    feedback_.assign(1, ClassCost{});
    feedback_[0].klass = action_;
    feedback_[0].cost = static_cast<float>(cost);
    feedback_[0].probability = below_->pmf()[action_ - 1];
    below_->call(ex, feedback_, features, true);
  }
  outcome_ = Outcome{};
  outcome_.prediction = action_;
  outcome_.label = label_;
  outcome_.labeled = ex.has_label;
  outcome_.loss = ex.has_label ? cbify_loss(settings_, ex, action_) : 0.0;
  return outcome_;
}

bool Cbify::row_text(std::string& label, std::string& prediction) const {
  label = row_label_;
  prediction = std::to_string(action_);
  return true;
}

void Cbify::write_prediction(std::string& out) const { out += std::to_string(action_); }

namespace {

CbifySettings cbify_settings(const OptionValues& v) {
  CbifySettings s;
  s.actions = static_cast<uint32_t>(v.number("cbify"));
  if (v.given("loss0")) s.loss0 = v.number("loss0");
  if (v.given("loss1")) s.loss1 = v.number("loss1");
  s.flip_loss_sign = v.flag("flip_loss_sign");
  s.cost_sensitive = v.flag("cbify_cs");
  if (v.flag("softmax") && !cbify_uses_adf(v))
    throw UsageError("--softmax works with --cb_explore_adf, not --cbify --cb_force_legacy");
  return s;
}

CbSettings cbify_cb_settings(const OptionValues& v) {
  CbSettings s;
  s.actions = static_cast<uint32_t>(v.number("cbify"));
  s.type = cb_type_of(v.text("cb_type"));
  return s;
}

CbExploreFixedSettings cbify_explore_settings(const OptionValues& v) {
  CbExploreFixedSettings s;
  if (v.given("first")) {
    s.first = static_cast<uint64_t>(v.number("first"));
    s.epsilon = 0.0;
  }
  if (v.given("epsilon")) s.epsilon = v.number("epsilon");
  return s;
}

ReductionPlugin make_cbify_plugin() {
  ReductionPlugin p;
  p.name = "cbify";
  p.title = "--cbify (multiclass labels as contextual-bandit feedback, over --cb_explore)";
  p.options = {
      detail::classes_option("cbify", 1,
                             "simulate a K-action contextual bandit from multiclass labels (VW's --cbify, as with "
                             "--cb_force_legacy): --cb_explore K draws an action and learns its cost"),
      number_option("loss0", OptionKind::kNumber, "0", -1e9, 1e9, "with --cbify: the cost of the right action", true),
      number_option("loss1", OptionKind::kNumber, "1", -1e9, 1e9, "with --cbify: the cost of a wrong action", true),
      switch_option("flip_loss_sign", "with --cbify: the bandit costs are -loss0 and -loss1 (rewards)", true),
      switch_option("cbify_cs",
                    "with --cbify: cost-sensitive labels `class:cost ...`; the bandit cost of action a is loss0 + "
                    "(loss1 - loss0) x its cost, the loss the regret (VW's)",
                    true),
      switch_option("cb_explore_adf", "", true),
      number_option("loss_option", OptionKind::kCount, "0", 0, 2,
                    "with --cbify: VW's loss report option of --cbify_reg (accepted; --cbify K has no use for it)"),  // --cbify K --cb_explore_adf: cbify over --cb_explore_adf (VW's)
      text_option("cb_type", "", 0, "", true),
      number_option("epsilon", OptionKind::kNumber, "", 0.0, 1.0, "", true),
      number_option("first", OptionKind::kCount, "", 1, 1e15, "", true),
      switch_option("cb_force_legacy", "", true),
  };
  add_adf_explorer_options(p.options);  // through the adf path: --bag, --cover, --squarecb, --regcb, --softmax
  p.validate = [](const OptionValues& v) {
    cbify_settings(v);
    if (!cbify_uses_adf(v)) {
      legacy_explore_settings(v);
      cbify_cb_settings(v);
    } else {
      validate_adf_explorer(v);
    }
  };
  p.configure = [](const OptionValues& v, ReductionSpec& spec) { detail::configure_classes(v, spec, "cbify"); };
  p.stands_over = {"cb_explore_adf"};
  p.labels = [](const ReductionSpec&) { return LabelFormat::kMulticlass; };
  p.labels_with = [](const OptionValues& v, const ReductionSpec&) {
    return v.flag("cbify_cs") ? LabelFormat::kCostSensitive : LabelFormat::kMulticlass;
  };
  p.sub_models_with = [](const OptionValues& v, const ReductionSpec&) {
    return cbify_uses_adf(v) ? adf_explorer_sub_models(v)
                             : legacy_explore_sub_models(legacy_explore_settings(v), cbify_cb_settings(v));
  };
  p.setup = [](const OptionValues& v, const ReductionSpec& spec) -> ReductionSetup {
    if (cbify_uses_adf(v)) return cbify_adf_setup(v, spec, cbify_settings(v));
    return {[settings = cbify_settings(v), cb = cbify_cb_settings(v), explore = cbify_explore_settings(v),
             legacy = legacy_explore_settings(v)](const ReductionSpec& s, Learner& learner,
                                                  LabelRange& range) -> std::unique_ptr<Reduction> {
              detail::check_output(s, "cbify", detail::MulticlassTraits{}, learner);
              return std::make_unique<Cbify>(settings,
                                             make_legacy_cb_explore(explore, legacy, cb, s.seed, learner, range));
            },
            detail::describe_classes("cbify", spec)};
  };
  p.describe = [](const ReductionSpec& spec) { return detail::describe_classes("cbify", spec); };
  return p;
}

}  // namespace

const ReductionPlugin& cbify_plugin() {
  static const ReductionPlugin plugin = make_cbify_plugin();
  return plugin;
}

}  // namespace learner
