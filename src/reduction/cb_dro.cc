#include "cb_dro.h"
#include "learner/reduction/plugins.h"

#include <algorithm>

#include "learner/error.h"
#include "learner/model/model_file.h"
#include "adf_layer.h"
#include "cb_explore_adf.h"

namespace learner {

CbDro::CbDro(const CbDroSettings& s, std::unique_ptr<CbAdf> adf)
    : GroupDecorator(std::move(adf)), bound_(s.alpha, s.tau, 0.0, s.wmax),
      adf_(static_cast<const CbAdf*>(below_.get())) {}

CbDro::CbDro(const CbDroSettings& s, std::unique_ptr<ActionPmfReduction> explorer)
    : GroupDecorator(std::move(explorer)), bound_(s.alpha, s.tau, 0.0, s.wmax),
      explorer_(static_cast<const ActionPmfReduction*>(below_.get())) {}

uint32_t CbDro::policy_action() const {
  if (adf_ != nullptr) return adf_->predicted();
  // The likeliest action; of equal probabilities the highest action (VW's max_element over action_score).
  const ActionPmf& pmf = explorer_->action_pmf();
  uint32_t best = 0;
  for (std::size_t i = 0; i < pmf.probs.size(); ++i) {
    const float p = pmf.probs[i], q = pmf.probs[best];
    if (p > q || (p == q && pmf.actions[i] > pmf.actions[best])) best = static_cast<uint32_t>(i);
  }
  return pmf.actions.empty() ? 0 : pmf.actions[best];
}

const Outcome& CbDro::process(const ExampleGroup& group, bool learn) {
  outcome_ = below_->process(group, false);  // VW: predict first (the statistics keep this outcome)
  if (!learn) return outcome_;
  // The logged action: the first action line with a label.
  const std::size_t first = group.first_action();
  std::size_t logged = group.size();
  for (std::size_t i = first; i < group.size(); ++i)
    if (group[i].ex.has_label && !group[i].ex.costs.empty()) {
      logged = i;
      break;
    }
  if (logged == group.size()) return outcome_;
  const ClassCost& c = group[logged].ex.costs[0];
  const float w = c.probability > 0.0f ? 1.0f / c.probability : 0.0f;
  const float r = -c.cost;
  bound_.update(policy_action() == logged - first ? w : 0.0f, r);
  auto q = static_cast<float>(w > 0.0f ? bound_.effective_n() * bound_.qlb(w, r, 1.0) / w : 1.0);
  q = std::max(q, 0.01f);  // VW's guard against pathological bounds
  multiplier_ = q;
  scaled_.clear();
  for (std::size_t i = 0; i < group.size(); ++i) scaled_.add() = group[i];
  for (std::size_t i = 0; i < scaled_.size(); ++i) scaled_.line(i).ex.importance *= q;
  const Outcome& after = below_->process(scaled_, true);
  if (adf_ != nullptr) {
    // VW's statistics read --cb_adf's learn call (dr's estimate sees the
    // label range its update widened), with the unscaled weight.
    const double weight = outcome_.weight;
    const double estimate = after.weight > 0.0 ? after.loss * after.weight : after.loss;
    outcome_ = after;
    outcome_.weight = weight;
    outcome_.loss = unweighted_loss(estimate, weight);
  }
  return outcome_;
}

void CbDro::save_state(ModelWriter& out) const {
  bound_.save(out);
  if (ReductionState* s = below_->state()) s->save_state(out);
}

void CbDro::load_state(ModelReader& in) {
  bound_.load(in);
  if (ReductionState* s = below_->state()) s->load_state(in);
}

namespace {

CbDroSettings cb_dro_settings(const OptionValues& v) {
  CbDroSettings s;
  if (v.given("cb_dro_alpha")) s.alpha = v.number("cb_dro_alpha");
  if (v.given("cb_dro_tau")) s.tau = v.number("cb_dro_tau");
  if (v.given("cb_dro_wmax")) s.wmax = v.number("cb_dro_wmax");
  if (!v.flag("cb_adf") && !v.flag("cb_explore_adf"))
    throw UsageError("--cb_dro stands over --cb_adf or --cb_explore_adf: give one (VW's)");
  if (s.alpha >= 1.0) throw UsageError("--cb_dro_alpha must be in (0, 1)");
  // VW's settings are floats: the bound starts from their float values.
  s.alpha = static_cast<float>(s.alpha);
  s.tau = static_cast<float>(s.tau);
  s.wmax = static_cast<float>(s.wmax);
  return s;
}

bool cb_dro_explores(const OptionValues& v) { return v.flag("cb_explore_adf"); }

ReductionPlugin make_cb_dro_plugin() {
  ReductionPlugin p;
  p.name = "cb_dro";
  p.title = "--cb_dro (distributionally robust off-policy contextual-bandit learning)";
  p.options = {
      switch_option("cb_dro",
                    "with --cb_adf or --cb_explore_adf: learn each logged example with its weight scaled by the "
                    "robust (chi-squared empirical-likelihood) reweighting of the policy's value (VW's --cb_dro)",
                    true),
      number_option("cb_dro_alpha", OptionKind::kNumber, "0.05", 0.0, 1.0, "with --cb_dro: the confidence level, in (0, 1)",
                    true, 0, true),
      number_option("cb_dro_tau", OptionKind::kNumber, "0.999", 0.0, 1.0,
                    "with --cb_dro: the decay of the counts per example, in (0, 1]", true, 0, true),
      number_option("cb_dro_wmax", OptionKind::kNumber, "", 1.0, 1e30,
                    "with --cb_dro: the largest importance weight (default: unbounded), > 1", true, 0, true),
  };
  stand_over_adf_explorer(p, true);
  p.validate = [](const OptionValues& v) {
    cb_dro_settings(v);
    cb_adf_settings(v);
    if (cb_dro_explores(v)) validate_adf_explorer(v);
  };
  p.make_group = [](const OptionValues& v, const ReductionSpec& spec, Learner& learner,
                    LabelRange& range) -> std::unique_ptr<GroupReduction> {
    const CbDroSettings s = cb_dro_settings(v);
    if (cb_dro_explores(v)) return std::make_unique<CbDro>(s, make_adf_explorer(v, spec.seed, learner, range));
    return std::make_unique<CbDro>(s, std::make_unique<CbAdf>(cb_adf_settings(v), learner, range));
  };
  p.describe = [](const ReductionSpec&) { return std::string("cb_dro"); };
  return p;
}

}  // namespace

const ReductionPlugin& cb_dro_plugin() {
  static const ReductionPlugin plugin = make_cb_dro_plugin();
  return plugin;
}

}  // namespace learner
