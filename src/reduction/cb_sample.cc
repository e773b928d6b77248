#include "cb_sample.h"
#include "learner/reduction/plugins.h"

#include <string_view>
#include <utility>

#include "learner/error.h"
#include "learner/model/weight_init.h"
#include "learner/parse/hash.h"
#include "adf_layer.h"
#include "cb_explore_adf.h"

namespace learner {

CbSample::CbSample(uint64_t seed, std::unique_ptr<ActionPmfReduction> explorer)
    : explorer_(std::move(explorer)), random_state_(seed) {}

namespace {

bool cb_sample_labelled(const Example& ex) { return !ex.costs.empty() && ex.costs[0].cost != kUnknownCost; }

}  // namespace

std::size_t cb_sample_choice(const ExampleGroup& group, bool learn, ActionPmf& pmf, uint64_t& random_state) {
  const std::size_t n = pmf.probs.size();
  if (n == 0) return 0;
  bool labelled = false;
  for (std::size_t i = group.first_action(); i < group.size(); ++i) labelled = labelled || cb_sample_labelled(group[i].ex);
  if (learn && labelled) {
    // VW: the first action line with a label (the shared line is merged away above cb_sample).
    uint32_t action = 0;
    for (std::size_t i = group.first_action(); i < group.size(); ++i)
      if (!group[i].ex.costs.empty()) {
        action = static_cast<uint32_t>(i - group.first_action());
        break;
      }
    for (std::size_t i = 0; i < n; ++i)
      if (pmf.actions[i] == action) return i;
    return 0;
  }
  uint64_t seed = random_state;
  const std::string_view tag = group.empty() ? std::string_view{} : std::string_view(group[0].ex.tag);
  const bool tag_seed = tag.substr(0, 5) == "seed=";
  if (tag_seed) seed = murmur3_32(tag.substr(5), 0);
  float total = 0.0f;
  for (float& p : pmf.probs) {
    if (p < 0.0f) p = 0.0f;
    total += p;
  }
  if (total == 0.0f) {
    pmf.probs[0] = 1.0f;
    if (!tag_seed) merand48(random_state);
    return 0;
  }
  uint64_t copy = seed;
  float draw = total * merand48(copy);
  if (draw > total) draw = total;
  std::size_t chosen = n;
  float sum = 0.0f;
  for (std::size_t i = 0; i < n; ++i) {
    sum += pmf.probs[i];
    if (chosen == n && sum > draw) chosen = i;
    pmf.probs[i] /= total;
  }
  if (chosen == n) chosen = n - 1;
  if (!tag_seed) merand48(random_state);
  return chosen;
}

const Outcome& CbSample::process(const ExampleGroup& group, bool learn) {
  const Outcome& outcome = explorer_->process(group, learn);
  pmf_ = explorer_->action_pmf();
  const std::size_t chosen = cb_sample_choice(group, learn, pmf_, random_state_);
  if (chosen != 0 && chosen < pmf_.actions.size()) {
    std::swap(pmf_.actions[0], pmf_.actions[chosen]);
    std::swap(pmf_.probs[0], pmf_.probs[chosen]);
  }
  return outcome;
}

namespace {

ReductionPlugin make_cb_sample_plugin() {
  ReductionPlugin p;
  p.name = "cb_sample";
  p.title = "--cb_sample (draw an action from --cb_explore_adf's pmf and put it first)";
  p.options = {switch_option("cb_sample",
                             "with --cb_explore_adf: draw an action from the pmf (the logged one when learning; the "
                             "shared line's tag seed=S seeds the draw) and print it first (VW's cb_sample)",
                             true)};
  stand_over_adf_explorer(p);
  p.validate = validate_adf_explorer;
  p.make_group = [](const OptionValues& v, const ReductionSpec& spec, Learner& learner,
                    LabelRange& range) -> std::unique_ptr<GroupReduction> {
    return std::make_unique<CbSample>(static_cast<uint64_t>(v.number("random_seed")),
                                      make_adf_explorer(v, spec.seed, learner, range));
  };
  p.describe = [](const ReductionSpec&) { return std::string("cb_sample over cb_explore_adf over cb_adf"); };
  return p;
}

}  // namespace

const ReductionPlugin& cb_sample_plugin() {
  static const ReductionPlugin plugin = make_cb_sample_plugin();
  return plugin;
}

}  // namespace learner
