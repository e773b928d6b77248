#include "cb_explore.h"
#include "learner/reduction/plugins.h"

#include <algorithm>
#include <cstdio>

#include "learner/error.h"
#include "learner/learner.h"
#include "cb_explore_legacy.h"
#include "cb_to_adf.h"
#include "learner/reduction/score_text.h"
#include "plugin_helpers.h"

namespace learner {

void epsilon_greedy_fixed_pmf(float epsilon, uint32_t chosen, std::vector<float>& pmf) {
  const std::size_t k = pmf.size();
  if (k == 0) return;
  // VW's float arithmetic: e / K each, the greedy action 1 - e more.
  const float floor = epsilon / static_cast<float>(k);
  for (float& p : pmf) p = floor;
  pmf[chosen < k ? chosen : 0] += 1.0f - epsilon;
}

CbExplore::CbExplore(const CbExploreFixedSettings& settings, std::unique_ptr<ContextualBandit> below, uint32_t actions)
    : settings_(settings), below_(std::move(below)), actions_(actions) {}

CbExplore::CbExplore(std::unique_ptr<FixedActionExplorer> explorer, uint32_t actions)
    : explorer_(std::move(explorer)), actions_(actions) {}

const std::vector<float>& CbExplore::call(const Example& ex, const std::vector<ClassCost>& label,
                                          const std::vector<Feature>& features, bool learn) {
  if (explorer_) {
    explorer_->explore(ex, label, features, learn, pmf_);
    return pmf_;
  }
  const bool first = settings_.first > 0;
  // VW's --first learns only from labels logged with probability < 1.
  const bool learn_below = learn && !(first && !label.empty() && label[0].probability >= 1.0f);
  below_->process_label(ex, label, features, learn_below);
  const uint32_t chosen = below_->predicted() - 1;
  pmf_.assign(actions_, 0.0f);
  if (first) {
    if (explored_ < settings_.first) {
      for (float& p : pmf_) p = 1.0f / static_cast<float>(actions_);
      ++explored_;
    } else if (chosen < actions_) {
      pmf_[chosen] = 1.0f;
    }
  } else {
    epsilon_greedy_fixed_pmf(static_cast<float>(settings_.epsilon), chosen, pmf_);
  }
  return pmf_;
}

const Outcome& CbExplore::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  label_.assign(ex.costs.begin(), ex.costs.end());
  // VW's driver predicts, then learns, a trained example: --bag draws its
  // policies' counts on both calls (the pmf shown is the second's).
  // A test label (no observation) is only predicted.
  const bool observed = std::any_of(label_.begin(), label_.end(), [](const ClassCost& c) {
    return c.cost != kUnknownCost && c.probability > 0.0f;
  });
  if (explorer_ && learn && observed) call(ex, label_, features, false);
  call(ex, label_, features, learn);
  // VW predicts (the pmf shown), then learns, a trained example: its --first
  // counter counts both calls.
  if (learn && explored_ < settings_.first) ++explored_;
  outcome_ = Outcome{};
  outcome_.prediction = below_ ? below_->predicted() : most_probable();
  for (const ClassCost& c : label_)
    if (c.cost != kUnknownCost && c.probability > 0.0f) {
      outcome_.labeled = true;
      if (explorer_) {  // VW's calc_loss: the estimates times the pmf, summed in float
        float loss = 0.0f;
        for (uint32_t a = 0; a < actions_; ++a) loss += explorer_->estimate(a + 1, c) * pmf_[a];
        outcome_.loss = loss;
      } else if (c.klass >= 1 && c.klass <= actions_) {
        outcome_.loss = static_cast<double>(pmf_[c.klass - 1]) * c.cost / c.probability;
      }
      break;
    }
  // VW counts a label that is not a test label (any cost given) as labeled.
  if (!outcome_.labeled)
    for (const ClassCost& c : label_)
      if (c.cost != kUnknownCost) outcome_.labeled = true;
  return outcome_;
}

bool CbExplore::row_text(std::string& label, std::string& prediction) const {
  char text[96];
  if (outcome_.labeled) {
    std::snprintf(text, sizeof text, "%u:%g:%g", label_[0].klass, static_cast<double>(label_[0].cost),
                  static_cast<double>(label_[0].probability));
    label = text;
  } else {
    label = "unknown";
  }
  const uint32_t best_id = most_probable();
  const float best = best_id > 0 ? pmf_[best_id - 1] : 0.0f;
  std::snprintf(text, sizeof text, "%u:%f", best_id, static_cast<double>(best));
  prediction = text;
  return true;
}

