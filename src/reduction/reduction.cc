// make_reduction and label_format: the one place that maps a ReductionSpec
// to its class and its label grammar; TaggedReduction's -p/-r lines.
#include "learner/reduction/reduction.h"

#include <cmath>

#include "learner/error.h"
#include "learner/loss/loss.h"
#include "learner/reduction/active.h"
#include "learner/reduction/csoaa.h"
#include "learner/reduction/filter_tree.h"
#include "learner/reduction/multilabel.h"
#include "learner/reduction/scalar.h"
#include "learner/reduction/oaa.h"
#include "learner/reduction/score_text.h"
#include "learner/reduction/scoring_filter_tree.h"

namespace learner {

void TaggedReduction::prediction_text(const std::string& tag, std::string& out) const {
  out.clear();
  write_prediction(out);
  append_tag(out, tag);
}

void TaggedReduction::raw_text(const std::string& tag, std::string& out) const {
  out.clear();
  write_raw(out);
  append_tag(out, tag);
}

LabelFormat label_format(const ReductionSpec& spec) {
  switch (spec.kind) {
    case ReductionKind::kOaa: return LabelFormat::kMulticlass;
    case ReductionKind::kCsoaa: return LabelFormat::kCostSensitive;
    case ReductionKind::kFilterTree:
    case ReductionKind::kScoringFilterTree: return LabelFormat::kMulticlassOrCost;
    case ReductionKind::kMultilabel: return LabelFormat::kMultilabel;
    case ReductionKind::kNone:
    case ReductionKind::kActive: break;
  }
  return LabelFormat::kSimple;
}

uint32_t sub_models(const ReductionSpec& spec) {
  switch (spec.kind) {
    case ReductionKind::kOaa:
    case ReductionKind::kCsoaa:
    case ReductionKind::kScoringFilterTree:
    case ReductionKind::kMultilabel: return spec.classes;
    case ReductionKind::kFilterTree: return spec.classes > 1 ? spec.classes - 1 : 1;
    case ReductionKind::kNone:
    case ReductionKind::kActive: break;
  }
  return 1;
}

double shown_prediction(const ReductionSpec& spec, double p) {
  if (spec.binary) return p > 0 ? 1.0 : -1.0;
  switch (spec.link) {
    case Link::kLogistic: return 1.0 / (1.0 + std::exp(-p));
    case Link::kPoisson: return std::exp(p);
    case Link::kIdentity: break;
  }
  return p;
}

std::unique_ptr<Reduction> make_reduction(const ReductionSpec& spec, Learner& learner, LabelRange& range) {
  const bool multiclass = spec.kind != ReductionKind::kNone && spec.kind != ReductionKind::kActive;
  if (multiclass && spec.classes < 1) throw UsageError("the number of classes must be at least 1");
  if (spec.output == ScoreOutput::kProbabilities) {
    if (spec.kind != ReductionKind::kOaa && spec.kind != ReductionKind::kMultilabel)
      throw UsageError("--probabilities works with --oaa and --multilabel");
    if (!learner.loss().predicts_log_odds()) throw UsageError("--probabilities needs --loss_function logistic");
  }
  if (spec.output == ScoreOutput::kScores && spec.kind == ReductionKind::kFilterTree)
    throw UsageError("--scores: a filter tree has no per-class scores (use --scoring_filter_tree)");
  if (spec.output != ScoreOutput::kClass && !multiclass)
    throw UsageError("--scores and --probabilities need a multiclass or multilabel reduction");
  switch (spec.kind) {
    case ReductionKind::kOaa: return std::make_unique<Oaa>(spec, learner, range);
    case ReductionKind::kCsoaa: return std::make_unique<Csoaa>(spec, learner, range);
    case ReductionKind::kFilterTree: return std::make_unique<FilterTree>(spec, learner, range);
    case ReductionKind::kScoringFilterTree: return std::make_unique<ScoringFilterTree>(spec, learner, range);
    case ReductionKind::kMultilabel: return std::make_unique<Multilabel>(spec, learner, range);
    case ReductionKind::kActive:
      if (!(spec.mellowness > 0)) throw UsageError("--mellowness must be > 0");
      if (!learner.has_min_importance())
        throw UsageError("--active needs a learner that can compute the importance that flips a prediction (the "
                         "gradient learner); the " + std::string(learner.name()) + " learner cannot");
      return std::make_unique<ActiveLearner>(spec, learner, range);
    case ReductionKind::kNone: break;
  }
  return std::make_unique<Scalar>(spec, learner, range);
}

}  // namespace learner
