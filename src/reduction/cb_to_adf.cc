#include "cb_to_adf.h"

#include "learner/error.h"
#include "learner/learner.h"
#include "learner/model/weight_init.h"
#include "learner/parse/hash.h"
#include "cbify_feedback.h"
#include "plugin_helpers.h"

namespace learner {

const ExampleGroup& ActionCopies::make(const Example& ex, const std::vector<Feature>& features, uint32_t labelled,
                                       const ClassCost& observed) {
  group_.clear();
  for (uint32_t a = 0; a < actions_; ++a) {
    GroupLine& line = group_.add();
    const uint32_t shift = index_ ? 0 : action_copy_index(0, a, actions_, width_).shift;
    const auto moved = [&](uint32_t h) {
      return index_ ? index_(h, a, actions_) : action_copy_index(h, a, actions_, width_).index;
    };
    // What the ADF reduction and the learner read (the raw features and
    // namespaces too: --dotproduct's latent terms), no names.
    line.ex.namespaces = ex.namespaces;
    line.ex.features.resize(ex.features.size());
    for (std::size_t i = 0; i < ex.features.size(); ++i)
      line.ex.features[i] = Feature{ex.features[i].value, moved(ex.features[i].index)};
    line.ex.weight_shift = shift;
    line.ex.importance = ex.importance;
    line.ex.base = ex.base;
    line.ex.tag = ex.tag;
    line.ex.line = ex.line;
    line.ex.shared = false;
    line.ex.group_end = false;
    line.ex.costs.clear();
    line.ex.has_label = a == labelled;
    if (a == labelled) line.ex.costs.push_back(observed);
    line.features.resize(features.size());
    for (std::size_t i = 0; i < features.size(); ++i)
      line.features[i] = Feature{features[i].value, moved(features[i].index)};
  }
  return group_;
}

int cb_observation(const std::vector<ClassCost>& costs) {
  for (std::size_t i = 0; i < costs.size(); ++i)
    if (costs[i].cost != kUnknownCost && costs[i].probability > 0.0f) return costs.size() == 1 ? 0 : static_cast<int>(i);
  return -1;
}

CbToAdf::CbToAdf(uint32_t actions, uint32_t width, std::unique_ptr<GroupReduction> adf)
    : copies_(actions, width), adf_(std::move(adf)) {}

const Outcome& CbToAdf::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  const int at = cb_observation(ex.costs);
  uint32_t labelled = copies_.actions();  // none
  ClassCost observed{};
  if (at >= 0) {
    const ClassCost& c = ex.costs[static_cast<std::size_t>(at)];
    if (c.klass >= 1 && c.klass <= copies_.actions()) {
      labelled = c.klass - 1;
      observed = ClassCost{c.klass - 1, c.cost, c.probability};
    }
  }
  return adf_->process(copies_.make(ex, features, labelled, observed), learn);
}

namespace {
// The ADF text less the newline the single-line writer adds.
void cb_to_adf_drop_newline(std::string& out) {
  if (!out.empty() && out.back() == '\n') out.pop_back();
}
}  // namespace

void CbToAdf::prediction_text(const std::string&, std::string& out) const {
  adf_->prediction_text(copies_.group(), out);
  cb_to_adf_drop_newline(out);
}

void CbToAdf::raw_text(const std::string&, std::string& out) const {
  adf_->raw_text(copies_.group(), out);
  cb_to_adf_drop_newline(out);
}

bool CbToAdf::row_text(std::string& label, std::string& prediction) const {
  adf_->row_text(label, prediction);
  return true;
}

uint64_t CbToAdf::counted_features(std::size_t) const {
  uint64_t n = 0;
  const ExampleGroup& g = copies_.group();
  for (std::size_t i = 0; i < g.size(); ++i) n += g[i].features.size();
  return n;
}

