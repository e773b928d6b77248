#include "cb_explore_adf.h"
#include "learner/reduction/plugins.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "learner/error.h"
#include "learner/model/model_file.h"
#include "adf_layer.h"
#include "cb_explore_bag.h"
#include "cb_explore_cover.h"
#include "cb_explore_regcb.h"
#include "cb_explore_squarecb.h"
#include "cb_explore_synthcover.h"
#include "learner/reduction/score_text.h"
#include "learner/reduction/reduction.h"

namespace learner {

void epsilon_greedy_pmf(const std::vector<double>& scores, const std::vector<uint32_t>& order,
                        const CbExploreSettings& settings, std::vector<float>& pmf) {
  const std::size_t k = order.size();
  pmf.assign(k, 0.0f);
  if (k == 0) return;
  // VW's float arithmetic: e / K each, then 1 - e over the actions tied with the best.
  const auto epsilon = static_cast<float>(settings.epsilon);
  std::size_t tied = 1;
  while (!settings.first_only && tied < k && vw_scores_tie(scores[order[tied]], scores[order[0]])) ++tied;
  const float floor = epsilon / static_cast<float>(k);
  for (float& p : pmf) p = floor;
  for (std::size_t i = 0; i < tied; ++i) pmf[i] += (1.0f - epsilon) / static_cast<float>(tied);
}

void enforce_minimum_probability(double epsilon, std::vector<float>& pmf, bool zeros_too) {
  const auto e = static_cast<float>(epsilon);
  if (pmf.empty() || e == 0.0f) return;
  std::size_t k = pmf.size();
  if (!zeros_too) k -= static_cast<std::size_t>(std::count(pmf.begin(), pmf.end(), 0.0f));
  if (k == 0) return;
  if (e > 0.999f) {  // uniform (over the non-zero ones without zeros_too)
    for (float& p : pmf)
      if (zeros_too || p > 0.0f) p = 1.0f / static_cast<float>(k);
    return;
  }
  const float floor = e / static_cast<float>(k);
  // The shift t: the largest r (by descending probability) whose r-th value
  // stays above the floor after shifting the first r by t_r = (their sum +
  // (K - r) floor - 1) / r.
  std::vector<float> sorted(pmf);
  std::sort(sorted.begin(), sorted.end(), std::greater<float>());
  float sum = 0.0f, kept_sum = sorted[0];
  std::size_t kept = 0;
  for (std::size_t r = 0; r < sorted.size(); ++r) {
    if (!zeros_too && sorted[r] == 0.0f) break;
    sum += sorted[r];
    const float shift = (static_cast<float>(k - r - 1) * floor + sum - 1.0f) / static_cast<float>(r + 1);
    if (sorted[r] > shift + floor) {
      kept = r;
      kept_sum = sum;
    }
  }
  const float shift = (static_cast<float>(k - kept - 1) * floor + kept_sum - 1.0f) / static_cast<float>(kept + 1);
  for (float& p : pmf)
    if (zeros_too || p > 0.0f) p = std::max(p - shift, floor);
}

void softmax_pmf(const std::vector<double>& scores, const std::vector<uint32_t>& order, double lambda,
                 std::vector<float>& pmf) {
  pmf.assign(order.size(), 0.0f);
  if (order.empty()) return;
  // VW: exp(-lambda (s - min s)) in float, normalised.
  const auto l = static_cast<float>(-lambda);
  float low = static_cast<float>(scores[order[0]]);
  for (uint32_t a : order) low = std::min(low, static_cast<float>(scores[a]));
  float norm = 0.0f;
  for (std::size_t i = 0; i < order.size(); ++i) {
    pmf[i] = std::exp(l * (static_cast<float>(scores[order[i]]) - low));
    norm += pmf[i];
  }
  for (float& p : pmf) p /= norm;
}

CbExploreAdf::CbExploreAdf(const CbExploreSettings& settings, std::unique_ptr<CbAdf> below)
    : settings_(settings), below_(std::move(below)) {}

const Outcome& CbExploreAdf::process(const ExampleGroup& group, bool learn) {
  const Outcome& below = below_->process(group, learn);  // its scores are those before this group's updates
  std::vector<float>& pmf = pmf_.probs;
  switch (settings_.explorer) {
    case Explorer::kGreedy:
      epsilon_greedy_pmf(below_->scores(), below_->order(), settings_, pmf);
      break;
    case Explorer::kFirst: {
      const std::size_t k = below_->order().size();
      pmf.assign(k, 0.0f);
      if (explored_ < settings_.first) {
        for (float& p : pmf) p = 1.0f / static_cast<float>(k);
        if (learn && below_->observed_action() >= 0) ++explored_;  // VW counts the groups learned from
      } else if (k > 0) {
        pmf[0] = 1.0f;
      }
      enforce_minimum_probability(settings_.epsilon, pmf);
      break;
    }
    case Explorer::kSoftmax:
      softmax_pmf(below_->scores(), below_->order(), settings_.lambda, pmf);
      enforce_minimum_probability(settings_.epsilon, pmf);
      break;
  }
  in_score_order(*below_);
  return finish(below);
}

void CbExploreAdf::save_state(ModelWriter& out) const {
  out.put(explored_);
  below_->save_state(out);
}

void CbExploreAdf::write_text(std::FILE* out) const {
  if (settings_.explorer == Explorer::kFirst)
    std::fprintf(out, "cb first adf storing example counter:  = %llu\n",
                 static_cast<unsigned long long>(settings_.first - std::min(explored_, settings_.first)));
  below_->write_text(out);
}

void CbExploreAdf::load_state(ModelReader& in) {
  explored_ = in.get<uint64_t>();
  below_->load_state(in);
}

namespace {

// The exploration algorithms with their own files (reduction/adf_explorer.h), one line each.
const std::vector<const AdfExplorerPlugin*>& adf_explorers() {
  static const std::vector<const AdfExplorerPlugin*> all = {
      &bag_explorer(),
      &cover_explorer(),
      &regcb_explorer(),
      &squarecb_explorer(),
      &synthcover_explorer(),
  };
  return all;
}

// The algorithm the command line selects (nullptr: --cb_explore_adf's own
// epsilon-greedy, --first or --softmax); two are an error.
const AdfExplorerPlugin* chosen_explorer(const OptionValues& v) {
  const AdfExplorerPlugin* chosen = nullptr;
  for (const AdfExplorerPlugin* e : adf_explorers()) {
    if (!v.given(e->flag)) continue;
    if (chosen) throw UsageError("--" + chosen->flag + " and --" + e->flag + " are two explorers: choose one");
    chosen = e;
  }
  if (chosen)
    for (const char* own : {"first", "softmax"})
      if (v.given(own)) throw UsageError("--" + chosen->flag + " and --" + own + " are two explorers: choose one");
  if (!chosen)  // an algorithm's options without it (they declare no defaults, so given() means typed)
    for (const AdfExplorerPlugin* e : adf_explorers())
      for (std::size_t i = 1; i < e->options.size(); ++i) {
        const OptionSpec& o = e->options[i];
        if (o.kind == OptionKind::kSwitch ? v.flag(o.name) : v.given(o.name))
          throw UsageError("--" + o.name + " needs --" + e->flag);
      }
  return chosen;
}

}  // namespace

CbExploreSettings cb_explore_adf_settings(const OptionValues& v) {
  CbExploreSettings s;
  if (v.given("first") && v.flag("softmax")) throw UsageError("--first and --softmax are two explorers: choose one");
  if (v.given("first")) {
    s.explorer = Explorer::kFirst;
    s.first = static_cast<uint64_t>(v.number("first"));
  } else if (v.flag("softmax")) {
    s.explorer = Explorer::kSoftmax;
  }
  if (s.explorer != Explorer::kGreedy) s.epsilon = 0.0;  // VW's default for these explorers
  if (v.given("epsilon")) s.epsilon = v.number("epsilon");
  if (v.given("lambda")) s.lambda = v.number("lambda");
  s.first_only = v.flag("first_only");
  return s;
}

namespace {

ReductionPlugin make_cb_explore_adf_plugin() {
  ReductionPlugin p;
  p.name = "cb_explore_adf";
  p.title = "--cb_explore_adf (contextual-bandit exploration over --cb_adf)";
  p.options = {
      switch_option("cb_explore_adf",
                    "online explore-exploit over multi-line contextual-bandit examples (as --cb_adf's); -p prints "
                    "each action's probability, `1:0.9,0:0.1`",
                    true),
      text_option("cb_type", "", 0, "", true),  // --cb's declaration is the one shown
      number_option("epsilon", OptionKind::kNumber, "", 0.0, 1.0,
                    "with --cb_explore_adf: exploration, each action gets at least epsilon / K (default 0.05; 0 "
                    "with --first or --softmax)",
                    true),
      switch_option("first_only", "with --cb_explore_adf: of actions tied for the best, only the first gets 1 - epsilon",
                    true),
      number_option("first", OptionKind::kCount, "", 1, 1e15,
                    "with --cb_explore_adf: explore uniformly for the first T examples learned from, then greedily",
                    true),
      switch_option("softmax", "with --cb_explore_adf: softmax exploration, p proportional to exp(-lambda score)",
                    true),
      number_option("lambda", OptionKind::kNumber, "1", -1e6, 1e6, "with --softmax: its lambda", true),
  };
  for (const AdfExplorerPlugin* e : adf_explorers()) append_missing_options(p.options, e->options);
  p.validate = validate_adf_explorer;
  p.configure = [](const OptionValues&, ReductionSpec&) {};
  p.labels = [](const ReductionSpec&) { return LabelFormat::kContextualBanditAdf; };
  p.sub_models_with = [](const OptionValues& v, const ReductionSpec&) { return adf_explorer_sub_models(v); };
  p.make_group = [](const OptionValues& v, const ReductionSpec& spec, Learner& learner,
                    LabelRange& range) -> std::unique_ptr<GroupReduction> {
    return make_adf_explorer(v, spec.seed, learner, range);
  };
  p.describe = [](const ReductionSpec&) { return std::string("cb_explore_adf over cb_adf"); };
  return p;
}

}  // namespace

ExplorerFactory adf_explorer_factory(const OptionValues& v) {
  const CbAdfSettings adf = cb_adf_settings(v);
  if (const AdfExplorerPlugin* e = chosen_explorer(v)) return e->bind(v, adf);
  const CbExploreSettings explore = cb_explore_adf_settings(v);
  return [explore, adf](uint32_t, Learner& learner, LabelRange& range) -> std::unique_ptr<ActionPmfReduction> {
    return std::make_unique<CbExploreAdf>(explore, std::make_unique<CbAdf>(adf, learner, range));
  };
}

std::unique_ptr<ActionPmfReduction> make_adf_explorer(const OptionValues& v, uint32_t seed, Learner& learner,
                                                      LabelRange& range) {
  return adf_explorer_factory(v)(seed, learner, range);
}

bool adf_explorer_chosen(const OptionValues& v) { return chosen_explorer(v) != nullptr; }

void add_adf_explorer_options(std::vector<OptionSpec>& options) {
  for (const OptionSpec& o : cb_explore_adf_plugin().options) {
    if (&o == &cb_explore_adf_plugin().options.front()) continue;  // its selector
    if (std::none_of(options.begin(), options.end(), [&](const OptionSpec& x) { return x.name == o.name; })) {
      options.push_back(o);
      options.back().help.clear();  // shown with --cb_explore_adf
    }
  }
}

void validate_adf_explorer(const OptionValues& v) {
  cb_adf_settings(v);
  if (const AdfExplorerPlugin* e = chosen_explorer(v))
    e->validate(v);
  else
    cb_explore_adf_settings(v);
}

uint32_t adf_explorer_sub_models(const OptionValues& v) {
  const AdfExplorerPlugin* e = chosen_explorer(v);
  return e ? e->sub_models(v, cb_adf_settings(v)) : cb_adf_settings(v).sub_models();
}

const ReductionPlugin& cb_explore_adf_plugin() {
  static const ReductionPlugin plugin = make_cb_explore_adf_plugin();
  return plugin;
}

}  // namespace learner
