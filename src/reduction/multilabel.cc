#include "plugin_helpers.h"
#include "learner/reduction/plugins.h"
#include "multilabel.h"

#include <cmath>

#include "class_costs.h"
#include "learner/reduction/score_text.h"

namespace learner {

Multilabel::Multilabel(const ReductionSpec& spec, const MultilabelSettings& settings, Learner& learner,
                       const LabelRange& range)
    : spec_(spec), settings_(settings), task_(learner, range), scores_(spec.classes), shown_(spec.classes), predicted_(spec.classes),
      truth_(spec.classes) {}

const Outcome& Multilabel::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  const uint32_t K = spec_.classes;
  outcome_ = Outcome{};
  outcome_.weight = ex.importance;
  for (uint32_t k = 0; k < K; ++k) {
    const Part part{k, 1.0};
    scores_[k] = task_.predict(ex, features, Parts(&part, 1));
    predicted_[k] = task_.decide(scores_[k]);
    if (predicted_[k] && outcome_.prediction == 0) outcome_.prediction = k + 1;
  }
  trained_ = 0;
  if (!ex.has_label) return outcome_;
  std::fill(truth_.begin(), truth_.end(), 0);
  for (const uint32_t k : ex.label_set) truth_[checked_class(k, K, ex.line) - 1] = 1;
  uint32_t wrong = 0;
  for (uint32_t k = 0; k < K; ++k) wrong += predicted_[k] != truth_[k];
  outcome_.labeled = true;
  outcome_.label = ex.label_set.empty() ? 0 : ex.label_set.front();
  const bool zero_one = settings_.loss == MultilabelLoss::kZeroOne;
  outcome_.loss = zero_one ? (wrong > 0) : wrong;
  if (ex.importance > 0) {
    weight_ += ex.importance;
    hamming_ += ex.importance * wrong;
    zero_one_ += ex.importance * (wrong > 0);
  }
  if (!learn) return outcome_;
  for (uint32_t k = 0; k < K; ++k) {
    const Part part{k, 1.0};
    task_.learn(ex, features, Parts(&part, 1), scores_[k], truth_[k] != 0, ex.importance);
    ++trained_;
    if (zero_one && predicted_[k] != truth_[k]) break;  // the chain stops at the first error
  }
  return outcome_;
}

void Multilabel::write_prediction(std::string& out) const {
  if (spec_.output == ScoreOutput::kClass) {
    for (std::size_t k = 0; k < predicted_.size(); ++k) {
      if (!predicted_[k]) continue;
      if (!out.empty()) out.push_back(',');
      append_class(out, static_cast<double>(k + 1), spec_.class_labels.get());
    }
    return;
  }
  if (spec_.output == ScoreOutput::kScores) return append_class_scores(out, scores_, spec_.class_labels.get());
  for (std::size_t k = 0; k < scores_.size(); ++k) shown_[k] = 1.0 / (1.0 + std::exp(-scores_[k]));
  append_class_scores(out, shown_, spec_.class_labels.get());
}

void Multilabel::write_raw(std::string& out) const {
  append_class_scores(out, scores_, spec_.class_labels.get());
}

void Multilabel::print_summary(std::FILE* out) const {
  if (!(weight_ > 0)) return;
  std::fprintf(out, "hamming loss = %f (per label %f)\n0/1 loss = %f\n", hamming_ / weight_,
               hamming_ / weight_ / static_cast<double>(spec_.classes), zero_one_ / weight_);
}


namespace {

MultilabelSettings multilabel_settings(const OptionValues& v) {
  const std::string loss = v.text("multilabel_loss");
  if (loss == "zero_one") return {MultilabelLoss::kZeroOne};
  if (loss != "hamming") throw UsageError("--multilabel_loss must be hamming or zero_one, got '" + loss + "'");
  return {MultilabelLoss::kHamming};
}

std::string multilabel_suffix(const MultilabelSettings& s) {
  return s.loss == MultilabelLoss::kZeroOne ? " (zero_one chain)" : " (hamming)";
}

MultilabelSettings hamming_only(const OptionValues&) { return {}; }
std::string no_suffix(const MultilabelSettings&) { return ""; }

}  // namespace

const ReductionPlugin& multilabel_plugin() {
  static const ReductionPlugin plugin = [] {
    return detail::multiclass_plugin_with<Multilabel, MultilabelSettings>(
        {"multilabel", 1,
         "K independent binary classifiers; labels are class sets `1,3,4` (1-based; VW's --multilabel_oaa counts from 0)",
         LabelFormat::kMultilabel, {.scores = true, .probabilities = true}},
        {text_option("multilabel_loss",
                     "hamming: train every classifier; zero_one: the chain that stops at the first classifier that errs",
                     0, "hamming", true)},
        multilabel_settings, multilabel_suffix);
  }();
  return plugin;
}

// VW's --multilabel_oaa K: the same K binary classifiers (Hamming loss), with
// VW's 0-based class sets `0,2,5` in labels and -p (--indexing 1 for 1-based).
const ReductionPlugin& multilabel_oaa_plugin() {
  static const ReductionPlugin plugin = [] {
    ReductionPlugin p = detail::multiclass_plugin_with<Multilabel, MultilabelSettings>(
        {"multilabel_oaa", 1,
         "VW's multilabel one-against-all: --multilabel K with 0-based class sets `0,2,5` (Hamming loss)",
         LabelFormat::kMultilabel, {.scores = true, .probabilities = true}},
        {}, hamming_only, no_suffix);
    p.configure = [](const OptionValues& v, ReductionSpec& spec) {
      detail::configure_classes(v, spec, "multilabel_oaa");
      spec.class_labels = std::make_shared<const ClassLabels>(ClassLabels::zero_based());
    };
    return p;
  }();
  return plugin;
}

}  // namespace learner