uint32_t CbExplore::most_probable() const {
  float best = 0.0f;
  uint32_t best_id = 0;
  for (std::size_t i = 0; i < pmf_.size(); ++i)
    if (pmf_[i] > best) {
      best = pmf_[i];
      best_id = static_cast<uint32_t>(i + 1);
    }
  return best_id;
}

void CbExplore::write_prediction(std::string& out) const {
  char text[32];
  for (float p : pmf_) {
    std::snprintf(text, sizeof text, "%f ", static_cast<double>(p));
    out += text;
  }
}

namespace {

CbExploreFixedSettings cb_explore_fixed_settings(const OptionValues& v) {
  CbExploreFixedSettings s;
  if (v.flag("softmax")) throw UsageError("--softmax works with --cb_explore_adf, not --cb_explore");
  if (v.given("first")) {
    s.first = static_cast<uint64_t>(v.number("first"));
    s.epsilon = 0.0;
  }
  if (v.given("epsilon")) s.epsilon = v.number("epsilon");
  return s;
}

CbSettings cb_explore_cb_settings(const OptionValues& v) {
  CbSettings s;
  s.actions = static_cast<uint32_t>(v.number("cb_explore"));
  s.type = cb_type_of(v.text("cb_type"));
  if (v.flag("eval")) throw UsageError("--eval works with --cb, not --cb_explore");
  return s;
}

ReductionPlugin make_cb_explore_plugin() {
  ReductionPlugin p;
  p.name = "cb_explore";
  p.title = "--cb_explore (contextual-bandit exploration over K fixed actions)";
  p.options = {
      detail::classes_option("cb_explore", 1,
                             "online explore-exploit over K actions (VW's --cb_explore, as with --cb_force_legacy), "
                             "learning as --cb K; -p prints each action's probability"),
      text_option("cb_type", "", 0, "", true),  // --cb's declaration is the one shown
      number_option("epsilon", OptionKind::kNumber, "", 0.0, 1.0, "", true),
      number_option("first", OptionKind::kCount, "", 1, 1e15, "", true),
      switch_option("cb_force_legacy", "", true),
  };
  add_adf_explorer_options(p.options);  // through the adf path: --bag, --cover, --squarecb, --regcb, --softmax
  p.validate = [](const OptionValues& v) {
    cb_explore_cb_settings(v);
    if (!cb_routed_to_adf(v)) {
      legacy_explore_settings(v);
      cb_explore_fixed_settings(v);
    } else {
      validate_adf_explorer(v);
    }
  };
  p.configure = [](const OptionValues& v, ReductionSpec& spec) { detail::configure_classes(v, spec, "cb_explore"); };
  p.labels = [](const ReductionSpec&) { return LabelFormat::kContextualBandit; };
  p.sub_models_with = [](const OptionValues& v, const ReductionSpec&) {
    return cb_routed_to_adf(v) ? adf_explorer_sub_models(v)
                               : legacy_explore_sub_models(legacy_explore_settings(v), cb_explore_cb_settings(v));
  };
  p.setup = [](const OptionValues& v, const ReductionSpec& spec) -> ReductionSetup {
    if (cb_routed_to_adf(v)) return cb_to_adf_setup(v, spec, "cb_explore");
    return {[cb = cb_explore_cb_settings(v), explore = cb_explore_fixed_settings(v),
             legacy = legacy_explore_settings(v)](const ReductionSpec& s, Learner& learner,
                                                  LabelRange& range) -> std::unique_ptr<Reduction> {
              detail::check_output(s, "cb_explore", detail::MulticlassTraits{}, learner);
              return make_legacy_cb_explore(explore, legacy, cb, s.seed, learner, range);
            },
            detail::describe_classes("cb_explore", spec)};
  };
  p.describe = [](const ReductionSpec& spec) { return detail::describe_classes("cb_explore", spec); };
  return p;
}

}  // namespace

const ReductionPlugin& cb_explore_plugin() {
  static const ReductionPlugin plugin = make_cb_explore_plugin();
  return plugin;
}

}  // namespace learner
