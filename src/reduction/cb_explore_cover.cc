#include "cb_explore_cover.h"

#include <algorithm>
#include <cmath>

#include "learner/error.h"
#include "learner/learner.h"
#include "action_pmf.h"
#include "cb_explore_adf.h"

namespace learner {

float cover_minimum_probability(const CoverSettings& settings, uint32_t actions, uint64_t n) {
  const auto epsilon = static_cast<float>(settings.epsilon_decay ? 1.0 : settings.epsilon);
  const float uniform = epsilon / static_cast<float>(actions);
  if (!settings.epsilon_decay) return uniform;
  const auto decayed =
      epsilon / static_cast<float>(std::sqrt(static_cast<double>(n * static_cast<uint64_t>(actions))));
  return std::min(uniform, decayed);
}

namespace {

// The number of actions tied with the first of `order` (VW's fill_tied).
std::size_t cover_tied(const std::vector<double>& scores, const std::vector<uint32_t>& order) {
  if (order.empty()) return 0;
  std::size_t tied = 1;
  const auto best = static_cast<float>(scores[order[0]]);
  while (tied < order.size() && vw_scores_tie(scores[order[tied]], best)) ++tied;
  return tied;
}

class Cover final : public CountingExplorer {
 public:
  Cover(const CoverSettings& settings, const CbAdfSettings& adf, Learner& learner, LabelRange& range)
      : settings_(settings), adf_settings_(adf), adf_(adf, learner, range), learner_(learner), range_(range) {}

  const Outcome& process(const ExampleGroup& group, bool learn) override {
    const bool learning = learn && group_is_labeled(group);
    if (learning) cost_estimates(group);  // before --cb_adf learns (dr: it trains the cost regressor after)
    const Outcome below = adf_.process(group, learning);
    const std::size_t k = adf_.order().size();
    const float m = cover_minimum_probability(settings_, static_cast<uint32_t>(k), learned_);
    const float share = 1.0f / static_cast<float>(settings_.cover);
    std::vector<float>& q = shares_;
    q.assign(k, 0.0f);
    rank_scores_.assign(k, 0.0f);
    for (std::size_t r = 0; r < k; ++r) rank_scores_[r] = static_cast<float>(adf_.scores()[adf_.order()[r]]);
    add_share(adf_.scores(), adf_.order(), share, m, nullptr);
    float norm = m * static_cast<float>(k) + (share - m);
    for (uint32_t i = 1; i < settings_.cover; ++i) {
      const uint32_t sub = i + 1;
      predict_policy(group, sub);  // its scores before this group's update
      if (learning) {
        for (std::size_t a = 0; a < k; ++a) {
          const float pseudo = static_cast<float>(estimates_[a]) -
                               static_cast<float>(settings_.psi) * m / (std::max(q[a], m) / norm);
          regress(group[group.first_action() + a], sub, pseudo, group[group.first_action() + a].ex.importance);
        }
      }
      for (std::size_t r = 0; r < k; ++r) rank_scores_[r] += static_cast<float>(policy_scores_[policy_order_[r]]);
      add_share(policy_scores_, policy_order_, share, m, &norm);
    }
    pmf_.probs.assign(q.begin(), q.end());
    enforce_minimum_probability(static_cast<double>(m * static_cast<float>(k)), pmf_.probs, !settings_.nounif);
    sort_by_probability();
    if (learning) ++learned_;
    return finish(below);
  }

 private:
  CbAdf& policy() override { return adf_; }
  const CbAdf& policy() const override { return adf_; }
  const char* vw_counter_name() const override { return "cover"; }

  // Whether one action line has a cost (VW's test_cb_adf_sequence).
  static bool group_is_labeled(const ExampleGroup& group) {
    for (std::size_t i = group.first_action(); i < group.size(); ++i) {
      const Example& ex = group[i].ex;
      if (ex.has_label && !ex.costs.empty() && ex.costs[0].cost != kUnknownCost) return true;
    }
    return false;
  }

  // One policy's share: 1/N split among its tied best actions (--first_only:
  // the first). With `norm`, VW's running normaliser grows by what the share
  // adds above the floor m.
  void add_share(const std::vector<double>& scores, const std::vector<uint32_t>& order, float share, float m,
                 float* norm) {
    const std::size_t tied = settings_.first_only ? (order.empty() ? 0 : 1) : cover_tied(scores, order);
    const float each = settings_.first_only ? share : share / static_cast<float>(tied);
    for (std::size_t i = 0; i < tied; ++i) {
      float& q = shares_[order[i]];
      if (norm) *norm += q < m ? std::max(0.0f, each - (m - q)) : each;
      q += each;
    }
  }

  // The cost estimate of every action (estimates_): ips, or doubly robust
  // with the cost regressor (sub-model 1), which mtr trains here on the
  // logged line (importance 1 / p), in action order as VW's.
  void cost_estimates(const ExampleGroup& group) {
    const std::size_t first = group.first_action(), n = group.actions();
    int logged = -1;
    ClassCost o{};
    for (std::size_t a = 0; a < n; ++a) {
      const Example& ex = group[first + a].ex;
      if (ex.has_label && !ex.costs.empty() && ex.costs[0].cost != kUnknownCost) {
        logged = static_cast<int>(a);
        o = ex.costs[0];
      }
    }
    estimates_.assign(n, 0.0);
    const double p = std::max(static_cast<double>(o.probability), adf_settings_.clip_p);
    if (adf_settings_.type == CbAdfType::kIps) {
      if (logged >= 0) estimates_[logged] = o.cost / p;
      return;
    }
    const bool trains = adf_settings_.type == CbAdfType::kMtr;
    for (std::size_t a = 0; a < n; ++a) {
      const GroupLine& line = group[first + a];
      const Part part{1, 1.0};
      const Parts parts(&part, 1);
      const double raw = learner_.predict(line.ex, line.features, parts);
      if (static_cast<int>(a) == logged && trains) {
        range_.widen(o.cost);
        learner_.learn(line.ex, line.features, parts, range_.clip(raw), o.cost,
                       line.ex.importance / static_cast<double>(o.probability));
      }
      double regressed = range_.clip(raw), own = 0.0;
      // After a learn, VW reads the learner's own prediction when it makes one (--coin's).
      if (static_cast<int>(a) == logged && trains && learner_.learned_prediction(own)) regressed = own;
      auto x = static_cast<float>(regressed);  // VW's float arithmetic
      if (static_cast<int>(a) == logged) x += (o.cost - x) / static_cast<float>(p);
      estimates_[a] = x;
    }
  }