CbifyAdf::CbifyAdf(const CbifySettings& settings, uint32_t width, std::unique_ptr<ActionPmfReduction> explore)
    : settings_(settings), copies_(settings.actions, width), explore_(std::move(explore)), app_seed_(murmur3_32("vw", 0)) {}

const Outcome& CbifyAdf::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  label_ = ex.has_label && !settings_.cost_sensitive ? static_cast<uint32_t>(ex.label) : 0;
  row_label_ = cbify_row_label(settings_, ex);
  const uint32_t none = copies_.actions();
  explore_->process(copies_.make(ex, features, none, ClassCost{}), false);
  uint64_t state = app_seed_ + draws_++;
  const std::vector<float>& pmf = explore_->action_pmf().probs;
  const uint32_t drawn = draw_from_pmf(pmf, merand48(state));  // index into the pmf (its order)
  const auto& order = explore_->action_pmf().actions;
  const uint32_t action = drawn < order.size() ? order[drawn] : 0;  // 0-based
  action_ = action + 1;
  if (learn && ex.has_label) {
    const double cost = cbify_cost(settings_, ex, action_);
    const ClassCost feedback{action, static_cast<float>(cost), pmf[drawn]};
    explore_->process(copies_.make(ex, features, action, feedback), true);
  }
  outcome_ = Outcome{};
  outcome_.prediction = action_;
  outcome_.label = label_;
  outcome_.labeled = ex.has_label;
  outcome_.loss = ex.has_label ? cbify_loss(settings_, ex, action_) : 0.0;
  return outcome_;
}

bool CbifyAdf::row_text(std::string& label, std::string& prediction) const {
  label = row_label_;
  prediction = std::to_string(action_);
  return true;
}

bool cb_routed_to_adf(const OptionValues& v) { return !v.flag("cb_force_legacy") && !v.flag("eval"); }

bool cbify_uses_adf(const OptionValues& v) { return cb_routed_to_adf(v) || v.flag("cb_explore_adf"); }

ReductionSetup cb_to_adf_setup(const OptionValues& v, const ReductionSpec& spec, const std::string& flag) {
  const auto actions = static_cast<uint32_t>(v.number(flag));
  const CbAdfSettings adf = cb_adf_settings(v);
  if (flag == "cb")
    return {[actions, adf](const ReductionSpec& s, Learner& learner, LabelRange& range) -> std::unique_ptr<Reduction> {
              detail::check_output(s, "cb", detail::MulticlassTraits{}, learner);
              return std::make_unique<CbToAdf>(actions, adf.sub_models(), std::make_unique<CbAdf>(adf, learner, range));
            },
            detail::describe_classes(flag.c_str(), spec) + " over cb_adf"};
  const ExplorerFactory explore = adf_explorer_factory(v);  // epsilon-greedy, --first, --bag, --cover, ...
  const uint32_t width = adf_explorer_sub_models(v);
  return {[actions, width, explore](const ReductionSpec& s, Learner& learner,
                                    LabelRange& range) -> std::unique_ptr<Reduction> {
            detail::check_output(s, "cb_explore", detail::MulticlassTraits{}, learner);
            return std::make_unique<CbToAdf>(actions, width, explore(s.seed, learner, range));
          },
          detail::describe_classes(flag.c_str(), spec) + " over cb_explore_adf"};
}

ReductionSetup cbify_adf_setup(const OptionValues& v, const ReductionSpec& spec, const CbifySettings& settings) {
  const ExplorerFactory explore = adf_explorer_factory(v);  // epsilon-greedy, --first, --bag, --cover, ...
  const uint32_t width = adf_explorer_sub_models(v);
  return {[settings, width, explore](const ReductionSpec& s, Learner& learner,
                                     LabelRange& range) -> std::unique_ptr<Reduction> {
            detail::check_output(s, "cbify", detail::MulticlassTraits{}, learner);
            return std::make_unique<CbifyAdf>(settings, width, explore(s.seed, learner, range));
          },
          detail::describe_classes("cbify", spec) + " over cb_explore_adf"};
}

}  // namespace learner
