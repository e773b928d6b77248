#include "warm_cb.h"
#include "learner/reduction/plugins.h"

#include <algorithm>
#include <cfloat>
#include <cstdio>

#include "learner/error.h"
#include "learner/learner.h"
#include "learner/model/model_file.h"
#include "learner/model/weight_init.h"
#include "learner/parse/hash.h"
#include "cbify.h"
#include "cbify_feedback.h"
#include "plugin_helpers.h"

namespace learner {

std::vector<float> warm_cb_lambdas(const WarmCbSettings& s) {
  const uint32_t n = s.choices_lambda;
  std::vector<float> l(n, 0.0f);
  if (n == 0) return l;
  if (!s.warm_start_update && s.interaction_update) {
    std::fill(l.begin(), l.end(), 1.0f);
    return l;
  }
  if (!s.interaction_update && s.warm_start_update) return l;  // all 0
  const uint32_t mid = n / 2;
  const auto epsilon = static_cast<float>(s.lambda_epsilon);
  l[mid] = s.lambda_scheme <= 2 ? 0.5f : epsilon / (1.0f + epsilon);
  for (uint32_t i = mid; i > 0; --i) l[i - 1] = l[i] / 2.0f;
  for (uint32_t i = mid + 1; i < n; ++i) l[i] = 1.0f - (1.0f - l[i - 1]) / 2.0f;
  if (s.lambda_scheme == 2 || s.lambda_scheme == 4) {
    l[0] = 0.0f;
    l[n - 1] = 1.0f;
  }
  return l;
}

uint32_t warm_cb_copy_index(uint32_t index, uint32_t action, uint32_t) {
  return index * 28904713u + 4832917u * action;  // VW's warm_cb copy (its wrap-around mod 2^32)
}

WarmCb::WarmCb(const WarmCbSettings& settings, uint32_t seed, std::vector<std::unique_ptr<CbExploreAdf>> policies,
               std::vector<CbAdf*> adfs)
    : settings_(settings),
      lambdas_(warm_cb_lambdas(settings)),
      policies_(std::move(policies)),
      adfs_(std::move(adfs)),
      copies_(settings.actions, 1, warm_cb_copy_index),
      app_seed_(murmur3_32("vw", 0)),
      state_(seed),
      ips_(settings.choices_lambda, 0.0f),
      costs_(settings.actions, 0.0f) {}

uint32_t WarmCb::chosen() const {
  float lowest = FLT_MAX;
  uint32_t best = 0;
  for (uint32_t i = 0; i < ips_.size(); ++i)
    if (ips_[i] < lowest) {
      lowest = ips_[i];
      best = i;
    }
  return best;
}

uint32_t WarmCb::greedy_action(uint32_t i, const Example& ex, const std::vector<Feature>& features) {
  policies_[i]->process(copies_.make(ex, features, settings_.actions, ClassCost{}), false);
  const std::vector<uint32_t>& order = policies_[i]->action_pmf().actions;
  return order.empty() ? 1 : order.front() + 1;
}

uint32_t WarmCb::corrupt(uint32_t label) {
  const uint32_t k = settings_.actions;
  if (merand48(state_) >= static_cast<float>(settings_.corrupt_prob)) return label;
  switch (settings_.corrupt_type) {
    case 1: {  // uniform: VW's generate_uar_action
      const float u = merand48(state_);
      for (uint32_t i = 1; i <= k; ++i)
        if (u <= static_cast<float>(i) / static_cast<float>(k)) return i;
      return k;
    }
    case 3:
      return settings_.overwrite_label;
    default:  // circular
      return label % k + 1;
  }
}

double WarmCb::cost_of(const Example& ex, uint32_t label, uint32_t action) const {
  const auto loss0 = static_cast<float>(settings_.loss0), loss1 = static_cast<float>(settings_.loss1);
  if (!settings_.cost_sensitive) return action == label ? loss0 : loss1;
  float cost = 0.0f;  // VW's loss_cs: the label's cost of the action, 0 when unlisted
  for (const ClassCost& c : ex.costs)
    if (c.klass == action) {
      cost = c.cost == kUnknownCost ? 0.0f : c.cost;
      break;
    }
  return loss0 + (loss1 - loss0) * cost;
}

float warm_cb_weight(float lambda, uint32_t warm_start, uint32_t interaction, bool warm) {
  // VW's compute_weight_multiplier, in its float arithmetic.
  const auto ws = static_cast<float>(warm_start);
  const auto inter = static_cast<float>(interaction);
  const float total = ws + inter;
  const float total_weight = (1.0f - lambda) * ws + lambda * inter;
  return (warm ? 1.0f - lambda : lambda) * total / (total_weight + FLT_MIN);
}

float WarmCb::multiplier(uint32_t i, bool warm) const {
  return warm_cb_weight(lambdas_[i], settings_.warm_start, settings_.interaction, warm);
}

void WarmCb::supervised_round(const Example& ex, const std::vector<Feature>& features, uint32_t label, bool update) {
  action_ = greedy_action(chosen(), ex, features);
  if (!update) return;
  for (uint32_t a = 0; a < settings_.actions; ++a) costs_[a] = static_cast<float>(cost_of(ex, label, a + 1));
  ExampleGroup& group = copies_.group();  // the unlabeled copies greedy_action made
  for (uint32_t i = 0; i < policies_.size(); ++i) {
    const float m = multiplier(i, true);
    for (std::size_t a = 0; a < group.size(); ++a) group.line(a).ex.importance = ex.importance * m;
    adfs_[i]->learn_costs(group, costs_);
  }
}

void WarmCb::bandit_round(const Example& ex, const std::vector<Feature>& features, uint32_t label, bool interaction,
                          bool update) {
  const uint32_t k = settings_.actions;
  const CbExploreAdf& policy = *policies_[chosen()];
  policies_[chosen()]->process(copies_.make(ex, features, k, ClassCost{}), false);
  pmf_ = policy.action_pmf().probs;
  pmf_actions_ = policy.action_pmf().actions;
  uint64_t draw_state = app_seed_ + draws_++;
  const uint32_t drawn = draw_from_pmf(pmf_, merand48(draw_state));
  if (drawn >= pmf_actions_.size()) throw Error("--warm_cb: no action with a non-zero probability");
  // VW's sample_after_normalizing leaves the pmf divided by its float sum:
  // the logged probability and the variance read that one.
  float total = 0.0f;
  for (float& q : pmf_) total += q = std::max(q, 0.0f);
  if (total > 0.0f)
    for (float& q : pmf_) q /= total;
  const uint32_t action = pmf_actions_[drawn] + 1;
  const float p = pmf_[drawn];
  const auto cost = static_cast<float>(cost_of(ex, label, action));
  action_ = action;
  if (interaction)  // VW's accumu_costs_iv_adf: the IPS sums of the policies that agree
    for (uint32_t i = 0; i < policies_.size(); ++i)
      if (greedy_action(i, ex, features) == action) ips_[i] += cost / p;
  if (!update) return;
  copies_.make(ex, features, action - 1, ClassCost{action - 1, cost, p});
  ExampleGroup& group = copies_.group();
  for (uint32_t i = 0; i < policies_.size(); ++i) {
    const float m = multiplier(i, !interaction);
    for (std::size_t a = 0; a < group.size(); ++a) group.line(a).ex.importance = ex.importance * m;
    policies_[i]->process(group, true);
  }
}

const Outcome& WarmCb::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  CbifySettings report;
  report.actions = settings_.actions;
  report.cost_sensitive = settings_.cost_sensitive;
  row_label_ = cbify_row_label(report, ex);
  outcome_ = Outcome{};
  outcome_.weight = ex.importance;
  if (!ex.has_label) {
    action_ = greedy_action(chosen(), ex, features);
  } else {
    const uint32_t label = settings_.cost_sensitive ? 0 : static_cast<uint32_t>(ex.label);
    if (warm_seen_ < settings_.warm_start) {
      const uint32_t used = settings_.cost_sensitive ? label : corrupt(label);
      const bool update = learn && settings_.warm_start_update;
      if (settings_.sim_bandit)
        bandit_round(ex, features, used, false, update);
      else
        supervised_round(ex, features, used, update);
      outcome_.weight = 0.0;
      ++warm_seen_;
    } else if (interaction_seen_ < settings_.interaction) {
      bandit_round(ex, features, label, true, learn && settings_.interaction_update);
      // VW's accumu_var_adf: 1 / the drawn pmf's mass on the now chosen policy's greedy action.
      const uint32_t best = greedy_action(chosen(), ex, features);
      float v = 0.0f;
      for (std::size_t a = 0; a < pmf_actions_.size(); ++a)
        if (pmf_actions_[a] + 1 == best) v = 1.0f / pmf_[a];
      variance_ += v;
      ++interaction_seen_;
    } else {
      action_ = 1;
      outcome_.weight = 0.0;
    }
    outcome_.labeled = true;
    outcome_.loss = cbify_loss(report, ex, action_);
  }
  outcome_.prediction = action_;
  outcome_.label = settings_.cost_sensitive ? 0.0 : ex.label;
  return outcome_;
}

