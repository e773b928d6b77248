#include "struct_svm.h"
#include "learner/reduction/plugins.h"

#include <limits>

#include "plugin_helpers.h"
#include "learner/learners/struct_svm/class_learner.h"
#include "learner/learners/struct_svm/cost_learner.h"
#include "learner/reduction/score_text.h"

namespace learner {
namespace {

ClassLearner& cost_learner(Learner& learner) {
  ClassLearner* svm = learner.class_learner();
  if (!svm)
    throw UsageError("--struct_svm trains its own learner (w, b and the cost weights v); the '" +
                     std::string(learner.name()) + "' learner cannot be used with it");
  return *svm;
}

bool uses_normalisers(CostLearning l) {
  return l == CostLearning::kObjective10 || l == CostLearning::kObjective10Gradient;
}

}  // namespace

StructSvmReduction::StructSvmReduction(const ReductionSpec& spec, Learner& learner, LabelRange&)
    : spec_(spec), svm_(cost_learner(learner)), costs_(spec.classes), constant_(spec.classes) {}

const Outcome& StructSvmReduction::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  const bool labeled = costs_.set(ex);
  if (labeled && learn)
    predicted_ = svm_.learn_class(ex, features, costs_.best() - 1, ex.importance).predicted + 1;
  else
    predicted_ = svm_.predict_class(ex, features) + 1;
  cost_outcome(outcome_, predicted_, ex.importance, labeled, costs_, constant_);
  return outcome_;
}

void StructSvmReduction::write_prediction(std::string& out) const {
  if (spec_.output == ScoreOutput::kClass) return append_class(out, predicted_, spec_.class_labels.get());
  append_class_scores(out, svm_.scores(), spec_.class_labels.get());
}

void StructSvmReduction::write_raw(std::string& out) const {
  append_class_scores(out, svm_.scores(), spec_.class_labels.get());
}

void StructSvmReduction::print_summary(std::FILE* out) const { constant_.print(out, spec_.class_labels.get()); }

const ReductionPlugin& struct_svm_plugin() {
  static const ReductionPlugin plugin = [] {
    ReductionPlugin p = detail::multiclass_plugin<StructSvmReduction>(
        {"struct_svm", 2,
         "structured multiclass SVM over K classes (Crammer-Singer hinge with AdaGrad, --l1/--l2 by "
         "composite mirror descent), optionally learning its misclassification costs; labels 1..K; K in 2..1024",
         LabelFormat::kMulticlass, {.scores = true}});
    p.options.front().max = 1024;  // K (K - 1) cost factors
    p.default_learner = "struct_svm";
    p.needs_learner_below = "its learner scores the classes itself";
    const double inf = std::numeric_limits<double>::infinity();
    p.options.push_back(text_option(
        "learn_costs", "with --struct_svm: learn the cost weights v: objective1 (v on the simplex, weighted "
                       "projection), objective10 (closed form per pass, v_S = max(0, 1 - |S_M|/n_S)), "
                       "objective10_gradient (AdaGrad steps on objective 10), kappa_cosine (v on the simplex least aligned with the kappa difficulty of the model's mistakes), "
                       "fixed (default: every mistake costs K, the plain structured SVM)",
        0, "", true));
    p.options.push_back(text_option(
        "cost_factors", "with --struct_svm: cost factors over label pairs: unordered (S_{a,b}, default) or "
                        "ordered (S_{a->b}, for ordinal labels such as ratings)",
        0, "", true));
    p.options.push_back(text_option(
        "cost_norm", "with --learn_costs objective10[_gradient]: n_S = none (1, default), logical (the larger label "
                     "count of the pair) or expected (mistakes of a random predictor with the label frequencies)",
        0, "", true));
    p.options.push_back(number_option(
        "cost_scale", OptionKind::kNumber, "1", 0, inf,
        "with --struct_svm: the cost scale K > 0 (a mistake in S costs K v_S; redundant with the regularisers: "
        "the objective with (K, l1, l2) has the same minimising v and predictions as with (1, l1, K l2))",
        true, 0, true));
    p.options.push_back(number_option("cost_rate", OptionKind::kNumber, "0.5", 0, inf,
                                      "with --learn_costs objective1 or objective10_gradient: AdaGrad rate of v",
                                      false, 0, true));
    p.validate = [](const OptionValues& v) {
      const CostWeightsConfig c = cost_config(v, 2);  // parses every value (UsageError on an unknown one)
      if (v.given("cost_norm") && !uses_normalisers(c.learning))
        throw UsageError("--cost_norm applies to learned costs with normalisers: give --learn_costs objective10 "
                         "or objective10_gradient (not " + std::string(to_string(c.learning)) + ")");
    };
    return p;
  }();
  return plugin;
}

}  // namespace learner
