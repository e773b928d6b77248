#include "cb.h"
#include "learner/reduction/plugins.h"

#include <cstdio>

#include "learner/error.h"
#include "learner/learner.h"
#include "cb_to_adf.h"
#include "learner/reduction/score_text.h"
#include "plugin_helpers.h"

namespace learner {

ContextualBandit::ContextualBandit(const CbSettings& settings, Learner& learner, LabelRange& range)
    : settings_(settings), learner_(learner), range_(range) {
  learner_.clip_with(range_, false);  // a learner that clips its own prediction (--coin) clips to the run's range
}

double ContextualBandit::regress(const Example& ex, const std::vector<Feature>& features, uint32_t action,
                                 bool learn) {
  const uint32_t base = settings_.first_sub_model + (settings_.type == CbType::kDr ? settings_.actions : 0);
  const Part part{base + action - 1, 1.0};
  const Parts parts(&part, 1);
  const double raw = learner_.predict(ex, features, parts);
  if (!learn || !observed_ || observed_->klass != action) return range_.clip(raw);
  // VW's scorer widens the label range before its learner predicts and updates.
  range_.widen(observed_->cost);
  const double p = range_.clip(raw);
  learner_.learn(ex, features, parts, p, observed_->cost, ex.importance / observed_->probability);
  // VW's get_cost_pred reads the prediction after the scorer's learn: that of a
  // learner that reports its own (--coin's, from its state).
  double own = p;
  return learner_.learned_prediction(own) ? own : p;
}

uint32_t ContextualBandit::cost_sensitive(const Example& ex, const std::vector<Feature>& features, bool learn) {
  uint32_t predicted = 1;
  double best = kUnknownCost;
  for (std::size_t i = 0; i < allowed_.size(); ++i) {
    const uint32_t a = allowed_[i];
    const Part part{settings_.first_sub_model + a - 1, 1.0};
    const Parts parts(&part, 1);
    const double raw = learner_.predict(ex, features, parts);
    scores_[i] = raw;
    if (learn && cost_[i] != kUnknownCost) {
      range_.widen(cost_[i]);
      learner_.learn(ex, features, parts, range_.clip(raw), cost_[i], 1.0);
    }
    if (raw < best || (raw == best && a < predicted)) {
      best = raw;
      predicted = a;
    }
  }
  return predicted;
}

const Outcome& ContextualBandit::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  return process_label(ex, ex.costs, features, learn);
}

const Outcome& ContextualBandit::process_label(const Example& ex, const std::vector<ClassCost>& label,
                                               const std::vector<Feature>& features, bool learn) {
  const uint32_t K = settings_.actions;
  label_.assign(label.begin(), label.end());
  observed_ = nullptr;
  for (const ClassCost& c : label_)
    if (c.cost != kUnknownCost && c.probability > 0.0f) {
      observed_ = &c;
      break;
    }
  labeled_ = observed_ != nullptr;
  learn = learn && labeled_;  // VW learns nothing from a test label (no cost with p > 0): it only predicts

  // The allowed actions: all K for a label of one observed action (or none), else those listed.
  allowed_.clear();
  const bool all = label_.empty() || (label_.size() == 1 && label_[0].cost != kUnknownCost);
  if (all)
    for (uint32_t a = 1; a <= K; ++a) allowed_.push_back(a);
  else
    for (const ClassCost& c : label_) allowed_.push_back(c.klass);
  const std::size_t n = allowed_.size();
  cost_.assign(n, 0.0);
  regressed_.assign(n, 0.0);
  scores_.assign(n, 0.0);

  switch (settings_.type) {
    case CbType::kIps:
      for (std::size_t i = 0; i < n; ++i)
        if (observed_ && allowed_[i] == observed_->klass) cost_[i] = observed_->cost / observed_->probability;
      predicted_ = settings_.eval ? static_cast<uint32_t>(ex.label) : cost_sensitive(ex, features, learn);
      break;
    case CbType::kDm: {
      double best = kUnknownCost;
      predicted_ = 1;
      for (std::size_t i = 0; i < n; ++i) {
        const uint32_t a = allowed_[i];
        regressed_[i] = regress(ex, features, a, learn);
        if (regressed_[i] < best || (!all && regressed_[i] == best && a < predicted_)) {
          best = regressed_[i];
          predicted_ = a;
        }
      }
      break;
    }
    case CbType::kDr:
      if (label_.empty()) {
        cost_.assign(n, kUnknownCost);  // nothing to learn from
      } else {
        for (std::size_t i = 0; i < n; ++i) {
          regressed_[i] = regress(ex, features, allowed_[i], learn);
          cost_[i] = regressed_[i];
          if (observed_ && allowed_[i] == observed_->klass)
            cost_[i] += (observed_->cost - regressed_[i]) / observed_->probability;
        }
      }
      predicted_ = settings_.eval ? static_cast<uint32_t>(ex.label) : cost_sensitive(ex, features, learn);
      break;
  }

  outcome_ = Outcome{};
  outcome_.prediction = predicted_;
  outcome_.labeled = labeled_;
  if (labeled_) {
    const bool hit = predicted_ == observed_->klass;
    double x = 0.0;
    if (settings_.type != CbType::kIps && !(settings_.type == CbType::kDr && label_.empty()))
      for (std::size_t i = 0; i < n; ++i)
        if (allowed_[i] == predicted_) x = regressed_[i];
    outcome_.loss = x + (hit ? (observed_->cost - x) / observed_->probability : 0.0);
  }
  return outcome_;
}

