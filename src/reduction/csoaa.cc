#include "plugin_helpers.h"
#include "learner/reduction/plugins.h"
#include "csoaa.h"

#include <cmath>

#include "binary_task.h"
#include "learner/reduction/score_text.h"

namespace learner {

Csoaa::Csoaa(const ReductionSpec& spec, Learner& learner, const LabelRange& range)
    : spec_(spec), learner_(learner), range_(range), scores_(spec.classes), costs_(spec.classes),
      constant_(spec.classes) {
  if (!range_.fixed_min) range_.min = -HUGE_VAL;
  if (!range_.fixed_max) range_.max = HUGE_VAL;
}

bool Csoaa::candidate(const Example& ex, uint32_t klass) const {
  if (ex.costs.empty()) return true;
  for (const ClassCost& c : ex.costs)
    if (c.klass == klass) return true;
  return false;
}

const Outcome& Csoaa::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  const uint32_t K = spec_.classes;
  predicted_ = 0;
  for (uint32_t k = 0; k < K; ++k) {
    const Part part{k, 1.0};
    scores_[k] = learner_.predict(ex, features, Parts(&part, 1));
    if (candidate(ex, k + 1) && (predicted_ == 0 || scores_[k] < scores_[predicted_ - 1])) predicted_ = k + 1;
  }
  if (predicted_ == 0) predicted_ = 1;  // a label listing only classes > K was refused by the parser
  if (cost_outcome(outcome_, predicted_, ex.importance, costs_.set(ex), costs_, constant_)) {
    if (learn) {
      for (const ClassCost& c : ex.costs) {
        if (c.cost == kUnknownCost) continue;
        const Part part{c.klass - 1, 1.0};
        learner_.learn(ex, features, Parts(&part, 1), range_.clip(scores_[c.klass - 1]), c.cost, ex.importance);
      }
    }
  }
  return outcome_;
}

void Csoaa::write_prediction(std::string& out) const {
  if (spec_.output == ScoreOutput::kClass) return append_class(out, predicted_, spec_.class_labels.get());
  append_class_scores(out, scores_, spec_.class_labels.get());
}

void Csoaa::write_raw(std::string& out) const {
  append_class_scores(out, scores_, spec_.class_labels.get());
}

void Csoaa::print_summary(std::FILE* out) const { constant_.print(out, spec_.class_labels.get()); }


const ReductionPlugin& csoaa_plugin() {
  static const ReductionPlugin plugin = detail::multiclass_plugin<Csoaa>(
      {"csoaa", 1, "cost-sensitive one-against-all (regression of each class's cost); VW's labels `1:0.5 2:1 3:0 |...`", LabelFormat::kCostSensitive, {.scores = true}});
  return plugin;
}

}  // namespace learner
