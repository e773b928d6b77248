#include "cbify_reg.h"
#include "learner/reduction/plugins.h"

#include <cmath>
#include <cstdio>

#include "learner/error.h"
#include "learner/io/prediction_text.h"
#include "learner/model/weight_init.h"
#include "learner/parse/hash.h"
#include "cb.h"
#include "adf_layer.h"
#include "cbify.h"

namespace learner {

float cbify_reg_cost(const CbifyRegSettings& s, float v, float y) {
  const float diff = y - v;
  const float range = s.max_value - s.min_value;
  switch (s.loss_option) {
    case 0: return (diff * diff) / (range * range);
    case 1: return std::abs(diff) / range;
    default: return std::abs(diff) <= s.loss_01_ratio * range ? 0.0f : 1.0f;
  }
}

CbifyReg::CbifyReg(const CbifyRegSettings& settings, std::unique_ptr<CbExplore> below)
    : settings_(settings), below_(std::move(below)), app_seed_(murmur3_32("vw", 0)) {}

const Outcome& CbifyReg::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  const std::vector<float>& pmf = below_->call(ex, no_label_, features, false);
  uint64_t state = app_seed_ + draws_++;
  const uint32_t chosen = draw_from_pmf(pmf, merand48(state));
  float total = 0.0f;
  for (float p : pmf) total += p > 0.0f ? p : 0.0f;
  const float probability = total > 0.0f ? pmf[chosen] / total : 1.0f;
  const float range = settings_.max_value - settings_.min_value;
  value_ = settings_.min_value + static_cast<float>(chosen) * range / static_cast<float>(settings_.actions);
  outcome_ = Outcome{};
  outcome_.label = ex.label;
  outcome_.labeled = ex.has_label;
  outcome_.weight = ex.importance;
  outcome_.prediction = value_;
  if (ex.has_label) {
    const float cost = cbify_reg_cost(settings_, value_, ex.label);
    if (learn && ex.importance > 0) {
      feedback_.assign(1, ClassCost{chosen + 1, cost, probability});
      below_->call(ex, feedback_, features, true);
    }
    float reported = cost;
    if (settings_.loss_report == 1 && settings_.loss_option == 0) reported = cost * range * range;
    if (settings_.loss_report == 1 && settings_.loss_option == 1) reported = cost * range;
    outcome_.loss = reported;
  }
  return outcome_;
}

bool CbifyReg::row_text(std::string& label, std::string& prediction) const {
  char text[64];
  if (outcome_.labeled) {
    std::snprintf(text, sizeof text, "%.4f", outcome_.label);
    label = text;
  } else {
    label = "unknown";
  }
  std::snprintf(text, sizeof text, "%.4f", static_cast<double>(value_));
  prediction = text;
  return true;
}

void CbifyReg::write_prediction(std::string& out) const { append_prediction(out, value_); }

namespace {

CbifyRegSettings cbify_reg_settings(const OptionValues& v) {
  CbifyRegSettings s;
  s.actions = static_cast<uint32_t>(v.number("cbify"));
  if (!v.flag("cb_discrete"))
    throw UsageError("--cbify_reg needs --cb_discrete here (VW's continuous path, --cats, is not built)");
  if (!v.given("min_value") || !v.given("max_value")) throw UsageError("--cbify_reg needs --min_value and --max_value");
  s.min_value = static_cast<float>(v.number("min_value"));
  s.max_value = static_cast<float>(v.number("max_value"));
  if (!(s.max_value > s.min_value)) throw UsageError("--cbify_reg: --max_value must be above --min_value");
  s.loss_option = static_cast<int>(v.number("loss_option"));
  s.loss_report = static_cast<int>(v.number("loss_report"));
  s.loss_01_ratio = static_cast<float>(v.number("loss_01_ratio"));
  for (const char* name : {"cbify_cs", "cb_explore_adf", "softmax"})
    if (v.flag(name)) throw UsageError(std::string("--cbify_reg does not take --") + name);
  return s;
}

ReductionPlugin make_cbify_reg_plugin() {
  ReductionPlugin p;
  p.name = "cbify_reg";
  p.title = "--cbify K --cbify_reg --cb_discrete (regression labels as a K-action bandit, VW's)";
  p.stands_over = {"cbify"};
  p.options = {
      switch_option("cbify_reg",
                    "with --cbify K --cb_discrete: regression labels; action a of K stands for min_value + a "
                    "(max_value - min_value) / K and costs its --loss_option loss (VW's cbify_reg)",
                    true),
      switch_option("cb_discrete", "with --cbify_reg: discrete actions over the legacy --cb_explore K (VW's)", true),
      number_option("min_value", OptionKind::kNumber, "", -3e38, 3e38, "with --cbify_reg: the smallest value", true),
      number_option("max_value", OptionKind::kNumber, "", -3e38, 3e38, "with --cbify_reg: the largest value", true),
      number_option("loss_report", OptionKind::kCount, "0", 0, 1,
                    "with --cbify_reg: 1 reports the loss in the label's units (times the range, or its square)",
                    true),
      number_option("loss_01_ratio", OptionKind::kNumber, "0.1", 0, 1,
                    "with --cbify_reg --loss_option 2: a value within this fraction of the range costs 0", true),
  };
  append_missing_options(p.options, cbify_plugin().options);  // --cbify K, --loss_option, --epsilon ...
  p.validate = [](const OptionValues& v) { cbify_reg_settings(v); };
  p.configure = [](const OptionValues&, ReductionSpec&) {};
  p.labels = [](const ReductionSpec&) { return LabelFormat::kSimple; };
  p.sub_models_with = [](const OptionValues& v, const ReductionSpec&) {
    CbSettings cb;
    cb.actions = static_cast<uint32_t>(v.number("cbify"));
    cb.type = cb_type_of(v.text("cb_type"));
    return cb.sub_models();
  };
  p.setup = [](const OptionValues& v, const ReductionSpec&) -> ReductionSetup {
    CbSettings cb;
    cb.actions = static_cast<uint32_t>(v.number("cbify"));
    cb.type = cb_type_of(v.text("cb_type"));
    CbExploreFixedSettings explore;
    if (v.given("first")) {
      explore.first = static_cast<uint64_t>(v.number("first"));
      explore.epsilon = 0.0;
    }
    if (v.given("epsilon")) explore.epsilon = v.number("epsilon");
    return {[settings = cbify_reg_settings(v), cb, explore](const ReductionSpec&, Learner& learner,
                                                           LabelRange& range) -> std::unique_ptr<Reduction> {
              return std::make_unique<CbifyReg>(
                  settings, std::make_unique<CbExplore>(
                                explore, std::make_unique<ContextualBandit>(cb, learner, range), cb.actions));
            },
            "cbify_reg " + std::to_string(static_cast<uint32_t>(v.number("cbify"))) + " (discrete) over cb_explore"};
  };
  p.describe = [](const ReductionSpec&) { return std::string("cbify_reg over cb_explore"); };
  return p;
}

}  // namespace

const ReductionPlugin& cbify_reg_plugin() {
  static const ReductionPlugin plugin = make_cbify_reg_plugin();
  return plugin;
}

}  // namespace learner
