#include "mira.h"
#include "learner/reduction/plugins.h"

#include "plugin_helpers.h"
#include "learner/reduction/score_text.h"

namespace learner {

Mira::Mira(const ReductionSpec& spec, const MiraSettings& settings, Learner& learner, LabelRange&)
    : spec_(spec), settings_(settings), learner_(learner), scores_(spec.classes), costs_(spec.classes), constant_(spec.classes) {
  for (uint32_t k = 0; k < spec.classes; ++k) all_parts_.push_back(Part{k, 1.0});
}

const Outcome& Mira::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  learner_.predict_each(ex, features, all_parts_, scores_.data());
  predicted_ = 1;
  for (uint32_t k = 1; k < spec_.classes; ++k)
    if (scores_[k] > scores_[predicted_ - 1]) predicted_ = k + 1;
  const bool labeled = costs_.set(ex);
  if (cost_outcome(outcome_, predicted_, ex.importance, labeled, costs_, constant_) && learn) {
    const uint32_t best = costs_.best();
    // The competitor: the predicted class, or with --mira_margin the
    // highest-scoring class other than the best one even when the
    // prediction is right (its margin may still be short).
    uint32_t rival = predicted_;
    if (settings_.margin && rival == best) {
      rival = 0;
      for (uint32_t k = 1; k <= spec_.classes; ++k)
        if (k != best && (rival == 0 || scores_[k - 1] > scores_[rival - 1])) rival = k;
    }
    const double margin_needed = rival == 0 ? 0.0 : costs_.regret(rival);
    const double gap = rival == 0 ? 0.0 : scores_[best - 1] - scores_[rival - 1];
    if (rival != best && margin_needed > 0 && gap < margin_needed) {
      const Part pair[2] = {{best - 1, 1.0}, {rival - 1, -1.0}};
      const double p = gap + ex.base;
      learner_.learn(ex, features, Parts(pair, 2), p, margin_needed, ex.importance);
      ++updates_;
    } else {
      // No update, but a step of the learner's clock: averaged weights are
      // the average over every example, not over the mistakes.
      const Part none[2] = {{best - 1, 1.0}, {best - 1, -1.0}};
      learner_.learn(ex, features, Parts(none, 2), ex.base, 1.0, ex.importance);
    }
  }
  return outcome_;
}

void Mira::write_prediction(std::string& out) const {
  if (spec_.output == ScoreOutput::kClass) return append_class(out, predicted_, spec_.class_labels.get());
  append_class_scores(out, scores_, spec_.class_labels.get());
}

void Mira::write_raw(std::string& out) const { append_class_scores(out, scores_, spec_.class_labels.get()); }

void Mira::print_summary(std::FILE* out) const {
  constant_.print(out, spec_.class_labels.get());
  std::fprintf(out, "mira updates = %llu\n", static_cast<unsigned long long>(updates_));
}

const ReductionPlugin& mira_plugin() {
  static const ReductionPlugin plugin = [] {
    ReductionPlugin p = detail::multiclass_plugin_with<Mira, MiraSettings>(
        {"mira", 2,
         "multiclass MIRA over K classes (Crammer and Singer): on a mistake the true and the predicted class move to the "
         "margin l(y*, y^); labels: a class or `class:cost ...`; learner: passive-aggressive (averaged) unless "
         "--perceptron",
         LabelFormat::kMulticlassOrCost, {.scores = true}},
        {switch_option("mira_margin",
                       "with --mira: also update when the prediction is right but the best other class is within the "
                       "margin l(y*, y') (Crammer and Singer's margin rule; without it, updates on mistakes only)",
                       false)},
        [](const OptionValues& v) { return MiraSettings{v.flag("mira_margin")}; },
        [](const MiraSettings&) { return std::string(); });
    p.default_learner = "pa";
    return p;
  }();
  return plugin;
}

}  // namespace learner
