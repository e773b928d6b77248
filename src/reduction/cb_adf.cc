#include "cb_adf.h"
#include "learner/reduction/plugins.h"

#include <algorithm>
#include <cstdio>

#include "learner/error.h"
#include "learner/learner.h"
#include "learner/model/model_file.h"
#include "cb_explore_adf.h"
#include "learner/reduction/score_text.h"

namespace learner {

CbAdf::CbAdf(const CbAdfSettings& settings, Learner& learner, LabelRange& range)
    : settings_(settings), learner_(learner), range_(range) {
  // A learner that clips its own prediction when it learns (--coin, as VW's
  // learners clip to the run's label range) clips to this one.
  learner_.clip_with(range_, false);
}

void CbAdf::find_observation(const ExampleGroup& group) {
  observed_index_ = -1;
  observed_ = ClassCost{};
  int costed = -1;
  for (std::size_t i = group.first_action(); i < group.size(); ++i) {
    const Example& ex = group[i].ex;
    if (ex.costs.empty() || ex.costs[0].cost == kUnknownCost) continue;
    if (costed >= 0)
      throw Error("line " + std::to_string(ex.line) +
                  ": --cb_adf: two action lines of one multi-line example have a cost (only the logged action's "
                  "line is labelled)");
    costed = static_cast<int>(i - group.first_action());
    if (ex.has_label) {
      observed_index_ = costed;
      observed_ = ex.costs[0];
    }
  }
}

void CbAdf::regress(const GroupLine& line, uint32_t sub, double label, double importance) {
  const Part part{settings_.first_sub_model + sub, 1.0};
  const Parts parts(&part, 1);
  const double raw = learner_.predict(line.ex, line.features, parts);
  range_.widen(label);
  learner_.learn(line.ex, line.features, parts, range_.clip(raw), label, importance);
}

const Outcome& CbAdf::process(const ExampleGroup& group, bool learn) {
  find_observation(group);
  score(group);
  return update(group, learn);
}

const Outcome& CbAdf::learn_again(const ExampleGroup& group) {
  find_observation(group);
  return update(group, true);
}

void CbAdf::learn_costs(const ExampleGroup& group, const std::vector<float>& costs) {
  const std::size_t first = group.first_action();
  for (std::size_t a = 0; a < group.actions() && a < costs.size(); ++a)
    regress(group[first + a], 0, costs[a], group[first + a].ex.importance);
}

void CbAdf::score(const ExampleGroup& group) {
  const std::size_t first = group.first_action(), n = group.actions();
  const Part score_part{settings_.first_sub_model, 1.0};
  const Parts score_parts(&score_part, 1);
  // The prediction: every action's score before this group's updates.
  scores_.assign(n, 0.0);
  line_scores_.assign(group.size(), 0.0);
  for (std::size_t a = 0; a < n; ++a) {
    const GroupLine& line = group[first + a];
    scores_[a] = learner_.predict(line.ex, line.features, score_parts);
    line_scores_[first + a] = scores_[a];
  }
  order_.resize(n);
  for (std::size_t a = 0; a < n; ++a) order_[a] = static_cast<uint32_t>(a);
  std::sort(order_.begin(), order_.end(),
            [&](uint32_t x, uint32_t y) { return scores_[x] != scores_[y] ? scores_[x] < scores_[y] : x < y; });
}

const Outcome& CbAdf::update(const ExampleGroup& group, bool learn) {
  const std::size_t first = group.first_action(), n = group.actions();
  const bool labeled = observed_index_ >= 0;
  const bool learning = learn && labeled;
  clipped_p_ = std::max(static_cast<double>(observed_.probability), settings_.clip_p);
  if (settings_.unit_probability && observed_index_ + 1 < static_cast<int>(n)) clipped_p_ = 1.0;

  // dr: the cost regressor's predictions (and its update on the logged line).
  regressed_.assign(n, 0.0);
  if (settings_.type == CbAdfType::kDr && labeled) {
    for (std::size_t a = 0; a < n; ++a) {
      const GroupLine& line = group[first + a];
      const Part part{settings_.first_sub_model + 1, 1.0};
      const Parts parts(&part, 1);
      const double raw = learner_.predict(line.ex, line.features, parts);
      if (learning && static_cast<int>(a) == observed_index_) {
        range_.widen(observed_.cost);
        regressed_[a] = range_.clip(raw);
        learner_.learn(line.ex, line.features, parts, regressed_[a], observed_.cost,
                       line.ex.importance / observed_.probability);
        // VW's dr reads the regressor's prediction after its learn: that of a
        // learner that makes its own there (--coin's, from its state).
        double own = 0.0;
        if (learner_.learned_prediction(own)) regressed_[a] = own;
      } else {
        regressed_[a] = range_.clip(raw);
      }
    }
  }

  if (learning) {
    const double c = observed_.cost;
    const auto logged = static_cast<std::size_t>(observed_index_);
    switch (settings_.type) {
      case CbAdfType::kMtr: {
        actions_ += n;
        events_ += 1;
        // VW's float arithmetic: 1 / p x events / actions.
        const float importance = 1.0f / static_cast<float>(clipped_p()) *
                                 (static_cast<float>(events_) / static_cast<float>(actions_));
        regress(group[first + logged], 0, c, group[first + logged].ex.importance * importance);
        break;
      }
      case CbAdfType::kIps:
        for (std::size_t a = 0; a < n; ++a)
          regress(group[first + a], 0, a == logged ? c / clipped_p() : 0.0, group[first + a].ex.importance);
        break;
      case CbAdfType::kDm:
        for (std::size_t a = 0; a < n; ++a)
          regress(group[first + a], 0, a == logged ? c : 0.0, group[first + a].ex.importance);
        break;
      case CbAdfType::kDr:
        for (std::size_t a = 0; a < n; ++a) {
          const double x = regressed_[a];
          regress(group[first + a], 0, a == logged ? x + (c - x) / clipped_p() : x, group[first + a].ex.importance);
        }
        break;
      case CbAdfType::kSm:
        learn_supervised(group, logged);
        break;
    }
  }

  outcome_ = Outcome{};
  outcome_.labeled = labeled;
  outcome_.weight = group.empty() ? 1.0 : group[0].ex.importance;  // VW: the head line's (1 but for --dsjson's pdrop)
  outcome_.prediction = predicted();
  if (labeled) {
    const uint32_t h = predicted();
    const double x = settings_.type == CbAdfType::kDr ? regressed_[h] : 0.0;
    outcome_.loss = x + (static_cast<int>(h) == observed_index_ ? (observed_.cost - x) / observed_.probability : 0.0);
    outcome_.loss = unweighted_loss(outcome_.loss, outcome_.weight);
  }
  return outcome_;
}

// VW's supervised method, in its float arithmetic: the softmax pi (lambda 1
// over the scores, lowest score likeliest) weighs the lines: the logged line
// with importance |c| / p x pi(logged) x (1 - pi(logged)), every other line a
// with |c| / p x pi(logged) x pi(a) (<= 1e-15: 0). The targets are the
// scores + 1 for the logged action and - 1 for the others (signs swapped for
// a negative cost), clipped to [-100, 100], taken in score order: line a
// regresses the target of the a-th action by score (VW's pairing). --clip_p
// does not apply (VW's).
void CbAdf::learn_supervised(const ExampleGroup& group, std::size_t logged) {
  const std::size_t first = group.first_action(), n = order_.size();
  softmax_pmf(scores_, order_, 1.0, softmax_);  // in order_'s order
  const float p = observed_.probability > 0.0f ? observed_.probability : 1e-3f;  // VW's safe_probability
  float weight = observed_.cost / p;
  float sign = 1.0f;
  if (observed_.cost < 0.0f) {
    sign = -1.0f;
    weight = -weight;
  }
  for (std::size_t r = 0; r < n; ++r)
    if (order_[r] == logged) weight *= softmax_[r];
  for (std::size_t a = 0; a < n; ++a) {
    float pi = 0.0f;
    for (std::size_t r = 0; r < n; ++r)
      if (order_[r] == a) pi = softmax_[r];
    // VW pairs line a with the a-th target in score order (its cs label list
    // is built in score order and handed to the lines by position).
    const uint32_t ranked = order_[a];
    const auto score = static_cast<float>(scores_[ranked]);
    const float target = std::clamp(ranked == logged ? score + sign : score - sign, -100.0f, 100.0f);
    float importance = group[first + a].ex.importance * weight * (a == logged ? 1.0f - pi : pi);
    if (importance <= 1e-15f) importance = 0.0f;
    regress(group[first + a], 0, target, importance);
  }
}

void CbAdf::save_state(ModelWriter& out) const {
  out.put(events_);
  out.put(actions_);
}

void CbAdf::write_text(std::FILE* out) const {
  std::fprintf(out, "event_sum %llu\naction_sum %llu\n", static_cast<unsigned long long>(events_),
               static_cast<unsigned long long>(actions_));
}

void CbAdf::load_state(ModelReader& in) {
  events_ = in.get<uint64_t>();
  actions_ = in.get<uint64_t>();
}

namespace {

// VW's action score text: at most 6 decimals (score_text.h).
void cb_adf_score_text(std::string& out, double v) { append_fixed(out, static_cast<float>(v), 6); }

// VW's progress-row number: at most 2 decimals, trailing zeros dropped.
std::string cb_adf_row_number(double v) {
  char text[48];
  std::snprintf(text, sizeof text, "%.2f", static_cast<double>(static_cast<float>(v)));
  std::string s = text;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

}  // namespace

void CbAdf::prediction_text(const ExampleGroup& group, std::string& out) const {
  out.clear();
  if (settings_.rank_all) {
    for (std::size_t r = 0; r < order_.size(); ++r) {
      if (r > 0) out += ',';
      out += std::to_string(order_[r]);
      out += ':';
      cb_adf_score_text(out, scores_[order_[r]]);
    }
  } else {
    out += std::to_string(predicted());
  }
  append_tag(out, group.tag());
  out += "\n\n";
}

void CbAdf::raw_text(const ExampleGroup& group, std::string& out) const {
  out.clear();
  for (std::size_t a = 0; a < scores_.size(); ++a) {
    if (a > 0) out += ',';
    out += std::to_string(a);
    out += ':';
    cb_adf_score_text(out, scores_[a]);
  }
  append_tag(out, group.tag());
  out += '\n';
}

void CbAdf::row_text(std::string& label, std::string& prediction) const {
  if (observed_index_ >= 0) {
    char text[96];
    std::snprintf(text, sizeof text, "%d:%.2g:%.2g", observed_index_, static_cast<double>(observed_.cost),
                  static_cast<double>(observed_.probability));
    label = text;
  } else {
    label = "unknown";
  }
  prediction = order_.empty() ? std::string("no action")
                              : std::to_string(predicted()) + ":" + cb_adf_row_number(scores_[predicted()]);
}

CbAdfSettings cb_adf_settings(const OptionValues& v) {
  CbAdfSettings s;
  const std::string type = v.text("cb_type");
  if (type.empty() || type == "mtr")
    s.type = CbAdfType::kMtr;
  else if (type == "ips")
    s.type = CbAdfType::kIps;
  else if (type == "dm")
    s.type = CbAdfType::kDm;
  else if (type == "dr")
    s.type = CbAdfType::kDr;
  else if (type == "sm")
    s.type = CbAdfType::kSm;
  else
    throw UsageError("--cb_type '" + type + "': expected mtr, ips, dm or dr");
  s.rank_all = v.flag("rank_all");
  s.clip_p = v.given("clip_p") ? v.number("clip_p") : 0.0;
  return s;
}

namespace {

ReductionPlugin make_cb_adf_plugin() {
  ReductionPlugin p;
  p.name = "cb_adf";
  p.title = "--cb_adf (contextual bandit with action-dependent features, learning from logged data)";
  p.options = {
      switch_option("cb_adf",
                    "contextual bandit learning from logged data over multi-line examples: an optional `shared "
                    "|context` line, one line per action, the logged action's line labelled "
                    "`0:cost:probability`, a blank line after each example",
                    true),
      text_option("cb_type", "", 0, "", true),  // --cb's declaration is the one shown
      switch_option("rank_all", "with --cb_adf: -p prints every action by score, `1:0.12,0:0.46`", true),
      number_option("clip_p", OptionKind::kNumber, "0", 0.0, 1.0,
                    "with --cb_adf: importance weights use max(p, clip_p) (0: no clipping)", true),
  };
  p.validate = [](const OptionValues& v) { cb_adf_settings(v); };
  p.configure = [](const OptionValues&, ReductionSpec&) {};
  p.labels = [](const ReductionSpec&) { return LabelFormat::kContextualBanditAdf; };
  p.sub_models_with = [](const OptionValues& v, const ReductionSpec&) { return cb_adf_settings(v).sub_models(); };
  p.make_group = [](const OptionValues& v, const ReductionSpec&, Learner& learner,
                    LabelRange& range) -> std::unique_ptr<GroupReduction> {
    return std::make_unique<CbAdf>(cb_adf_settings(v), learner, range);
  };
  p.describe = [](const ReductionSpec&) { return std::string("cb_adf"); };
  return p;
}

}  // namespace

const ReductionPlugin& cb_adf_plugin() {
  static const ReductionPlugin plugin = make_cb_adf_plugin();
  return plugin;
}

}  // namespace learner
