#include "cb_explore_squarecb.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "action_pmf.h"
#include "learner/error.h"
#include "cb_explore_adf.h"
#include "cost_ranges.h"
#include "learner/learner.h"

namespace learner {

float squarecb_gamma(const SquareCbSettings& settings, uint64_t n) {
  return static_cast<float>(settings.gamma_scale) *
         static_cast<float>(std::pow(static_cast<double>(n), static_cast<double>(static_cast<float>(settings.gamma_exponent))));
}

void squarecb_pmf(const std::vector<double>& scores, const std::vector<uint32_t>& order, float gamma,
                  std::vector<float>& pmf) {
  const std::size_t k = order.size();
  pmf.assign(k, 0.0f);
  if (k == 0) return;
  // VW's float arithmetic: the best is the first lowest score in `order`.
  std::size_t best = 0;
  auto low = static_cast<float>(scores[order[0]]);
  for (std::size_t i = 1; i < k; ++i)
    if (static_cast<float>(scores[order[i]]) < low) {
      best = i;
      low = static_cast<float>(scores[order[i]]);
    }
  float total = 0.0f;
  for (std::size_t i = 0; i < k; ++i) {
    if (i == best) continue;
    pmf[i] = 1.0f / (static_cast<float>(k) + gamma * (static_cast<float>(scores[order[i]]) - low));
    total += pmf[i];
  }
  pmf[best] = 1.0f - total;
}

void squarecb_elim_pmf(const std::vector<double>& scores, const std::vector<uint32_t>& order, float gamma,
                       const std::vector<float>& low, const std::vector<float>& high, std::vector<float>& pmf) {
  const std::size_t k = order.size();
  pmf.assign(k, 0.0f);
  if (k == 0) return;
  float bound = FLT_MAX;
  for (std::size_t a = 0; a < k; ++a) bound = std::min(bound, high[a]);
  // VW's loop: the best survivor and its count of survivors that lowered the minimum.
  std::size_t best = 0, survivors = 0;
  float low_score = FLT_MAX;
  for (std::size_t i = 0; i < k; ++i) {
    const auto s = static_cast<float>(scores[order[i]]);
    if (s < low_score && low[order[i]] <= bound) {
      best = i;
      low_score = s;
      ++survivors;
    }
  }
  float total = 0.0f;
  for (std::size_t i = 0; i < k; ++i) {
    if (low[order[i]] > bound || i == best) continue;
    pmf[i] = 1.0f / (static_cast<float>(survivors) + gamma * (static_cast<float>(scores[order[i]]) - low_score));
    total += pmf[i];
  }
  pmf[best] = 1.0f - total;
}

namespace {

class SquareCb final : public CountingExplorer {
 public:
  SquareCb(const SquareCbSettings& settings, const CbAdfSettings& adf, Learner& learner, LabelRange& range)
      : settings_(settings), adf_(unit_probability(adf), learner, range), learner_(learner) {}

  const Outcome& process(const ExampleGroup& group, bool learn) override {
    const Outcome below = adf_.process(group, false);  // VW predicts (the pmf), then learns
    const float gamma = squarecb_gamma(settings_, learned_);
    if (settings_.elim) {
      const auto cmin = static_cast<float>(settings_.min_cost), cmax = static_cast<float>(settings_.max_cost);
      cost_ranges(learner_, group, adf_.scores(), 0,
                  confidence_delta(settings_.mellowness, group.actions(), learned_, cmin, cmax), cmin, cmax, false,
                  low_, high_);
      squarecb_elim_pmf(adf_.scores(), adf_.order(), gamma, low_, high_, pmf_.probs);
    } else {
      squarecb_pmf(adf_.scores(), adf_.order(), gamma, pmf_.probs);
      enforce_minimum_probability(settings_.epsilon, pmf_.probs);
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

  SquareCbSettings settings_;
  CbAdf adf_;
  Learner& learner_;
  std::vector<float> low_, high_;  // --elim: the cost ranges
};

SquareCbSettings squarecb_settings(const OptionValues& v) {
  SquareCbSettings s;
  if (v.given("gamma_scale")) s.gamma_scale = v.number("gamma_scale");
  if (v.given("gamma_exponent")) s.gamma_exponent = v.number("gamma_exponent");
  if (v.given("epsilon")) s.epsilon = v.number("epsilon");
  const std::string type = v.text("cb_type");
  if (!type.empty() && type != "mtr")
    throw UsageError("--squarecb learns by regression: --cb_type mtr only (got '" + type + "')");
  s.elim = v.flag("elim");
  if (v.given("mellowness")) s.mellowness = v.number("mellowness");
  if (v.given("cb_min_cost")) s.min_cost = v.number("cb_min_cost");
  if (v.given("cb_max_cost")) s.max_cost = v.number("cb_max_cost");
  if (!(s.min_cost < s.max_cost))
    throw UsageError("--cb_min_cost must be below --cb_max_cost (got " + default_text(s.min_cost) + " and " +
                     default_text(s.max_cost) + ")");
  return s;
}

AdfExplorerPlugin make_squarecb_explorer() {
  AdfExplorerPlugin p;
  p.flag = "squarecb";
  const SquareCbSettings d;
  p.options = {
      switch_option("squarecb",
                    "with --cb_explore_adf: SquareCB exploration, p_a = 1 / (K + gamma (s_a - s_best)), gamma = "
                    "--gamma_scale x (groups learned from)^--gamma_exponent; --epsilon is a floor (default 0)",
                    true),
      // No declared defaults (SquareCbSettings holds them): so given() tells whether they were typed.
      number_option("gamma_scale", OptionKind::kNumber, "", 0, 1e9,
                    "with --squarecb: the scale of gamma (default " + default_text(d.gamma_scale) + ")", true),
      number_option("gamma_exponent", OptionKind::kNumber, "", 0, 10,
                    "with --squarecb: the exponent of the number of groups in gamma (default " +
                        default_text(d.gamma_exponent) + ")",
                    true),
      switch_option("elim",
                    "with --squarecb: explore only over the actions whose cost range (as --regcb's, --mellowness "
                    "default 0.001) can hold the lowest cost",
                    true),
  };
  p.validate = [](const OptionValues& v) { squarecb_settings(v); };
  p.sub_models = [](const OptionValues&, const CbAdfSettings& adf) { return adf.sub_models(); };
  p.bind = [](const OptionValues& v, const CbAdfSettings& adf) -> ExplorerFactory {
    const auto s = squarecb_settings(v);
    return [s, adf](uint32_t /*seed*/, Learner& learner, LabelRange& range) -> std::unique_ptr<ActionPmfReduction> {
      return std::make_unique<SquareCb>(s, adf, learner, range);
    };
  };
  return p;
}

}  // namespace

const AdfExplorerPlugin& squarecb_explorer() {
  static const AdfExplorerPlugin plugin = make_squarecb_explorer();
  return plugin;
}

}  // namespace learner
