#include "plugin_helpers.h"
#include "learner/reduction/plugins.h"
#include "active.h"

#include <algorithm>
#include <cmath>

#include "learner/reduction/score_text.h"

namespace learner {
namespace {

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

double query_probability(double k, double err, double G, double c0) {
  if (k <= 1.0) return 1.0;
  if (!(G < HUGE_VAL)) return 0.0;  // the prediction cannot be flipped
  const double b = c0 * (std::log(k + 1.0) + 1e-4) / (k + 1e-4);
  err = std::clamp(err, 0.0, 1.0);
  const double s = std::sqrt(err) + std::sqrt(err + G);
  if (G <= std::sqrt(b) * s + b) return 1.0;
  const double r = (s + std::sqrt(s * s + 4.0 * G)) / (2.0 * G);
  return std::min(1.0, b * r * r);
}

ActiveLearner::ActiveLearner(const ReductionSpec& spec, const ActiveSettings& settings, Learner& learner,
                             LabelRange& range)
    : spec_(spec), settings_(settings), model_(learner), range_(range), coding_(coding_for(learner)),
      rng_(0x5EEDull ^ (static_cast<uint64_t>(spec.seed) << 32)) {}

double ActiveLearner::threshold() const {
  if (coding_.threshold != 0.0 || !seen_label_ || min_label_ == max_label_) return coding_.threshold;
  return 0.5 * (min_label_ + max_label_);
}

bool ActiveLearner::coin(double probability) {
  const double u = static_cast<double>(splitmix64(rng_) >> 11) * (1.0 / 9007199254740992.0);
  return u < probability;
}

double ActiveLearner::decide(const Example& ex, const std::vector<Feature>& features, double p_hat, double k) {
  if (k <= 1.0) return 1.0;
  const double thr = threshold();
  const bool above = p_hat > thr;
  double opposite = above ? coding_.negative : coding_.positive;
  if (seen_label_ && min_label_ != max_label_) opposite = above ? min_label_ : max_label_;
  const double h_min =
      p_hat == thr ? 0.0 : model_.min_importance(ex, features, kSinglePart, p_hat, opposite, thr);
  const double err = sum_loss_ / k + std::sqrt((1.0 + 0.5 * std::log(k)) / (query_weight_ + 1e-4));
  return query_probability(k, err, h_min / k, settings_.mellowness);
}

void ActiveLearner::learn_labeled(const Example& ex, const std::vector<Feature>& features, double raw,
                                  double importance) {
  range_.widen(ex.label);
  min_label_ = seen_label_ ? std::min<double>(min_label_, ex.label) : ex.label;
  max_label_ = seen_label_ ? std::max<double>(max_label_, ex.label) : ex.label;
  seen_label_ = true;
  const double p_hat = range_.clip(raw);
  outcome_.loss = spec_.binary ? ((p_hat > 0 ? 1.0 : -1.0) != ex.label) : model_.loss().loss(p_hat, ex.label);
  sum_loss_ += importance * outcome_.loss;
  query_weight_ += importance;
  model_.learn(ex, features, kSinglePart, p_hat, ex.label, importance);
}

const Outcome& ActiveLearner::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  raw_ = model_.predict(ex, features, kSinglePart);
  const double p_hat = range_.clip(raw_);
  shown_ = shown_prediction(spec_, p_hat);
  query_importance_ = -1.0;
  probability_ = 1.0;
  outcome_ = Outcome{};
  outcome_.prediction = shown_;
  outcome_.weight = ex.importance;
  outcome_.label = ex.label;
  if (!ex.has_label) {
    if (!settings_.simulation && ex.importance > 0) {  // VW's interactive mode: should this one be labeled?
      probability_ = decide(ex, features, p_hat, seen_);
      seen_ += ex.importance;
      if (coin(probability_)) {
        ++queries_;
        query_importance_ = 1.0 / probability_;
      }
    }
    return outcome_;
  }
  outcome_.labeled = true;
  if (!learn) {  // -t or held out: scored only
    outcome_.loss = spec_.binary ? ((p_hat > 0 ? 1.0 : -1.0) != ex.label)
                                           : model_.loss().loss(p_hat, ex.label);
    return outcome_;
  }
  if (!settings_.simulation) {
    learn_labeled(ex, features, raw_, ex.importance);
    return outcome_;
  }
  ++considered_;
  probability_ = decide(ex, features, p_hat, seen_);
  seen_ += ex.importance;
  if (!coin(probability_)) {
    outcome_.labeled = false;  // not queried: the label stays unseen
    return outcome_;
  }
  ++queries_;
  const double weight = ex.importance / probability_;
  outcome_.weight = weight;
  learn_labeled(ex, features, raw_, weight);
  return outcome_;
}

void ActiveLearner::prediction_text(const std::string& tag, std::string& out) const {
  out.clear();
  append_number(out, shown_);
  if (settings_.simulation) return append_tag(out, tag);
  out.push_back(' ');  // VW: prediction, tag (possibly empty), importance when queried
  out.append(tag);
  if (query_importance_ > 0) {
    out.push_back(' ');
    append_number(out, query_importance_);
  }
}

void ActiveLearner::raw_text(const std::string& tag, std::string& out) const {
  out.clear();
  append_number(out, raw_);
  append_tag(out, tag);
}

void ActiveLearner::print_summary(std::FILE* out) const {
  std::fprintf(out, "total queries = %llu\n", static_cast<unsigned long long>(queries_));
  if (settings_.simulation && considered_ > 0)
    std::fprintf(out, "labels queried = %.4f of %llu labeled examples\n",
                 static_cast<double>(queries_) / static_cast<double>(considered_),
                 static_cast<unsigned long long>(considered_));
}


const ReductionPlugin& active_plugin() {
  static const ReductionPlugin plugin = [] {
    ReductionPlugin p;
    p.name = "active";
    p.needs_learner_below = "it asks its learner for the minimum importance that flips a prediction (VW's order "
                            "puts --active below --bootstrap and --boosting)";
    p.stands_alone = "works on simple (binary) labels";
    p.title = "--active (importance-weighted active learning)";
    OptionSpec active;
    active.name = "active";
    active.help = "active learning (importance-weighted, VW's rule): query a label with a probability from the importance that flips the prediction";
    OptionSpec simulation;
    simulation.name = "simulation";
    simulation.help = "with --active: labels are present, only the queried ones are learned from";
    OptionSpec mellowness;
    mellowness.name = "mellowness";
    mellowness.kind = OptionKind::kNumber;
    mellowness.default_value = default_text(ActiveSettings{}.mellowness);
    mellowness.min = 0;
    mellowness.min_exclusive = true;
    mellowness.help = "with --active: c0, larger queries more (VW's default 8; try 1e-3 with the default update rule)";
    p.options = {active, simulation, mellowness};
    p.labels = [](const ReductionSpec&) { return LabelFormat::kSimple; };
    p.sub_models = [](const ReductionSpec&) { return uint32_t{1}; };
    p.setup = [](const OptionValues& v, const ReductionSpec&) {
      const ActiveSettings settings{v.flag("simulation"), v.number("mellowness")};
      ReductionSetup s;
      s.make = [settings](const ReductionSpec& spec, Learner& learner, LabelRange& range) -> std::unique_ptr<Reduction> {
        detail::check_output(spec, "active", {}, learner);
        if (!learner.has_min_importance())
          throw UsageError("--active needs a learner that can compute the importance that flips a prediction (the "
                           "gradient learner); the " + std::string(learner.name()) + " learner cannot");
        return std::make_unique<ActiveLearner>(spec, settings, learner, range);
      };
      s.describe = settings.simulation ? "active (simulation)" : "active";
      return s;
    };
    return p;
  }();
  return plugin;
}

}  // namespace learner
