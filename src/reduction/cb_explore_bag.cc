#include "cb_explore_bag.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "learner/error.h"
#include "learner/model/model_file.h"
#include "bootstrap.h"
#include "cb_explore_adf.h"

namespace learner {

void bag_vote(const std::vector<double>& scores, const std::vector<uint32_t>& order, bool first_only,
              std::vector<float>& votes) {
  if (order.empty()) return;
  std::size_t tied = 1;
  const auto best = static_cast<float>(scores[order[0]]);
  if (!first_only)
    while (tied < order.size() && vw_scores_tie(scores[order[tied]], best)) ++tied;
  for (std::size_t i = 0; i < tied; ++i) votes[order[i]] += 1.0f / static_cast<float>(tied);
}

void bag_pmf(const std::vector<float>& votes, const std::vector<float>& scores, double epsilon, ActionPmf& pmf) {
  const std::size_t k = votes.size();
  pmf.probs.assign(k, 0.0f);
  pmf.actions.resize(k);
  std::iota(pmf.actions.begin(), pmf.actions.end(), 0u);
  if (k == 0) return;
  // VW's generate_bag: the sum in double, then float; its inverse times each vote.
  const auto models = static_cast<float>(std::accumulate(votes.begin(), votes.end(), 0.0));
  if (models <= 1e-6f) {
    pmf.probs[0] = 1.0f;
  } else {
    const float normalizer = 1.0f / models;
    for (std::size_t a = 0; a < k; ++a) pmf.probs[a] = votes[a] * normalizer;
  }
  enforce_minimum_probability(epsilon, pmf.probs);
  // Sorted by probability (highest first), then summed score (lowest first), then action.
  std::vector<std::pair<float, uint32_t>> listed(k);
  for (std::size_t a = 0; a < k; ++a) listed[a] = {pmf.probs[a], static_cast<uint32_t>(a)};
  std::sort(listed.begin(), listed.end(), [&](const auto& x, const auto& y) {
    if (x.first != y.first) return x.first > y.first;
    if (scores[x.second] != scores[y.second]) return scores[x.second] < scores[y.second];
    return x.second < y.second;
  });
  for (std::size_t i = 0; i < k; ++i) {
    pmf.probs[i] = listed[i].first;
    pmf.actions[i] = listed[i].second;
  }
}

namespace {

// Model files keep the generator's state, so that a run resumed with -i draws
// where the last one stopped (as VW, whose model keeps it as --random_seed).
class Bag final : public ActionPmfReduction, public ReductionState {
 public:
  Bag(const BagSettings& settings, const CbAdfSettings& adf, uint32_t seed, Learner& learner, LabelRange& range)
      : settings_(settings), state_(seed) {
    for (uint32_t i = 0; i < settings.bag; ++i) {
      CbAdfSettings own = adf;
      own.first_sub_model = i * adf.sub_models();
      policies_.push_back(std::make_unique<CbAdf>(own, learner, range));
    }
  }

  const Outcome& process(const ExampleGroup& group, bool learn) override {
    // Every policy predicts before any learns (VW's predict, then learn).
    below_ = policies_[0]->process(group, false);
    const std::size_t k = policies_[0]->order().size();
    votes_.assign(k, 0.0f);
    scores_.assign(k, 0.0f);
    for (std::size_t i = 0; i < policies_.size(); ++i) {
      CbAdf& policy = *policies_[i];
      if (i > 0) policy.process(group, false);
      for (std::size_t a = 0; a < k; ++a) scores_[a] += static_cast<float>(policy.scores()[a]);
      bag_vote(policy.scores(), policy.order(), settings_.first_only, votes_);
    }
    bag_pmf(votes_, scores_, settings_.epsilon, pmf_);
    if (learn && below_.labeled)
      for (std::size_t i = 0; i < policies_.size(); ++i) {
        const uint32_t times = settings_.greedify && i == 0 ? 1 : poisson_one(state_);
        for (uint32_t t = 0; t < times; ++t) policies_[i]->learn_again(group);  // scored above
      }
    return finish(below_);
  }

  // The generator's state, then each policy's --cb_adf state (its counts
  // weigh mtr's updates). VW's bag stands over one --cb_adf: its text lines
  // are the first policy's.
  ReductionState* state() override { return this; }
  void save_state(ModelWriter& out) const override {
    out.put(state_);
    for (const auto& policy : policies_) policy->save_state(out);
  }
  void load_state(ModelReader& in) override {
    state_ = in.get<uint64_t>();
    for (const auto& policy : policies_) policy->load_state(in);
  }
  void write_text(std::FILE* out) const override { policies_[0]->write_text(out); }
  uint64_t vw_random_state() const override { return state_; }

 private:
  const CbAdf& shown() const override { return *policies_[0]; }

  BagSettings settings_;
  uint64_t state_;  // VW's random state, from --random_seed, then the model file's
  std::vector<std::unique_ptr<CbAdf>> policies_;
  Outcome below_;
  std::vector<float> votes_, scores_;
};

BagSettings bag_settings(const OptionValues& v) {
  BagSettings s;
  s.bag = static_cast<uint32_t>(v.number("bag"));
  if (v.given("epsilon")) s.epsilon = v.number("epsilon");
  s.greedify = v.flag("greedify");
  s.first_only = v.flag("first_only");
  return s;
}

AdfExplorerPlugin make_bag_explorer() {
  AdfExplorerPlugin p;
  p.flag = "bag";
  p.options = {
      number_option("bag", OptionKind::kCount, "", 1, 1024,
                    "with --cb_explore_adf: bagging exploration over N policies, each learning from every group a "
                    "Poisson(1) number of times; p = the share of policies choosing the action, --epsilon a floor "
                    "(default 0)",
                    true),
      switch_option("greedify", "with --bag: the first policy learns from every group exactly once", true),
  };
  p.validate = [](const OptionValues& v) { bag_settings(v); };
  p.sub_models = [](const OptionValues& v, const CbAdfSettings& adf) { return bag_settings(v).bag * adf.sub_models(); };
  p.bind = [](const OptionValues& v, const CbAdfSettings& adf) -> ExplorerFactory {
    const auto s = bag_settings(v);
    return [s, adf](uint32_t seed, Learner& learner, LabelRange& range) -> std::unique_ptr<ActionPmfReduction> {
      return std::make_unique<Bag>(s, adf, seed, learner, range);
    };
  };
  return p;
}

}  // namespace

const AdfExplorerPlugin& bag_explorer() {
  static const AdfExplorerPlugin plugin = make_bag_explorer();
  return plugin;
}

}  // namespace learner
