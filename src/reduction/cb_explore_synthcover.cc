#include "cb_explore_synthcover.h"

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <limits>

#include "action_pmf.h"
#include "cb_explore_adf.h"
#include "learner/error.h"
#include "learner/model/model_file.h"

namespace learner {

namespace {

// VW's action_score order: by score, then by action.
bool synth_lower(float score_a, uint32_t a, float score_b, uint32_t b) {
  return score_a == score_b ? a < b : score_a < score_b;
}

}  // namespace

void synthcover_shares(const std::vector<float>& scores, uint32_t size, float psi, std::vector<float>& probs) {
  const std::size_t k = scores.size();
  probs.assign(k, 0.0f);
  if (k < 2 || size == 0) {
    if (k == 1) probs[0] = 1.0f;
    return;
  }
  std::vector<float> s(scores);
  const float share = 1.0f / static_cast<float>(size);
  const float step = share * psi;
  for (uint32_t i = 0; i < size;) {
    // The lowest (score, action) and the next lowest among the others.
    uint32_t low = 0;
    for (uint32_t a = 1; a < k; ++a)
      if (synth_lower(s[a], a, s[low], low)) low = a;
    uint32_t next = low == 0 ? 1 : 0;
    for (uint32_t a = 0; a < k; ++a)
      if (a != low && synth_lower(s[a], a, s[next], next)) next = a;
    for (; s[next] >= s[low] && i < size; ++i) {
      probs[low] += share;
      s[low] += step;
    }
  }
}

namespace {

class SynthCover final : public ActionPmfReduction, public ReductionState {
 public:
  SynthCover(const SynthCoverSettings& settings, const CbAdfSettings& adf, Learner& learner, LabelRange& range)
      : settings_(settings), adf_(adf, learner, range) {}

  const Outcome& process(const ExampleGroup& group, bool learn) override {
    const Outcome below = adf_.process(group, learn);  // VW learns (or predicts) below first
    for (std::size_t i = group.first_action(); i < group.size(); ++i) {
      const Example& ex = group[i].ex;
      if (ex.costs.empty()) continue;
      lo_ = std::min(ex.costs.front().cost, lo_);
      hi_ = std::max(ex.costs.front().cost, hi_);
      break;
    }
    const std::vector<double>& scores = adf_.scores();
    const std::size_t k = group.actions();
    clipped_.resize(k);
    for (std::size_t a = 0; a < k; ++a) clipped_[a] = std::clamp(static_cast<float>(scores[a]), lo_, hi_);
    synthcover_shares(clipped_, settings_.size, static_cast<float>(settings_.psi), shares_);
    if (k >= 2) enforce_minimum_probability(settings_.epsilon, shares_);
    // VW's order: probability descending, ties by the higher action first.
    pmf_.actions.resize(k);
    for (std::size_t a = 0; a < k; ++a) pmf_.actions[a] = static_cast<uint32_t>(a);
    std::sort(pmf_.actions.begin(), pmf_.actions.end(), [this](uint32_t a, uint32_t b) {
      return shares_[a] == shares_[b] ? a > b : shares_[a] > shares_[b];
    });
    pmf_.probs.resize(k);
    for (std::size_t i = 0; i < k; ++i) pmf_.probs[i] = shares_[pmf_.actions[i]];
    return finish(below);
  }

  ReductionState* state() override { return this; }
  void save_state(ModelWriter& out) const override {
    out.put(lo_);
    out.put(hi_);
    adf_.save_state(out);
  }
  // VW's text lines: its cost range, then --cb_adf's.
  void write_text(std::FILE* out) const override {
    std::fprintf(out, "_min_cost %g\n_max_cost %g\n", static_cast<double>(lo_), static_cast<double>(hi_));
    adf_.write_text(out);
  }
  void load_state(ModelReader& in) override {
    const auto lo = in.get<float>(), hi = in.get<float>();
    if (!(lo <= 0.0f && hi >= 0.0f)) throw Error(in.path() + ": corrupt --synthcover state (cost range)");
    lo_ = lo;
    hi_ = hi;
    adf_.load_state(in);
  }

 private:
  const CbAdf& shown() const override { return adf_; }

  SynthCoverSettings settings_;
  CbAdf adf_;
  float lo_ = 0.0f, hi_ = 0.0f;  // VW's _min_cost, _max_cost
  std::vector<float> clipped_, shares_;
};

SynthCoverSettings synthcover_settings(const OptionValues& v) {
  SynthCoverSettings s;
  if (v.given("synthcoversize")) s.size = static_cast<uint32_t>(v.number("synthcoversize"));
  if (v.given("synthcoverpsi")) s.psi = v.number("synthcoverpsi");
  if (v.given("epsilon")) s.epsilon = v.number("epsilon");
  return s;
}

AdfExplorerPlugin make_synthcover_explorer() {
  AdfExplorerPlugin p;
  p.flag = "synthcover";
  const SynthCoverSettings d;
  p.options = {
      switch_option("synthcover",
                    "with --cb_explore_adf: synthetic cover exploration (VW's): --synthcoversize policies, each on "
                    "the action of the lowest score, which rises by --synthcoverpsi / size; --epsilon is a floor "
                    "(default 0)",
                    true),
      // No declared defaults (SynthCoverSettings holds them): given() tells whether they were typed.
      number_option("synthcoversize", OptionKind::kCount, "", 1, 1e6,
                    "with --synthcover: the number of synthetic policies (default " + default_text(d.size) + ")",
                    true),
      number_option("synthcoverpsi", OptionKind::kNumber, "", 0, 1e9,
                    "with --synthcover: the exploration bonus psi (> 0; default " + default_text(d.psi) + ")", true,
                    0, true),
  };
  p.validate = [](const OptionValues& v) { synthcover_settings(v); };
  p.sub_models = [](const OptionValues&, const CbAdfSettings& adf) { return adf.sub_models(); };
  p.bind = [](const OptionValues& v, const CbAdfSettings& adf) -> ExplorerFactory {
    const auto s = synthcover_settings(v);
    return [s, adf](uint32_t /*seed*/, Learner& learner, LabelRange& range) -> std::unique_ptr<ActionPmfReduction> {
      return std::make_unique<SynthCover>(s, adf, learner, range);
    };
  };
  return p;
}

}  // namespace

const AdfExplorerPlugin& synthcover_explorer() {
  static const AdfExplorerPlugin plugin = make_synthcover_explorer();
  return plugin;
}

}  // namespace learner
