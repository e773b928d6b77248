// The learning core: owns the weights and moves them along the path the loss
// chooses. One example at a time:
//
//   p_raw = base + w.x + sum_pairs (A.B - k s_a s_b)        (predict)
//   p_hat = clip(p_raw)                                     (caller, LabelRange)
//   t     = loss.update(path, y, importance)                (learn)
//   w_i  += rate_i x_i t ;  V[f] moves along cosh/sinh      (learn)
//
// Linear part: VW's default update (design/vw-compat.md section 2): with the
// adaptive rule G_i += importance g^2 x_i^2; with the normalized rule s_i =
// max |x_i| seen, weights rescaled when s_i grows, m = (N/T)^(p-1); the rate of
// feature i is eta m r_i with r_i = G_i^-p (s_i^2)^(p-1), and the prediction
// moves with slope q = eta m sum x_i^2 r_i in t (VW's "pred_per_update" times
// eta). With neither rule, rate_i = eta (t0/(t0 + sum importance))^p.
//
// Dyadic part (--dotproduct, design/dyadic-update.md): see dotproduct.h.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "learner/core/config.h"
#include "learner/core/dotproduct.h"
#include "learner/core/weight_table.h"
#include "learner/example.h"
#include "learner/loss/loss.h"

namespace learner {

// Optimizer counters; part of a resumable model.
struct OptimizerState {
  double normalized_sum_norm_x = 0.0;  // N
  double total_weight = 0.0;           // T: importance summed over learned examples
  uint64_t nan_updates = 0;            // updates replaced by 0 because they were not finite
};

// A sub-model of a reduction (one class of --oaa, one node of a tree): its
// weights sit at feature index + offset (hashing keeps sub-models apart, as
// VW's ft_offset), and it enters the prediction with `sign` (+1 or -1, the
// latter for "score of lambda minus score of phi").
struct Component {
  uint32_t offset = 0;
  double sign = 1.0;
};

class Model {
 public:
  Model(const CoreConfig& config, const Loss& loss);

  // Raw prediction (before clipping and link) of the sum of `parts` (default:
  // the one model at offset 0). `features` are the built features of `ex`
  // (FeatureBuilder); `ex` supplies the namespaces of the dot-product pairs.
  double predict(const Example& ex, const std::vector<Feature>& features);
  double predict(const Example& ex, const std::vector<Feature>& features, const Component* parts, std::size_t n);
  // Learns from `ex`, whose clipped prediction is p_hat, moving every part
  // along one importance-aware path. No-op for importance <= 0 and, as in
  // VW, for zero loss at p_hat; `loss_at_p_hat`, when the caller has already
  // computed loss(p_hat, label), saves computing it again (NaN: unknown).
  void learn(const Example& ex, const std::vector<Feature>& features, double p_hat, double label, double importance);
  void learn(const Example& ex, const std::vector<Feature>& features, const Component* parts, std::size_t n,
             double p_hat, double label, double importance,
             double loss_at_p_hat = std::numeric_limits<double>::quiet_NaN());
  // The example last passed to predict() (single model); kept for callers
  // that do not hold the Example.
  void learn(const std::vector<Feature>& features, double p_hat, double label, double importance,
             double loss_at_p_hat = std::numeric_limits<double>::quiet_NaN());
  // Smallest importance weight that would move the prediction from p_hat to
  // `target` (design note section 4), computed on the example's path without
  // changing any weight or accumulator. +infinity if out of reach.
  double min_importance(const Example& ex, const std::vector<Feature>& features, const Component* parts,
                        std::size_t n, double p_hat, double label, double target);
  // Asks the memory system for the linear and latent slots of an example
  // to come (`features` built from `ex`); a hint, nothing changes.
  void prefetch(const Example& ex, const std::vector<Feature>& features) const {
    for (const Feature& f : features) __builtin_prefetch(weights_.slot(f.index), 1);
    if (dot_) dot_->prefetch(ex);
  }
  // Multiplies the base learning rate (--decay_learning_rate after a pass).
  void decay_learning_rate(double factor) { eta_ *= factor; }
  // Sets the base learning rate (restoring a saved model's, possibly decayed, rate).
  void set_learning_rate(double eta) { eta_ = eta; }

  const CoreConfig& config() const { return config_; }
  const Loss& loss() const { return loss_; }
  WeightTable& weights() { return weights_; }
  const WeightTable& weights() const { return weights_; }
  DotProduct* dotproduct() { return dot_.get(); }
  const DotProduct* dotproduct() const { return dot_.get(); }
  OptimizerState& state() { return state_; }
  const OptimizerState& state() const { return state_; }
  double learning_rate() const { return eta_; }

 private:
  // Accumulates the rates of one part's features (slot[3]) into `sensitivity`
  // (sum x^2 r) and `norm_x` (sum x^2/s^2); `update` false leaves every
  // accumulator untouched (min_importance).
  void accumulate_rates(const std::vector<Feature>& features, uint32_t offset, double g2, double& sensitivity,
                        double& norm_x);
  void accumulate_default(const std::vector<Feature>& features, uint32_t offset, double g2, double& sensitivity,
                          double& norm_x);
  // Builds the example's path: per-feature rates, the slope q and `scale`,
  // the factor that turns t into w_i += sign scale r_i x_i t.
  PredictionPath build_path(const Example& ex, const std::vector<Feature>& features, const Component* parts,
                            std::size_t n, double p_hat, double g2, double importance, double& scale);
  void apply_linear(const std::vector<Feature>& features, uint32_t offset, double step, double scale,
                    double importance);
  // The non-invariant step (--sgd and the like): the loss's plain gradient
  // step -g h, on a dyadic path capped where p has moved by twice its
  // first-order change p'(0) t or reached the label (losses minimised there).
  double plain_step(const PredictionPath& path, double p_hat, double label, double importance) const;

  const Example* last_example_ = nullptr;
  // What the dot-product scratch holds (set by predict, cleared by learn).
  const Example* gathered_ex_ = nullptr;
  std::vector<Component> gathered_parts_;
  // Linear slots saved around min_importance's what-if path.
  struct SavedSlot {
    float* slot;
    float values[4];
  };
  std::vector<SavedSlot> saved_slots_;
  CoreConfig config_;
  const Loss& loss_;
  WeightTable weights_;
  std::unique_ptr<DotProduct> dot_;
  OptimizerState state_;
  double eta_;
};

}  // namespace learner
