#include "cb_explore_legacy.h"

#include <algorithm>
#include <cmath>

#include "learner/error.h"
#include "learner/learner.h"
#include "learner/model/model_file.h"
#include "learner/reduction/reduction_state.h"
#include "bootstrap.h"
#include "cb_explore_adf.h"
#include "cb_explore_cover.h"

namespace learner {

namespace {

class LegacyBag final : public FixedActionExplorer {
 public:
  LegacyBag(uint32_t bag, const CbSettings& cb, uint32_t seed, Learner& learner, LabelRange& range)
      : actions_(cb.actions), state_(seed) {
    for (uint32_t i = 0; i < bag; ++i) {
      CbSettings own = cb;
      own.first_sub_model = i * cb.sub_models();
      policies_.push_back(std::make_unique<ContextualBandit>(own, learner, range));
    }
  }

  void explore(const Example& ex, const std::vector<ClassCost>& label, const std::vector<Feature>& features,
               bool learn, std::vector<float>& pmf) override {
    const std::size_t k = actions_;
    pmf.assign(k, 0.0f);
    const float share = 1.0f / static_cast<float>(policies_.size());
    for (auto& policy : policies_) {
      const uint32_t times = poisson_one(state_);  // drawn on every call, as VW
      policy->process_label(ex, label, features, learn && times > 0);
      const uint32_t chosen = policy->predicted() - 1;
      if (chosen < k) pmf[chosen] += share;
      if (learn)
        for (uint32_t t = 1; t < times; ++t) policy->process_label(ex, label, features, true);
    }
  }

 private:
  uint32_t actions_;
  uint64_t state_;  // VW's random state, from --random_seed
  std::vector<std::unique_ptr<ContextualBandit>> policies_;
};

class LegacyCover final : public FixedActionExplorer, public ReductionState {
 public:
  LegacyCover(const LegacyExploreSettings& s, const CbSettings& cb, Learner& learner, LabelRange& range)
      : settings_(s), actions_(cb.actions), policy0_(cb, learner, range), learner_(learner), range_(range) {
    cover_.cover = s.cover;
    cover_.epsilon = s.epsilon;
    cover_.epsilon_decay = s.epsilon_decay;
  }

  ReductionState* state() override { return this; }
  void save_state(ModelWriter& out) const override { out.put(learned_); }
  void load_state(ModelReader& in) override { learned_ = in.get<uint64_t>(); }

  float estimate(uint32_t action, const ClassCost& observed) const override {
    if (regressed_.empty()) return FixedActionExplorer::estimate(action, observed);  // ips, as VW without scores
    const float x = regressed_[action - 1];
    return (action == observed.klass ? (observed.cost - x) / observed.probability : 0.0f) + x;
  }

  void explore(const Example& ex, const std::vector<ClassCost>& label, const std::vector<Feature>& features,
               bool learn, std::vector<float>& pmf) override {
    const uint32_t k = actions_;
    const float m = cover_minimum_probability(cover_, k, learned_);
    const float share = 1.0f / static_cast<float>(settings_.cover);
    pmf.assign(k, 0.0f);
    chosen_.clear();
    for (uint32_t i = 0; i < settings_.cover; ++i) {
      const uint32_t h = best_action(ex, features, policy_base(i));
      pmf[h - 1] += share;
      chosen_.push_back(h);
    }
    enforce_minimum_probability(static_cast<double>(m * static_cast<float>(k)), pmf, !settings_.nounif);
    const ClassCost* observed = nullptr;
    for (const ClassCost& c : label)
      if (c.cost != kUnknownCost && c.probability > 0.0f) {
        observed = &c;
        break;
      }
    if (!learn || !observed) return;  // VW only predicts a test label

    ++learned_;
    policy0_.process_label(ex, label, features, true);
    // VW's dr estimates (gen_cs_example_dr), after policy 0 learned: all K
    // actions for a label of one logged action, else the listed ones in the
    // label's order. VW's cover reads the j-th estimate as action j + 1's
    // cost (the same thing for a label of one action); so does this, and
    // positions past the label cost 0.
    regressed_.assign(k, 0.0f);
    costs_.assign(k, 0.0f);
    const bool all = label.size() == 1;
    const std::size_t listed = all ? k : std::min<std::size_t>(label.size(), k);
    for (std::size_t j = 0; j < listed; ++j) {
      const uint32_t a = all ? static_cast<uint32_t>(j + 1) : label[j].klass;
      if (a < 1 || a > k) continue;
      const Part part{k + a - 1, 1.0};
      const float x = static_cast<float>(range_.clip(learner_.predict(ex, features, Parts(&part, 1))));
      regressed_[a - 1] = x;
      costs_[j] = x;
      if (observed->klass == a) costs_[j] += (observed->cost - x) / observed->probability;
    }
    // The policies' pseudo-costs, in order, against the mass the ones before gave.
    given_.assign(k, 0.0f);
    float norm = m * static_cast<float>(k);
    const auto psi = static_cast<float>(settings_.psi);
    for (uint32_t i = 0; i < settings_.cover; ++i) {
      if (i > 0) {
        pseudo_.resize(k);
        for (uint32_t a = 0; a < k; ++a) pseudo_[a] = costs_[a] - psi * m / (std::max(given_[a], m) / norm) + 1.0f;
        learn_policy(ex, features, policy_base(i));
      }
      const uint32_t h = chosen_[i] - 1;
      norm += given_[h] < m ? std::max(0.0f, share - (m - given_[h])) : share;
      given_[h] += share;
    }
  }

