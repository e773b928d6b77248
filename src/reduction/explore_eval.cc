#include "explore_eval.h"
#include "learner/reduction/plugins.h"

#include <algorithm>
#include <cstdio>

#include "learner/error.h"
#include "learner/model/weight_init.h"
#include "adf_layer.h"

namespace learner {

ExploreEval::ExploreEval(const ExploreEvalSettings& settings, std::unique_ptr<ActionPmfReduction> policy)
    : settings_(settings),
      policy_(std::move(policy)),
      random_state_(settings.seed),
      multiplier_(settings.fixed_multiplier ? settings.multiplier : 1.0f) {}

const ExampleGroup& ExploreEval::relabelled(const ExampleGroup& group, std::size_t logged_line, float probability,
                                            float scale) {
  accepted_.clear();
  for (std::size_t i = 0; i < group.size(); ++i) {
    GroupLine& line = accepted_.add();
    line = group[i];  // copy-assigned: the kept lines' capacity is reused
    if (scale > 1.0f) line.ex.importance *= scale;
    if (i == logged_line) line.ex.costs[0].probability = probability;
  }
  return accepted_;
}

namespace {

// The logged line of `group` (as --cb_adf finds it: the labelled action line), or group.size().
std::size_t explore_eval_logged_line(const ExampleGroup& group) {
  for (std::size_t i = group.first_action(); i < group.size(); ++i) {
    const Example& ex = group[i].ex;
    if (ex.has_label && !ex.costs.empty() && ex.costs[0].cost != kUnknownCost) return i;
  }
  return group.size();
}

}  // namespace

const Outcome& ExploreEval::process(const ExampleGroup& group, bool learn) {
  outcome_ = policy_->process(group, false);  // the policy's pmf, nothing learned; its loss is the ips estimate
  outcome_.loss = unweighted_loss(outcome_.loss, outcome_.weight);  // VW sums it unweighted here (cb_adf.h)
  const std::size_t line = explore_eval_logged_line(group);
  if (!learn || line == group.size()) return outcome_;
  ++examples_;
  const ClassCost& observed = group[line].ex.costs[0];
  const auto logged = static_cast<uint32_t>(line - group.first_action());
  float action_probability = 0.0f;
  const ActionPmf& pmf = policy_->action_pmf();
  for (std::size_t i = 0; i < pmf.actions.size(); ++i)
    if (pmf.actions[i] == logged) action_probability = pmf.probs[i];
  // VW's float arithmetic throughout.
  float threshold = action_probability / observed.probability;
  if (!settings_.fixed_multiplier && !settings_.target_rate_on) multiplier_ = std::min(multiplier_, 1.0f / threshold);
  threshold *= multiplier_;
  const float rate = threshold_sum_ > 0.0f
                         ? settings_.target_rate * static_cast<float>(thresholds_) / threshold_sum_
                         : 1.0f;
  threshold_sum_ += threshold;
  ++thresholds_;
  latest_rate_ = rate;
  if (threshold > 1.0f + 1e-6f) ++violations_;
  if (settings_.target_rate_on) threshold *= rate;
  if (merand48(random_state_) < threshold) {
    const ExampleGroup& accepted = relabelled(group, line, action_probability, threshold);
    weighted_update_count_ += accepted[line].ex.importance;
    ++update_count_;
    const Outcome shown = outcome_;
    policy_->process(accepted, true);  // its prediction is the one above: the weights are those before the update
    outcome_ = shown;
  }
  return outcome_;
}

void ExploreEval::row_text(std::string& label, std::string& prediction) const {
  policy_->row_text(label, prediction);
  label = outcome_.labeled ? "known" : "unknown";
}

void ExploreEval::print_summary(std::FILE* out) const {
  std::fprintf(out, "weighted update count = %f\n", static_cast<double>(weighted_update_count_));
  std::fprintf(out, "average accepted example weight = %f\n",
               static_cast<double>(weighted_update_count_ / static_cast<float>(update_count_)));
  if (violations_ > 0) std::fprintf(out, "violation count = %llu\n", static_cast<unsigned long long>(violations_));
  if (!settings_.fixed_multiplier) std::fprintf(out, "final multiplier = %f\n", static_cast<double>(multiplier_));
  if (settings_.target_rate_on) {
    std::fprintf(out, "targeted update count = %f\n",
                 static_cast<double>(static_cast<float>(examples_) * settings_.target_rate));
    std::fprintf(out, "final rate = %f\n", static_cast<double>(latest_rate_));
  }
}

namespace {

ExploreEvalSettings explore_eval_settings(const OptionValues& v) {
  ExploreEvalSettings s;
  s.fixed_multiplier = v.given("multiplier");
  if (s.fixed_multiplier) s.multiplier = static_cast<float>(v.number("multiplier"));
  s.target_rate_on = v.given("target_rate");
  if (s.target_rate_on) s.target_rate = static_cast<float>(v.number("target_rate"));
  s.seed = static_cast<uint64_t>(v.number("random_seed"));
  return s;
}

ReductionPlugin make_explore_eval_plugin() {
  ReductionPlugin p;
  p.name = "explore_eval";
  p.title = "--explore_eval (evaluation of an exploration policy on logged contextual-bandit data)";
  p.options = {
      switch_option("explore_eval",
                    "evaluate --cb_explore_adf's exploration policy on logged multi-line contextual-bandit data by "
                    "rejection sampling: the average loss is its ips estimate; it learns from the examples accepted",
                    true),
      number_option("multiplier", OptionKind::kNumber, "", 0.0, 1e30,
                    "with --explore_eval: a fixed multiplier of the acceptance probabilities (default: the largest "
                    "that keeps every one seen so far <= 1)",
                    false, 0, true),
      number_option("target_rate", OptionKind::kNumber, "", 0.0, 1e30,
                    "with --explore_eval: adapt the acceptance probabilities to accept about target_rate x examples",
                    false, 0, true),
  };
  stand_over_adf_explorer(p);  // VW adds --cb_explore_adf
  p.validate = [](const OptionValues& v) {
    validate_adf_explorer(v);
    explore_eval_settings(v);
  };
  p.make_group = [](const OptionValues& v, const ReductionSpec& spec, Learner& learner,
                    LabelRange& range) -> std::unique_ptr<GroupReduction> {
    return std::make_unique<ExploreEval>(explore_eval_settings(v), make_adf_explorer(v, spec.seed, learner, range));
  };
  p.describe = [](const ReductionSpec&) { return std::string("explore_eval over cb_explore_adf over cb_adf"); };
  return p;
}

}  // namespace

const ReductionPlugin& explore_eval_plugin() {
  static const ReductionPlugin plugin = make_explore_eval_plugin();
  return plugin;
}

}  // namespace learner