bool ContextualBandit::row_text(std::string& label, std::string& prediction) const {
  char text[96];
  if (labeled_) {
    std::snprintf(text, sizeof text, "%u:%.2g:%.2g", observed_->klass, static_cast<double>(observed_->cost),
                  static_cast<double>(observed_->probability));
    label = text;
  } else {
    label = "unknown";
  }
  std::snprintf(text, sizeof text, "%u", predicted_);
  prediction = text;
  return true;
}

void ContextualBandit::write_prediction(std::string& out) const { append_class(out, predicted_, nullptr); }

void ContextualBandit::write_raw(std::string& out) const {
  for (std::size_t i = 0; i < label_.size(); ++i) {
    if (i > 0) out += ' ';
    out += std::to_string(label_[i].klass);
    out += ':';
    const bool scored = settings_.type != CbType::kDm && i < scores_.size();
    append_number(out, scored ? static_cast<float>(scores_[i]) : 0.0);
  }
}

CbType cb_type_of(const std::string& text) {
  if (text == "ips") return CbType::kIps;
  if (text == "dm") return CbType::kDm;
  if (text.empty() || text == "dr" || text == "mtr" || text == "sm") return CbType::kDr;  // "": --cb's default
  throw UsageError("--cb_type '" + text + "': expected ips, dm, dr, mtr or sm");
}

namespace {

CbSettings cb_settings(const OptionValues& v) {
  CbSettings s;
  s.actions = static_cast<uint32_t>(v.number("cb"));
  s.type = cb_type_of(v.text("cb_type"));
  s.eval = v.flag("eval");
  if (s.eval && s.type == CbType::kDm)
    throw UsageError("--eval with --cb_type dm: the direct method is biased, it cannot evaluate a policy (as VW)");
  return s;
}

ReductionPlugin make_cb_plugin() {
  ReductionPlugin p;
  p.name = "cb";
  p.title = "--cb (contextual bandit over K actions, learning from logged data)";
  p.options = {
      detail::classes_option("cb", 1,
                             "contextual bandit learning from logged data over K actions; labels "
                             "`action:cost:probability |features` (VW's)"),
      text_option("cb_type",
                  "with --cb, --cb_adf and the layers over them: the cost estimate, ips (inverse propensity), dm "
                  "(direct method), dr (doubly robust), mtr (multi-task regression; the default) or sm (supervised "
                  "method); --cb_force_legacy's --cb uses dr by default and for mtr and sm, as VW",
                  0, "", true),
      switch_option("eval",
                    "with --cb: evaluate a logged policy (labels `policy_action action:cost:probability`): the "
                    "average loss estimates its cost",
                    true),
      switch_option("cb_force_legacy",
                    "with --cb, --cb_explore or --cbify: VW's non-ADF contextual bandit (without it, as VW 9.11, "
                    "each example runs through --cb_adf / --cb_explore_adf as K action lines)",
                    true),
  };
  p.validate = [](const OptionValues& v) { cb_settings(v); };
  p.configure = [](const OptionValues& v, ReductionSpec& spec) { detail::configure_classes(v, spec, "cb"); };
  p.labels = [](const ReductionSpec&) { return LabelFormat::kContextualBandit; };
  p.labels_with = [](const OptionValues& v, const ReductionSpec&) {
    return v.flag("eval") ? LabelFormat::kContextualBanditEval : LabelFormat::kContextualBandit;
  };
  p.sub_models_with = [](const OptionValues& v, const ReductionSpec&) {
    return cb_routed_to_adf(v) ? cb_adf_settings(v).sub_models() : cb_settings(v).sub_models();
  };
  p.setup = [](const OptionValues& v, const ReductionSpec& spec) -> ReductionSetup {
    if (cb_routed_to_adf(v)) return cb_to_adf_setup(v, spec, "cb");
    const std::string type = v.text("cb_type");
    if (type == "mtr" || type == "sm")
      std::fprintf(stderr, "warning: --cb_type %s applies to --cb_adf; --cb uses dr (as VW)\n", type.c_str());
    return {[settings = cb_settings(v)](const ReductionSpec& s, Learner& learner,
                                        LabelRange& range) -> std::unique_ptr<Reduction> {
              detail::check_output(s, "cb", detail::MulticlassTraits{}, learner);
              return std::make_unique<ContextualBandit>(settings, learner, range);
            },
            detail::describe_classes("cb", spec)};
  };
  p.describe = [](const ReductionSpec& spec) { return detail::describe_classes("cb", spec); };
  return p;
}

}  // namespace

const ReductionPlugin& cb_plugin() {
  static const ReductionPlugin plugin = make_cb_plugin();
  return plugin;
}

}  // namespace learner