  // Policy `sub`'s raw scores and its order (lowest first, ties by action).
  void predict_policy(const ExampleGroup& group, uint32_t sub) {
    const std::size_t first = group.first_action(), n = group.actions();
    const Part part{sub, 1.0};
    const Parts parts(&part, 1);
    policy_scores_.assign(n, 0.0);
    for (std::size_t a = 0; a < n; ++a)
      policy_scores_[a] = learner_.predict(group[first + a].ex, group[first + a].features, parts);
    policy_order_.resize(n);
    for (std::size_t a = 0; a < n; ++a) policy_order_[a] = static_cast<uint32_t>(a);
    std::sort(policy_order_.begin(), policy_order_.end(), [&](uint32_t x, uint32_t y) {
      return policy_scores_[x] != policy_scores_[y] ? policy_scores_[x] < policy_scores_[y] : x < y;
    });
  }

  void regress(const GroupLine& line, uint32_t sub, double label, double importance) {
    const Part part{sub, 1.0};
    const Parts parts(&part, 1);
    const double raw = learner_.predict(line.ex, line.features, parts);
    range_.widen(label);
    learner_.learn(line.ex, line.features, parts, range_.clip(raw), label, importance);
  }

  // -p's order: probability (highest first), then the summed score at the
  // action's index (VW's rank-indexed sums), then the action.
  void sort_by_probability() {
    const std::size_t k = pmf_.probs.size();
    listed_.resize(k);
    for (std::size_t a = 0; a < k; ++a) listed_[a] = static_cast<uint32_t>(a);
    const std::vector<float>& p = pmf_.probs;
    std::sort(listed_.begin(), listed_.end(), [&](uint32_t x, uint32_t y) {
      if (p[x] != p[y]) return p[x] > p[y];
      if (rank_scores_[x] != rank_scores_[y]) return rank_scores_[x] < rank_scores_[y];
      return x < y;
    });
    sorted_.resize(k);
    for (std::size_t i = 0; i < k; ++i) sorted_[i] = p[listed_[i]];
    pmf_.probs.swap(sorted_);
    pmf_.actions.assign(listed_.begin(), listed_.end());
  }

  CoverSettings settings_;
  CbAdfSettings adf_settings_;
  CbAdf adf_;  // policy 0
  Learner& learner_;
  LabelRange& range_;
  std::vector<float> shares_, rank_scores_, sorted_;
  std::vector<double> estimates_, policy_scores_;
  std::vector<uint32_t> policy_order_, listed_;
};

CoverSettings cover_settings(const OptionValues& v) {
  CoverSettings s;
  s.cover = static_cast<uint32_t>(v.number("cover"));
  if (v.given("psi")) s.psi = v.number("psi");
  s.nounif = v.flag("nounif");
  s.first_only = v.flag("first_only");
  if (v.given("epsilon")) {
    s.epsilon = v.number("epsilon");
    s.epsilon_decay = false;
  }
  const std::string type = v.text("cb_type");
  if (type == "dm" || type == "sm")
    throw UsageError("--cover works with --cb_type mtr, ips or dr (got '" + type + "')");
  return s;
}

AdfExplorerPlugin make_cover_explorer() {
  AdfExplorerPlugin p;
  p.flag = "cover";
  p.options = {
      number_option("cover", OptionKind::kCount, "", 1, 1024,
                    "with --cb_explore_adf: online cover exploration over N policies, each after the first learning "
                    "pseudo-costs that favour the actions the others neglect; --epsilon fixes the floor (default: "
                    "min(1/K, 1/sqrt(n K)) after n groups)",
                    true),
      number_option("psi", OptionKind::kNumber, "", 0, 1e6, "with --cover: the disagreement parameter (default 1)",
                    true),
      switch_option("nounif", "with --cover: actions no policy chose keep probability 0", true),
  };
  p.validate = [](const OptionValues& v) { cover_settings(v); };
  p.sub_models = [](const OptionValues& v, const CbAdfSettings& adf) {
    // VW's width: N + 1 (policy 0, the cost regressor, policies 1..N-1), twice that with mtr.
    return (cover_settings(v).cover + 1) * (adf.type == CbAdfType::kMtr ? 2u : 1u);
  };
  p.bind = [](const OptionValues& v, const CbAdfSettings& adf) -> ExplorerFactory {
    const auto s = cover_settings(v);
    return [s, adf](uint32_t /*seed*/, Learner& learner, LabelRange& range) -> std::unique_ptr<ActionPmfReduction> {
      return std::make_unique<Cover>(s, adf, learner, range);
    };
  };
  return p;
}

}  // namespace

const AdfExplorerPlugin& cover_explorer() {
  static const AdfExplorerPlugin plugin = make_cover_explorer();
  return plugin;
}

}  // namespace learner
