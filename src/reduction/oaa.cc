#include "plugin_helpers.h"
#include "learner/reduction/plugins.h"
#include "oaa.h"

#include <cmath>

#include "learner/reduction/score_text.h"

namespace learner {

Oaa::Oaa(const ReductionSpec& spec, Learner& learner, const LabelRange& range)
    : spec_(spec), task_(learner, range), scores_(spec.classes), shown_(spec.classes), costs_(spec.classes),
      constant_(spec.classes) {}

const Outcome& Oaa::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  const uint32_t K = spec_.classes;
  predicted_ = 1;
  for (uint32_t k = 0; k < K; ++k) {
    scores_[k] = task_.range().clip(task_.predict(ex, features, k));  // VW: the clipped sub-model predictions
    if (scores_[k] > scores_[predicted_ - 1]) predicted_ = k + 1;
  }
  if (cost_outcome(outcome_, predicted_, ex.importance, costs_.set(ex), costs_, constant_)) {
    const uint32_t y = costs_.best();
    if (learn) {
      for (uint32_t k = 0; k < K; ++k) {
        const Part part{k, 1.0};
        task_.learn(ex, features, Parts(&part, 1), scores_[k], k + 1 == y, ex.importance);
      }
    }
  }
  return outcome_;
}

void Oaa::write_prediction(std::string& out) const {
  if (spec_.output == ScoreOutput::kClass) return append_class(out, predicted_, spec_.class_labels.get());
  if (spec_.output == ScoreOutput::kScores) return append_class_scores(out, scores_, spec_.class_labels.get());
  double sum = 0.0;
  for (std::size_t k = 0; k < scores_.size(); ++k) sum += shown_[k] = 1.0 / (1.0 + std::exp(-scores_[k]));
  for (double& p : shown_) p /= sum;
  append_class_scores(out, shown_, spec_.class_labels.get());
}

void Oaa::write_raw(std::string& out) const {
  append_class_scores(out, scores_, spec_.class_labels.get());
}

void Oaa::print_summary(std::FILE* out) const { constant_.print(out, spec_.class_labels.get()); }


const ReductionPlugin& oaa_plugin() {
  static const ReductionPlugin plugin = detail::multiclass_plugin<Oaa>(
      {"oaa", 1, "one-against-all over K classes; labels 1..K (`3 [importance] |...`)", LabelFormat::kMulticlass, {.scores = true, .probabilities = true}});
  return plugin;
}

}  // namespace learner