bool WarmCb::row_text(std::string& label, std::string& prediction) const {
  label = row_label_;
  prediction = std::to_string(action_);
  return true;
}

void WarmCb::print_summary(std::FILE* out) const {
  // VW's finish(): its stream prints floats with 6 decimals.
  const float average = variance_ / static_cast<float>(interaction_seen_);
  const float theoretical = static_cast<float>(settings_.actions) / static_cast<float>(settings_.epsilon);
  std::fprintf(out, "average variance estimate = %f\n", static_cast<double>(average));
  std::fprintf(out, "theoretical average variance = %f\n", static_cast<double>(theoretical));
  if (!lambdas_.empty())
    std::fprintf(out, "last lambda chosen = %f among lambdas ranging from %f to %f\n",
                 static_cast<double>(lambdas_[chosen()]), static_cast<double>(lambdas_.front()),
                 static_cast<double>(lambdas_.back()));
}

void WarmCb::save_state(ModelWriter& out) const {
  out.put(draws_);
  out.put(state_);
  out.put(variance_);
  out.put(warm_seen_);
  out.put(interaction_seen_);
  out.put_floats(ips_.data(), ips_.size());
  for (const auto& p : policies_) p->save_state(out);
}

void WarmCb::load_state(ModelReader& in) {
  draws_ = in.get<uint64_t>();
  state_ = in.get<uint64_t>();
  variance_ = in.get<float>();
  warm_seen_ = in.get<uint32_t>();
  interaction_seen_ = in.get<uint32_t>();
  in.get_floats(ips_.data(), ips_.size(), "--warm_cb's IPS sums");
  for (const auto& p : policies_) p->load_state(in);
}

