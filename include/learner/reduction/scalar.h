// No reduction: one learner, simple labels (`label [importance [base]]`).
// What the run loop did itself before there was one path for every problem.
//
// Per example: predict (raw, sub-model 0), clip to the run's label range
// (widened first by the label of an example about to be learned from, as
// VW does), report loss(p_hat, label) (0/1 with --binary or a classifier
// learner: sign(p) against the label), and learn when asked, labeled and of
// positive importance. -p prints the shown prediction (sign with --binary or
// a classifier, else through --link) and the tag; -r the raw prediction.
#pragma once

#include "learner/reduction/reduction.h"

namespace learner {

class Scalar final : public TaggedReduction {
 public:
  Scalar(const ReductionSpec& spec, Learner& learner, LabelRange& range);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  void print_summary(std::FILE*) const override {}
  bool scalar_labels() const override { return true; }
  bool zero_one_loss() const override { return zero_one_; }
  void prediction_text(const std::string& tag, std::string& out) const override;  // the learner's line, if it writes one

 private:
  void write_prediction(std::string& out) const override;
  void write_raw(std::string& out) const override;

  ReductionSpec spec_;
  Learner& learner_;
  LabelRange& range_;
  bool zero_one_;
  double raw_ = 0.0;
  Outcome outcome_;
};

}  // namespace learner
