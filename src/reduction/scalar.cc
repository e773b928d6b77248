#include "learner/reduction/scalar.h"

#include <cmath>

#include "learner/io/prediction_text.h"
#include "learner/loss/loss.h"
#include "learner/reduction/score_text.h"

namespace learner {

Scalar::Scalar(const ReductionSpec& spec, Learner& learner, LabelRange& range)
    : spec_(spec), learner_(learner), range_(range), zero_one_(spec.binary || learner.classifier()) {
  if (learner.classifier()) {
    spec_.binary = true;
    range_ = LabelRange{-HUGE_VAL, HUGE_VAL, true, true};
  }
  learner.clip_with(range_, false);
}

const Outcome& Scalar::process(const Example& ex, const std::vector<Feature>& features, bool learn) {
  outcome_ = Outcome{};
  outcome_.labeled = ex.has_label;
  outcome_.label = ex.label;
  outcome_.weight = ex.importance;
  learn = learn && ex.has_label && ex.importance > 0;
  if (learn) range_.widen(ex.label);  // before predicting: layers clip their rounds to it (VW's count_label)
  raw_ = learner_.predict(ex, features, kSinglePart);
  const double p_hat = range_.clip(raw_);
  if (ex.has_label)
    outcome_.loss = zero_one_ ? ((p_hat > 0 ? 1.0 : -1.0) != ex.label ? 1.0 : 0.0) : learner_.loss().loss(p_hat, ex.label);
  // Every example is learned from: the gradient learner makes no update at
  // zero loss (VW) by itself, while --bfgs must see it (its importance is in
  // F's sums, its curvature in the preconditioner and d'Hd).
  if (learn) {
    if (zero_one_) learner_.learn(ex, features, kSinglePart, p_hat, ex.label, ex.importance);
    else learner_.learn_at_loss(ex, features, kSinglePart, p_hat, ex.label, ex.importance, outcome_.loss);
  }
  double own = p_hat, own_loss = 0.0;
  if (learner_.own_outcome(ex.label, own, own_loss)) {  // a layer's (learner.h): VW's vote, boosting
    if (ex.has_label) outcome_.loss = zero_one_ ? ((own > 0 ? 1.0 : -1.0) != ex.label ? 1.0 : 0.0) : own_loss;
    outcome_.prediction = shown_prediction(spec_, own);
    return outcome_;
  }
  outcome_.prediction = shown_prediction(spec_, p_hat);
  return outcome_;
}

// The tools' one prediction text (io/prediction_text.h: VW's -p form).
void Scalar::write_prediction(std::string& out) const { append_prediction(out, outcome_.prediction); }

void Scalar::write_raw(std::string& out) const { append_prediction(out, raw_); }

void Scalar::prediction_text(const std::string& tag, std::string& out) const {
  if (!learner_.prediction_line(outcome_.prediction, tag, out)) TaggedReduction::prediction_text(tag, out);
}

}  // namespace learner
