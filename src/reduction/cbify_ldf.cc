#include "cbify_ldf.h"

#include <algorithm>
#include "learner/reduction/plugins.h"

#include <vector>

#include "learner/error.h"
#include "learner/model/weight_init.h"
#include "learner/parse/hash.h"
#include "cbify.h"
#include "learner/reduction/score_text.h"

namespace learner {

CbifyLdf::CbifyLdf(const CbifyLdfSettings& settings, std::unique_ptr<ActionPmfReduction> below)
    : settings_(settings), below_(std::move(below)), app_seed_(murmur3_32("vw", 0)) {}

const Outcome& CbifyLdf::process(const ExampleGroup& group, bool learn) {
  // The bandit's copy of the example: every cost hidden.
  bandit_.clear();
  costs_.clear();
  bool all_labelled = group.actions() > 0;
  for (std::size_t i = 0; i < group.size(); ++i) {
    GroupLine& line = bandit_.add();
    line = group[i];
    if (line.ex.shared) continue;
    const bool known = line.ex.has_label && !line.ex.costs.empty() && line.ex.costs[0].cost != kUnknownCost;
    costs_.push_back(known ? line.ex.costs[0].cost : kUnknownCost);
    all_labelled = all_labelled && known;
    line.ex.costs.clear();
    line.ex.has_label = false;
  }
  below_->process(bandit_, false);
  const std::vector<float>& pmf = below_->action_pmf().probs;
  const std::vector<uint32_t>& order = below_->action_pmf().actions;
  uint64_t state = app_seed_ + draws_++;
  const uint32_t drawn = draw_from_pmf(pmf, merand48(state));
  action_ = order.empty() ? 0 : order[drawn];
  probability_ = pmf.empty() ? 0.0f : pmf[drawn];
  if (learn && all_labelled) {
    if (!(probability_ > 0.0f))
      throw Error("line " + std::to_string(group[group.first_action()].ex.line) +
                  ": --cbify_ldf drew an action of probability 0 (the explorer's pmf has no mass)");
    // Reveal the drawn line's cost: walking the kept slots again (clear, add)
    // reaches them in order, each still the hidden copy made above.
    bandit_.clear();
    for (std::size_t i = 0; i < group.size(); ++i) {
      GroupLine& line = bandit_.add();
      if (group[i].ex.shared || i - group.first_action() != action_) continue;
      const double cost = settings_.loss0 + (settings_.loss1 - settings_.loss0) * costs_[action_];
      line.ex.costs.assign(1, ClassCost{0, static_cast<float>(cost), probability_});
      line.ex.has_label = true;
    }
    below_->process(bandit_, true);
  }
  outcome_ = Outcome{};
  outcome_.labeled = all_labelled;
  outcome_.prediction = action_ + 1;
  outcome_.loss = all_labelled && action_ < costs_.size() ? costs_[action_] : 0.0;
  return outcome_;
}

void CbifyLdf::prediction_text(const ExampleGroup& group, std::string& out) const {
  out.clear();
  for (std::size_t a = 0; a < group.actions(); ++a) {
    out += a == action_ ? std::to_string(action_ + 1) : std::string("0");
    append_tag(out, group[group.first_action() + a].ex.tag);
    out += '\n';
  }
}

void CbifyLdf::row_text(std::string& label, std::string& prediction) const {
  label = outcome_.labeled ? "known" : "unknown";
  prediction = std::to_string(action_ + 1);
}

namespace {

CbifyLdfSettings cbify_ldf_settings(const OptionValues& v) {
  CbifyLdfSettings s;
  if (v.given("loss0")) s.loss0 = v.number("loss0");
  if (v.given("loss1")) s.loss1 = v.number("loss1");
  return s;
}

ReductionPlugin make_cbify_ldf_plugin() {
  ReductionPlugin p;
  p.name = "cbify_ldf";
  p.title = "--cbify_ldf (cost-sensitive multi-line examples as contextual-bandit feedback)";
  p.options = {
      switch_option("cbify_ldf",
                    "simulate a contextual bandit from --csoaa_ldf examples (`class:cost |features` lines, an "
                    "optional `shared` line): --cb_explore_adf draws an action and learns only its cost (VW's "
                    "--cbify_ldf); takes --cb_explore_adf's options (--epsilon, --first, --softmax, --cb_type, ...)",
                    true),
      number_option("loss0", OptionKind::kNumber, "0", -1e9, 1e9, "", true),
      number_option("loss1", OptionKind::kNumber, "1", -1e9, 1e9, "", true),
  };
  // Every option of --cb_explore_adf but its selector (its explorers and
  // --cb_type): an explorer added to --cb_explore_adf is accepted here too.
  add_adf_explorer_options(p.options);
  // --cb_adf's --clip_p (read by the layer below).
  if (std::none_of(p.options.begin(), p.options.end(), [](const OptionSpec& o) { return o.name == "clip_p"; }))
    p.options.push_back(number_option("clip_p", OptionKind::kNumber, "0", 0.0, 1.0, "", true));
  p.validate = [](const OptionValues& v) {
    cbify_ldf_settings(v);
    validate_adf_explorer(v);
  };
  p.configure = [](const OptionValues&, ReductionSpec&) {};
  p.labels = [](const ReductionSpec&) { return LabelFormat::kLabelDependent; };
  p.sub_models_with = [](const OptionValues& v, const ReductionSpec&) { return adf_explorer_sub_models(v); };
  p.make_group = [](const OptionValues& v, const ReductionSpec& spec, Learner& learner,
                    LabelRange& range) -> std::unique_ptr<GroupReduction> {
    // Any of --cb_explore_adf's explorers (epsilon-greedy, --first, --softmax, --bag, --cover, --squarecb, --regcb).
    return std::make_unique<CbifyLdf>(cbify_ldf_settings(v), make_adf_explorer(v, spec.seed, learner, range));
  };
  p.describe = [](const ReductionSpec&) { return std::string("cbify_ldf over cb_explore_adf over cb_adf"); };
  return p;
}

}  // namespace

const ReductionPlugin& cbify_ldf_plugin() {
  static const ReductionPlugin plugin = make_cbify_ldf_plugin();
  return plugin;
}

}  // namespace learner