 private:
  // VW calls its cost-sensitive learner (width K) at offset 0 for policy 0, i + 1 for policy i.
  uint32_t policy_base(uint32_t i) const { return i == 0 ? 0 : (i + 1) * actions_; }

  // VW's csoaa prediction: the lowest raw score, the lowest action on ties.
  uint32_t best_action(const Example& ex, const std::vector<Feature>& features, uint32_t base) {
    uint32_t best_action = 1;
    double best = 0.0;
    for (uint32_t a = 1; a <= actions_; ++a) {
      const Part part{base + a - 1, 1.0};
      const double raw = learner_.predict(ex, features, Parts(&part, 1));
      if (a == 1 || raw < best) {
        best = raw;
        best_action = a;
      }
    }
    return best_action;
  }

  // VW's csoaa learning pseudo_: each action's regressor, in order.
  void learn_policy(const Example& ex, const std::vector<Feature>& features, uint32_t base) {
    for (uint32_t a = 1; a <= actions_; ++a) {
      const Part part{base + a - 1, 1.0};
      const Parts parts(&part, 1);
      const double raw = learner_.predict(ex, features, parts);
      const double cost = pseudo_[a - 1];
      range_.widen(cost);
      learner_.learn(ex, features, parts, range_.clip(raw), cost, ex.importance);
    }
  }

  LegacyExploreSettings settings_;
  CoverSettings cover_;
  uint32_t actions_;
  ContextualBandit policy0_;
  Learner& learner_;
  LabelRange& range_;
  uint64_t learned_ = 0;                           // VW's counter: examples learned from
  std::vector<uint32_t> chosen_;                   // each policy's action (1-based), this call
  std::vector<float> regressed_, costs_, pseudo_;  // x_a (empty: none yet), c_a, the pseudo-costs
  std::vector<float> given_;                       // q: the mass the policies gave so far
};

}  // namespace

LegacyExploreSettings legacy_explore_settings(const OptionValues& v) {
  LegacyExploreSettings s;
  const bool other = adf_explorer_chosen(v) && !v.given("bag") && !v.given("cover");  // --squarecb, --regcb
  if (other || v.flag("softmax"))
    throw UsageError("--cb_force_legacy's --cb_explore / --cbify has no --softmax, --squarecb or --regcb: it "
                     "explores with --epsilon, --first, --bag or --cover");
  for (const char* adf_only : {"greedify", "first_only"})
    if (v.given(adf_only))
      throw UsageError(std::string("--cb_force_legacy's --cb_explore / --cbify has no --") + adf_only +
                       ": it explores with --epsilon, --first, --bag or --cover (without --cb_force_legacy, VW "
                       "9.11's default, the adf path has them)");
  if (v.given("bag")) s.bag = static_cast<uint32_t>(v.number("bag"));
  if (v.given("cover")) s.cover = static_cast<uint32_t>(v.number("cover"));
  if (s.bag > 0 && s.cover > 0) throw UsageError("--bag and --cover are two explorers: choose one");
  if (s.chosen() && v.given("first"))
    throw UsageError(std::string("--") + (s.bag > 0 ? "bag" : "cover") + " and --first are two explorers: choose one");
  for (const char* own : {"psi", "nounif"})
    if (v.given(own) && s.cover == 0) throw UsageError(std::string("--") + own + " needs --cover");
  if (v.given("psi")) s.psi = v.number("psi");
  s.nounif = v.flag("nounif");
  if (v.given("epsilon")) {
    s.epsilon = v.number("epsilon");
    s.epsilon_decay = false;
  }
  return s;
}

uint32_t legacy_explore_sub_models(const LegacyExploreSettings& s, const CbSettings& cb) {
  if (s.cover > 0) return (s.cover + 1) * cb.sub_models();
  if (s.bag > 0) return s.bag * cb.sub_models();
  return cb.sub_models();
}

std::unique_ptr<FixedActionExplorer> make_legacy_explorer(const LegacyExploreSettings& s, const CbSettings& cb,
                                                          uint32_t seed, Learner& learner, LabelRange& range) {
  if (s.cover > 0) return std::make_unique<LegacyCover>(s, cb, learner, range);
  return std::make_unique<LegacyBag>(s.bag, cb, seed, learner, range);
}

std::unique_ptr<CbExplore> make_legacy_cb_explore(const CbExploreFixedSettings& explore,
                                                  const LegacyExploreSettings& s, const CbSettings& cb, uint32_t seed,
                                                  Learner& learner, LabelRange& range) {
  if (s.chosen()) return std::make_unique<CbExplore>(make_legacy_explorer(s, cb, seed, learner, range), cb.actions);
  return std::make_unique<CbExplore>(explore, std::make_unique<ContextualBandit>(cb, learner, range), cb.actions);
}

}  // namespace learner