namespace {

WarmCbSettings warm_cb_settings(const OptionValues& v) {
  WarmCbSettings s;
  s.actions = static_cast<uint32_t>(v.number("warm_cb"));
  s.cost_sensitive = v.flag("warm_cb_cs");
  if (v.given("loss0")) s.loss0 = v.number("loss0");
  if (v.given("loss1")) s.loss1 = v.number("loss1");
  if (v.given("warm_start")) s.warm_start = static_cast<uint32_t>(v.number("warm_start"));
  if (v.given("interaction")) s.interaction = static_cast<uint32_t>(v.number("interaction"));
  s.warm_start_update = v.flag("warm_start_update");
  s.interaction_update = v.flag("interaction_update");
  if (v.given("corrupt_type_warm_start")) s.corrupt_type = static_cast<uint32_t>(v.number("corrupt_type_warm_start"));
  if (v.given("corrupt_prob_warm_start")) s.corrupt_prob = v.number("corrupt_prob_warm_start");
  if (v.given("choices_lambda")) s.choices_lambda = static_cast<uint32_t>(v.number("choices_lambda"));
  if (v.given("lambda_scheme")) s.lambda_scheme = static_cast<uint32_t>(v.number("lambda_scheme"));
  if (v.given("overwrite_label")) s.overwrite_label = static_cast<uint32_t>(v.number("overwrite_label"));
  s.sim_bandit = v.flag("sim_bandit");
  if (v.given("epsilon")) s.epsilon = s.lambda_epsilon = v.number("epsilon");
  if (!v.flag("cb_explore_adf"))
    throw UsageError("--warm_cb stands over --cb_explore_adf: give both (VW refuses --warm_cb alone)");
  // (By value: a -i model restores both options.)
  if (s.cost_sensitive && (s.corrupt_prob > 0.0 || s.corrupt_type != 1))
    throw UsageError("--warm_cb_cs: label corruption (--corrupt_type_warm_start, --corrupt_prob_warm_start) works "
                     "on multiclass labels only (VW's)");
  if (s.overwrite_label > s.actions)
    throw UsageError("--overwrite_label " + std::to_string(s.overwrite_label) + ": expected an action in 1.." +
                     std::to_string(s.actions));
  if (adf_explorer_chosen(v))
    throw UsageError("--warm_cb explores with --cb_explore_adf's --epsilon (or --first, --softmax), not --bag, "
                     "--cover, --squarecb or --regcb (VW's warm_cb supports epsilon-greedy only)");
  return s;
}

ReductionPlugin make_warm_cb_plugin() {
  ReductionPlugin p;
  p.name = "warm_cb";
  p.title = "--warm_cb (warm-start contextual bandit from multiclass or cost-sensitive labels)";
  const double most = 4294967295.0;
  p.options = {
      detail::classes_option("warm_cb", 1,
                             "simulate a K-action contextual bandit from multiclass labels after a supervised warm "
                             "start (VW's --warm_cb, over --cb_explore_adf)"),
      switch_option("warm_cb_cs", "with --warm_cb: cost-sensitive labels `class:cost ...`", true),
      number_option("loss0", OptionKind::kNumber, "0", -1e9, 1e9, "", true),
      number_option("loss1", OptionKind::kNumber, "1", -1e9, 1e9, "", true),
      inert_alone(number_option("warm_start", OptionKind::kCount, "0", 0, most,
                                "with --warm_cb: the examples of the warm-start phase (alone: a warning, no effect)",
                                true)),
      number_option("interaction", OptionKind::kCount, "4294967295", 0, most,
                    "with --warm_cb: the examples of the interaction phase (then the rest are skipped)", true),
      switch_option("warm_start_update", "with --warm_cb: learn from the warm-start examples", true),
      switch_option("interaction_update", "with --warm_cb: learn from the interaction examples", true),
      number_option("corrupt_type_warm_start", OptionKind::kCount, "1", 1, 3,
                    "with --warm_cb: how warm-start labels are corrupted (1 uniformly at random, 2 circular, 3 "
                    "--overwrite_label)",
                    true),
      number_option("corrupt_prob_warm_start", OptionKind::kNumber, "0", 0, 1,
                    "with --warm_cb: the probability of corrupting a warm-start label", true),
      number_option("choices_lambda", OptionKind::kCount, "1", 1, 1 << 16,
                    "with --warm_cb: the candidate lambdas (weights between the two phases' data), one policy each",
                    true),
      number_option("lambda_scheme", OptionKind::kCount, "1", 1, 4,
                    "with --warm_cb: the lambdas' centre (1 0.5; 2 0.5, ends 0 and 1; 3 epsilon / (1 + epsilon); "
                    "4 that, ends 0 and 1), the others halving towards 0 and 1",
                    true),
      number_option("overwrite_label", OptionKind::kCount, "1", 1, 1 << 20,
                    "with --warm_cb: the label of --corrupt_type_warm_start 3", true),
      switch_option("sim_bandit", "with --warm_cb: warm-start examples are bandit rounds", true),
      switch_option("cb_explore_adf", "", true),
  };
  add_adf_explorer_options(p.options);  // --epsilon, --cb_type, ...
  p.options.push_back(number_option("clip_p", OptionKind::kNumber, "0", 0.0, 1.0, "", true));  // --cb_adf's
  p.validate = [](const OptionValues& v) {
    warm_cb_settings(v);
    validate_adf_explorer(v);
  };
  p.configure = [](const OptionValues& v, ReductionSpec& spec) { detail::configure_classes(v, spec, "warm_cb"); };
  p.stands_over = {"cb_explore_adf"};
  p.labels = [](const ReductionSpec&) { return LabelFormat::kMulticlass; };
  p.labels_with = [](const OptionValues& v, const ReductionSpec&) {
    return v.flag("warm_cb_cs") ? LabelFormat::kCostSensitive : LabelFormat::kMulticlass;
  };
  p.sub_models_with = [](const OptionValues& v, const ReductionSpec&) {
    return warm_cb_settings(v).choices_lambda * cb_adf_settings(v).sub_models();
  };
  p.setup = [](const OptionValues& v, const ReductionSpec& spec) -> ReductionSetup {
    const WarmCbSettings settings = warm_cb_settings(v);
    const CbAdfSettings adf = cb_adf_settings(v);
    CbExploreSettings explore = cb_explore_adf_settings(v);
    if (explore.explorer == Explorer::kFirst)  // VW's shared counter counts all L policies' updates
      explore.first = (explore.first + settings.choices_lambda - 1) / settings.choices_lambda;
    return {[settings, adf, explore](const ReductionSpec& s, Learner& learner,
                                     LabelRange& range) -> std::unique_ptr<Reduction> {
              detail::check_output(s, "warm_cb", detail::MulticlassTraits{}, learner);
              std::vector<std::unique_ptr<CbExploreAdf>> policies;
              std::vector<CbAdf*> adfs;
              for (uint32_t i = 0; i < settings.choices_lambda; ++i) {
                CbAdfSettings own = adf;
                own.first_sub_model = i * adf.sub_models();
                auto below = std::make_unique<CbAdf>(own, learner, range);
                adfs.push_back(below.get());
                policies.push_back(std::make_unique<CbExploreAdf>(explore, std::move(below)));
              }
              return std::make_unique<WarmCb>(settings, s.seed, std::move(policies), std::move(adfs));
            },
            detail::describe_classes("warm_cb", spec) + " over cb_explore_adf"};
  };
  p.describe = [](const ReductionSpec& spec) { return detail::describe_classes("warm_cb", spec); };
  return p;
}

}  // namespace

const ReductionPlugin& warm_cb_plugin() {
  static const ReductionPlugin plugin = make_warm_cb_plugin();
  return plugin;
}

}  // namespace learner
