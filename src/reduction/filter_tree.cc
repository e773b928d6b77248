#include "plugin_helpers.h"
#include "learner/reduction/plugins.h"
#include "filter_tree.h"

#include <algorithm>
#include <limits>

#include "learner/reduction/score_text.h"

namespace learner {

FilterTree::FilterTree(const ReductionSpec& spec, Learner& learner, const LabelRange& range)
    : spec_(spec), task_(learner, range), tournament_(spec.classes), raw_(tournament_.games()),
      costs_(spec.classes), constant_(spec.classes) {
  winners_.reserve(tournament_.games());
}

uint32_t FilterTree::predict_top_down(const Example& ex, const std::vector<Feature>& features) {
  const uint32_t K = tournament_.classes();
  std::size_t g = tournament_.final_game();
  while (true) {
    const Part part{static_cast<uint32_t>(g), 1.0};
    raw_[g] = task_.predict(ex, features, Parts(&part, 1));
    const Game& game = tournament_.game(g);
    const uint32_t entrant = task_.decide(raw_[g]) ? game.left : game.right;
    if (entrant < K) return entrant + 1;
    g = entrant - K;
  }
}

const Outcome& FilterTree::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  std::fill(raw_.begin(), raw_.end(), std::numeric_limits<double>::quiet_NaN());
  const bool labeled = costs_.set(ex);
  if (labeled && learn && ex.importance > 0) {
    predicted_ = tournament_.play(
        [&](std::size_t g, uint32_t l, uint32_t r) {
          const Part part{static_cast<uint32_t>(g), 1.0};
          const double raw = raw_[g] = task_.predict(ex, features, Parts(&part, 1));
          const NodeExample e = node_example(static_cast<uint32_t>(g), l, r, costs_.costs());
          if (e.importance > 0)
            task_.learn(ex, features, Parts(&part, 1), raw, e.left_better, e.importance * ex.importance);
          return task_.decide(raw);
        },
        winners_);
  } else {
    predicted_ = predict_top_down(ex, features);
  }
  cost_outcome(outcome_, predicted_, ex.importance, labeled, costs_, constant_);
  return outcome_;
}

void FilterTree::write_prediction(std::string& out) const {
  append_class(out, predicted_, spec_.class_labels.get());
}

void FilterTree::write_raw(std::string& out) const {
  for (std::size_t g = 0; g < raw_.size(); ++g) {
    if (raw_[g] != raw_[g]) continue;  // not played
    if (!out.empty()) out.push_back(' ');
    out.push_back('g');
    append_number(out, static_cast<double>(g));
    out.push_back(':');
    append_number(out, raw_[g]);
  }
}

void FilterTree::print_summary(std::FILE* out) const { constant_.print(out, spec_.class_labels.get()); }


const ReductionPlugin& filter_tree_plugin() {
  static const ReductionPlugin plugin = detail::multiclass_plugin<FilterTree>(
      {"filter_tree", 2, "filter tree over K classes: a tournament of binary classifiers; labels: a class or `class:cost ...`", LabelFormat::kMulticlassOrCost,
       {.games = true, .scores_hint = " (use --scoring_filter_tree)"}});
  return plugin;
}

}  // namespace learner
