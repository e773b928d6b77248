#include "plugin_helpers.h"
#include "learner/reduction/plugins.h"
#include "scoring_filter_tree.h"

#include "learner/reduction/score_text.h"

namespace learner {

ScoringFilterTree::ScoringFilterTree(const ReductionSpec& spec, Learner& learner, const LabelRange& range)
    : spec_(spec), task_(learner, range), tournament_(spec.classes), scores_(spec.classes), shown_(spec.classes), costs_(spec.classes),
      constant_(spec.classes) {
  winners_.reserve(tournament_.games());
}

const Outcome& ScoringFilterTree::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  const uint32_t K = spec_.classes;
  for (uint32_t k = 0; k < K; ++k) {
    const Part part{k, 1.0};
    scores_[k] = task_.predict(ex, features, Parts(&part, 1)) - ex.base;
  }
  // The prediction: the tournament on the scores before any update.
  predicted_ = tournament_.play(
      [&](std::size_t, uint32_t l, uint32_t r) { return task_.decide(ex.base + scores_[l - 1] - scores_[r - 1]); },
      winners_);
  shown_ = scores_;  // same size: no allocation
  const bool labeled = costs_.set(ex);
  if (labeled && learn && ex.importance > 0) {
    // Training: each game sees the current scores of its two classes (a
    // class updated by a lower game of this example is re-scored).
    tournament_.play(
        [&](std::size_t g, uint32_t l, uint32_t r) {
          const double raw = ex.base + scores_[l - 1] - scores_[r - 1];  // Model::predict of the two parts
          const NodeExample e = node_example(static_cast<uint32_t>(g), l, r, costs_.costs());
          if (!(e.importance > 0)) return task_.decide(raw);
          const Part parts[2] = {{l - 1, 1.0}, {r - 1, -1.0}};
          task_.learn(ex, features, Parts(parts, 2), raw, e.left_better, e.importance * ex.importance);
          for (const uint32_t c : {l, r}) {
            const Part part{c - 1, 1.0};
            scores_[c - 1] = task_.predict(ex, features, Parts(&part, 1)) - ex.base;
          }
          return task_.decide(raw);
        },
        winners_);
  }
  cost_outcome(outcome_, predicted_, ex.importance, labeled, costs_, constant_);
  return outcome_;
}

void ScoringFilterTree::write_prediction(std::string& out) const {
  if (spec_.output == ScoreOutput::kClass) return append_class(out, predicted_, spec_.class_labels.get());
  append_class_scores(out, shown_, spec_.class_labels.get());
}

void ScoringFilterTree::write_raw(std::string& out) const {
  append_class_scores(out, shown_, spec_.class_labels.get());
}

void ScoringFilterTree::print_summary(std::FILE* out) const { constant_.print(out, spec_.class_labels.get()); }


const ReductionPlugin& scoring_filter_tree_plugin() {
  static const ReductionPlugin plugin = detail::multiclass_plugin<ScoringFilterTree>(
      {"scoring_filter_tree", 2, "scoring filter tree: games compare per-class scores f(x;lambda) > f(x;phi); labels as --filter_tree", LabelFormat::kMulticlassOrCost, {.scores = true}});
  return plugin;
}

}  // namespace learner
