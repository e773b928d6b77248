// A binary sub-problem of a reduction (one class of --oaa, one node of a
// filter tree, one label of --multilabel), solved by the core Model.
//
// Sub-models. Every sub-model is a Component of the one core Model: its
// weights (linear and, with --dotproduct, latent) sit at feature index +
// offset (core/model.h). Sub-model i uses component_offset(i) = i * kStride
// with kStride = 2654435761 (0x9E3779B1, Knuth's odd golden-ratio
// multiplier). The table masks indices to -b bits and an odd stride is
// invertible modulo 2^b, so the offsets of the first 2^b sub-models are
// distinct: two sub-models share a slot only as two hashed features do.
// Offsets are part of the model format: changing kStride changes predictions.
//
// Coding. Sub-problems are classification with the run's loss: labels
// -1/+1, decision "positive" when the raw prediction is > 0; for poisson
// (predictions are log-rates) labels 0/1 and decision p > log(1/2), i.e.
// predicted rate > 1/2. Every loss therefore works, with its own meaning
// (hinge and logistic are the natural ones).
//
// Clipping. The sub-problems share one fixed range: the loss's initial range
// (logistic, poisson: [-50, 50]; others [0, 0]) widened to both coded labels,
// with --min_prediction/--max_prediction fixing a bound as usual. So hinge
// and squared see [-1, 1]. The range never depends on the examples seen, so
// a saved model predicts exactly as it was trained. Decisions use the raw
// prediction (no ties from clipping); learning starts the update path at the
// clipped prediction, as the core's single-model rule does.
#pragma once

#include <cstdint>
#include <vector>

#include "learner/core/label_range.h"
#include "learner/core/model.h"
#include "learner/example.h"

namespace learner {

inline constexpr uint32_t kComponentStride = 2654435761u;
inline constexpr uint32_t component_offset(uint32_t i) { return i * kComponentStride; }

struct BinaryCoding {
  double negative = -1.0;
  double positive = 1.0;
  double threshold = 0.0;
  static BinaryCoding for_loss(const Loss& loss);
  double label(bool is_positive) const { return is_positive ? positive : negative; }
};

class BinaryTask {
 public:
  // `loss_range`: the run's initial range (--min/--max_prediction applied).
  BinaryTask(Model& model, const LabelRange& loss_range);

  // Raw prediction of the sum of `parts` (core Model::predict).
  double predict(const Example& ex, const std::vector<Feature>& features, const Component* parts, std::size_t n) {
    return model_.predict(ex, features, parts, n);
  }
  bool decide(double raw) const { return raw > coding_.threshold; }
  // One importance-aware update of `parts` towards the coded label, from
  // the clipped `raw` prediction. No-op for importance <= 0.
  void learn(const Example& ex, const std::vector<Feature>& features, const Component* parts, std::size_t n,
             double raw, bool is_positive, double importance) {
    model_.learn(ex, features, parts, n, range_.clip(raw), coding_.label(is_positive), importance);
  }

  const BinaryCoding& coding() const { return coding_; }
  const LabelRange& range() const { return range_; }
  Model& model() { return model_; }

 private:
  Model& model_;
  BinaryCoding coding_;
  LabelRange range_;
};

}  // namespace learner
