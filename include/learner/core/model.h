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

class Model {
 public:
  Model(const CoreConfig& config, const Loss& loss);

  // Raw prediction (before clipping and link). `features` are the built
  // features of `ex` (FeatureBuilder); `ex` supplies the namespaces of the
  // dot-product pairs. Fills the dot-product scratch used by learn().
  double predict(const Example& ex, const std::vector<Feature>& features);
  // Learns from the example last passed to predict(), whose clipped
  // prediction is p_hat. No-op for importance <= 0.
  void learn(const std::vector<Feature>& features, double p_hat, double label, double importance);
  // Multiplies the base learning rate (--decay_learning_rate after a pass).
  void decay_learning_rate(double factor) { eta_ *= factor; }

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
  // Computes per-feature rates (slot[3]) and returns the linear slope q of
  // the path; `scale` receives the factor that turns t into w_i += scale r_i x_i t.
  double prepare_linear(const std::vector<Feature>& features, double g2, double importance, double& scale);
  double prepare_default(const std::vector<Feature>& features, double g2, double importance, double& scale);
  void apply_linear(const std::vector<Feature>& features, double scale, double t, double importance);

  CoreConfig config_;
  const Loss& loss_;
  WeightTable weights_;
  std::unique_ptr<DotProduct> dot_;
  OptimizerState state_;
  double eta_;
};

}  // namespace learner
