// A binary sub-problem of a reduction (one class of --oaa, one node of a
// filter tree, one label of --multilabel), solved by the run's Learner.
//
// Sub-models. Sub-problem i is the learner's sub-model i (learner.h: Part
// index i; the learner is built for the reduction's K sub-models and keeps
// them apart, the linear learners by VW's interleaving h K + i).
//
// Coding. Sub-problems are classification with the run's loss: labels and
// decision threshold come from the loss (Loss::binary_coding: -1/+1 and
// p > 0, or for poisson, whose predictions are log-rates, 0/1 and p >
// log(1/2)). Every loss therefore works, with its own meaning (hinge and
// logistic are the natural ones). Mistake-driven learners (classifier())
// use -1/+1 and 0.
//
// Clipping. The sub-problems share one fixed range: the loss's initial range
// (Loss::initial_range) widened to both coded labels, with
// --min_prediction/--max_prediction fixing a bound as usual; no clipping for
// classifier() learners. So hinge and squared see [-1, 1]. The range never
// depends on the examples seen, so a saved model predicts exactly as it was
// trained. Decisions use the raw prediction (no ties from clipping); learning
// starts the update path at the clipped prediction, as the single-model rule does.
#pragma once

#include <cstdint>
#include <vector>

#include "learner/learners/gd/label_range.h"
#include "learner/example.h"
#include "learner/learner.h"
#include "learner/loss/loss.h"

namespace learner {

// The coding the learner's sub-problems use (its loss's, or -1/+1 for a classifier).
BinaryCoding coding_for(const Learner& learner);

class BinaryTask {
 public:
  // `loss_range`: the run's initial range (--min/--max_prediction applied).
  BinaryTask(Learner& learner, const LabelRange& loss_range);
  // The learner keeps the address of range() (Learner::clip_with): not copied.
  BinaryTask(const BinaryTask&) = delete;
  BinaryTask& operator=(const BinaryTask&) = delete;

  // Raw prediction of the signed sum of `parts` (Learner::predict).
  double predict(const Example& ex, const std::vector<Feature>& features, Parts parts) {
    return learner_.predict(ex, features, parts);
  }
  double predict(const Example& ex, const std::vector<Feature>& features, uint32_t sub) {
    const Part part{sub, 1.0};
    return learner_.predict(ex, features, Parts(&part, 1));
  }
  bool decide(double raw) const { return raw > coding_.threshold; }
  // One importance-aware update of `parts` towards the coded label, from
  // the clipped `raw` prediction. No-op for importance <= 0.
  void learn(const Example& ex, const std::vector<Feature>& features, Parts parts,
             double raw, bool is_positive, double importance) {
    learner_.learn(ex, features, parts, range_.clip(raw), coding_.label(is_positive), importance);
  }

  const BinaryCoding& coding() const { return coding_; }
  const LabelRange& range() const { return range_; }
  Learner& learner() { return learner_; }

 private:
  Learner& learner_;
  BinaryCoding coding_;
  LabelRange range_;
};

}  // namespace learner
