#include "cb_explore_regcb.h"

#include <algorithm>
#include <cfloat>

#include "learner/error.h"
#include "learner/learner.h"
#include "action_pmf.h"
#include "cost_ranges.h"

namespace learner {

namespace {

class RegCb final : public CountingExplorer {
 public:
  RegCb(const RegCbSettings& settings, const CbAdfSettings& adf, Learner& learner, LabelRange& range)
      : settings_(settings), adf_(unit_probability(adf), learner, range), learner_(learner) {}

  const Outcome& process(const ExampleGroup& group, bool learn) override {
    const Outcome below = adf_.process(group, false);  // VW predicts (the ranges), then learns
    find_ranges(group);
    const std::vector<uint32_t>& order = adf_.order();
    const std::size_t k = order.size();
    pmf_.probs.assign(k, 0.0f);
    if (settings_.optimistic) {
      float low = FLT_MAX;
      std::size_t best = 0;
      for (std::size_t a = 0; a < k; ++a)
        if (low_[a] < low) {
          low = low_[a];
          best = a;
        }
      for (std::size_t i = 0; i < k; ++i)
        if (order[i] == best || (!settings_.first_only && low_[order[i]] == low)) pmf_.probs[i] = 1.0f;
    } else {
      float bound = FLT_MAX;
      for (std::size_t a = 0; a < k; ++a) bound = std::min(bound, high_[a]);
      std::size_t plausible = 0;
      for (std::size_t i = 0; i < k; ++i)
        if (low_[order[i]] <= bound) ++plausible;
      for (std::size_t i = 0; i < k; ++i)
        if (low_[order[i]] <= bound) pmf_.probs[i] = 1.0f / static_cast<float>(plausible);
    }
    in_score_order(adf_);
    if (learn && adf_.observed_action() >= 0) {
      adf_.learn_again(group);
      ++learned_;
    }
    return finish(below);
  }

 private:
  static CbAdfSettings unit_probability(CbAdfSettings s) {
    s.unit_probability = true;
    return s;
  }
  CbAdf& policy() override { return adf_; }
  const CbAdf& policy() const override { return adf_; }
  const char* vw_counter_name() const override { return "squarecb"; }

  // Each action's [low_, high_] (VW's get_cost_ranges); high_ only for --regcb.
  void find_ranges(const ExampleGroup& group) {
    const auto cmin = static_cast<float>(settings_.min_cost), cmax = static_cast<float>(settings_.max_cost);
    const float delta = confidence_delta(settings_.mellowness, group.actions(), learned_, cmin, cmax);
    cost_ranges(learner_, group, adf_.scores(), 0, delta, cmin, cmax, settings_.optimistic, low_, high_);
  }

  RegCbSettings settings_;
  CbAdf adf_;
  Learner& learner_;
  std::vector<float> low_, high_;
};

RegCbSettings regcb_settings(const OptionValues& v) {
  RegCbSettings s;
  s.optimistic = v.flag("regcbopt");
  if (v.given("mellowness")) s.mellowness = v.number("mellowness");
  if (v.given("cb_min_cost")) s.min_cost = v.number("cb_min_cost");
  if (v.given("cb_max_cost")) s.max_cost = v.number("cb_max_cost");
  s.first_only = v.flag("first_only");
  if (!(s.min_cost < s.max_cost))
    throw UsageError("--cb_min_cost must be below --cb_max_cost (got " + default_text(s.min_cost) + " and " +
                     default_text(s.max_cost) + ")");
  const std::string type = v.text("cb_type");
  if (!type.empty() && type != "mtr")
    throw UsageError("--regcb learns by regression: --cb_type mtr only (got '" + type + "')");
  return s;
}

AdfExplorerPlugin make_regcb_explorer() {
  AdfExplorerPlugin p;
  p.flag = "regcb";
  const RegCbSettings d;
  p.options = {
      switch_option("regcb",
                    "with --cb_explore_adf: RegCB exploration, uniform over the actions whose cost confidence range "
                    "can hold the lowest cost",
                    true),
      switch_option("regcbopt", "with --regcb: the optimistic variant, all on the lowest lower bound", true),
      // No declared defaults (RegCbSettings holds them): so given() tells whether they were typed.
      number_option("mellowness", OptionKind::kNumber, "", 0, 1e9,
                    "with --regcb: the confidence parameter c0 (default " + default_text(d.mellowness) + ")", true),
      number_option("cb_min_cost", OptionKind::kNumber, "", -1e9, 1e9,
                    "with --regcb: the lowest cost (default " + default_text(d.min_cost) + ")", true),
      number_option("cb_max_cost", OptionKind::kNumber, "", -1e9, 1e9,
                    "with --regcb: the highest cost (default " + default_text(d.max_cost) + ")", true),
  };
  p.validate = [](const OptionValues& v) { regcb_settings(v); };
  p.sub_models = [](const OptionValues&, const CbAdfSettings& adf) { return adf.sub_models(); };
  p.bind = [](const OptionValues& v, const CbAdfSettings& adf) -> ExplorerFactory {
    const auto s = regcb_settings(v);
    return [s, adf](uint32_t /*seed*/, Learner& learner, LabelRange& range) -> std::unique_ptr<ActionPmfReduction> {
      return std::make_unique<RegCb>(s, adf, learner, range);
    };
  };
  return p;
}

}  // namespace

const AdfExplorerPlugin& regcb_explorer() {
  static const AdfExplorerPlugin plugin = make_regcb_explorer();
  return plugin;
}

}  // namespace learner
