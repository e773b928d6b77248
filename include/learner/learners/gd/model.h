// The learning core: owns the weights and moves them along the path the loss
// chooses. One example at a time:
//
//   p_raw = base + w.x + sum_pairs (A.B - k s_a s_b)        (predict)
//   p_hat = clip(p_raw)                                     (caller, LabelRange)
//   t     = loss.update(path, y, importance)                (learn)
//   w_i  += rate_i x_i t ;  V[f] moves along cosh/sinh      (learn)
//
// Linear part: VW's default update (docs/vw-compat.md section 2): with the
// adaptive rule G_i += importance g^2 x_i^2; with the normalized rule s_i =
// max |x_i| seen, weights rescaled when s_i grows, m = (N/T)^(p-1); the rate of
// feature i is eta m r_i with r_i = G_i^-p (s_i^2)^(p-1), and the prediction
// moves with slope q = eta m sum x_i^2 r_i in t (VW's "pred_per_update" times
// eta). With neither rule, rate_i = eta (t0/(t0 + sum importance))^p.
//
// Dyadic part (--dotproduct, docs/dyadic-update.md): see dotproduct.h.
//
// --l1 lambda is VW's cumulative truncation (VW 9.11 gd.cc: "gravity"): every
// learned example adds lambda eta_bar to G, eta_bar = -u / l'(p) the step's
// global rate (VW's update u over the loss's derivative: eta h on the
// adaptive path, times the decay without it), and every linear weight is
// read as trunc(w, G) = sign(w) max(0, |w| - G): the penalty reaches every
// weight on every example, not only the example's own features (Langford,
// Li and Zhang 2009, "Sparse online learning via truncated gradient", with
// the truncation applied lazily). The stored w is the untruncated sum; the
// table is settled (w = trunc(w, G), G = 0) when G passes 1e3 (VW's rule),
// before an average over ranks and before a --average_passes snapshot. A
// model with optimizer state stores w and G (gd.state version 2, VW's
// "l1_state"), so a resumed run continues exactly; one without, text
// models, audit and the non-zero count show trunc(w, G).
// Latent weights have their own L2 (--dotproduct_l2) and no L1.
//
// As a Learner (learner.h) it is "gd": sub-model i of K (CoreConfig::
// sub_models) keeps feature h's weights at slot (h K + i) & mask, VW's
// interleaved layout; its model-file sections are "gd.state" (N, T, rate),
// "gd.linear" (the table, stride 4, or weights only without state) and
// "gd.latent" (--dotproduct).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <vector>

#include "learner/learners/gd/config.h"
#include "learner/learners/gd/dotproduct.h"
#include "learner/model/weight_table.h"
#include "learner/example.h"
#include "learner/learner.h"
#include "learner/loss/loss.h"
#include "learner/plugin.h"

namespace learner {

// Optimizer counters of one sub-model (VW 9 keeps them per sub-model too,
// so the classes of --oaa normalise independently); part of a resumable model.
struct OptimizerState {
  double normalized_sum_norm_x = 0.0;  // N
  double total_weight = 0.0;           // T: importance summed over learned examples
};

class Model final : public Learner {
 public:
  Model(const CoreConfig& config, const Loss& loss);

  std::string_view name() const override { return "gd"; }
  const Loss& loss() const override { return loss_; }

  // Raw prediction (before clipping and link) of the signed sum of `parts`.
  // `features` are the built features of `ex` (FeatureBuilder); `ex`
  // supplies the base and the namespaces of the dot-product pairs.
  double predict(const Example& ex, const std::vector<Feature>& features, Parts parts) override;
  double predict(const Example& ex, const std::vector<Feature>& features) {
    return predict(ex, features, kSinglePart);
  }
  // Learns from `ex`, whose clipped prediction is p_hat, moving every part
  // along one importance-aware path. No-op for importance <= 0 and, as in
  // VW, for zero loss at p_hat; `loss_at_p_hat`, when the caller has already
  // computed loss(p_hat, label), saves computing it again (NaN: unknown).
  void learn(const Example& ex, const std::vector<Feature>& features, Parts parts, double p_hat, double label,
             double importance) override {
    learn(ex, features, parts, p_hat, label, importance, std::numeric_limits<double>::quiet_NaN());
  }
  void learn(const Example& ex, const std::vector<Feature>& features, Parts parts, double p_hat, double label,
             double importance, double loss_at_p_hat);
  void learn_at_loss(const Example& ex, const std::vector<Feature>& features, Parts parts, double p_hat,
                     double label, double importance, double loss_at_p_hat) override {
    learn(ex, features, parts, p_hat, label, importance, loss_at_p_hat);
  }
  void learn(const Example& ex, const std::vector<Feature>& features, double p_hat, double label, double importance) {
    learn(ex, features, kSinglePart, p_hat, label, importance);
  }
  // Smallest importance weight that would move the prediction from p_hat to
  // `target` (design note section 4), computed on the example's path without
  // changing any weight or accumulator. +infinity if out of reach.
  bool has_min_importance() const override { return true; }
  double min_importance(const Example& ex, const std::vector<Feature>& features, Parts parts, double p_hat,
                        double label, double target) override;
  // The slope q of the same what-if path (VW's sensitivity).
  double sensitivity(const Example& ex, const std::vector<Feature>& features, Parts parts, double p_hat,
                     double label) override;
  // Asks the memory system for the linear and latent slots of an example
  // to come (`features` built from `ex`); a hint, nothing changes.
  void prefetch(const Example& ex, const std::vector<Feature>& features) const override {
    const std::span<const Feature> ahead =
        features.size() <= kPrefetchAhead ? std::span<const Feature>(features) : std::span<const Feature>(features.data(), kPrefetchAhead);
    if (sub_models_ == 1) {
      for (const Feature& f : ahead) __builtin_prefetch(weights_.slot(f.index), 1);
    } else {
      for (const Feature& f : ahead) __builtin_prefetch(weights_.slot(f.index * width_ + ex.weight_shift), 1);
    }
    if (dot_) dot_->prefetch(ex);
  }
  // --decay_learning_rate between passes; --average_passes N takes a
  // snapshot of the weights at the ends of the last N passes.
  void end_pass() override;
  // --average_passes N: the weights (linear and latent, not the optimizer
  // sums) become the mean of the snapshots and the final weights.
  void end_training() override;
  // --allreduce (src/learners/gd/model_average.cc): linear and latent tables by the
  // adaptive-sum-weighted rule (model/table_average.h); the counters N and T
  // of each sub-model grow by the sum over ranks of their growth since the
  // last average, so they count what one process reading every shard would.
  void average(AllReduce& group) override;
  uint64_t dropped_updates() const override { return nan_updates_; }
  // With the automatic latent rate or L2: their values and g (dotproduct.h).
  void print_summary(std::FILE* out) const override;
  // VW's stride for the normal draws: 4 with the adaptive or normalized rule, 1 without.
  bool start_weights(const WeightInit& init) override;
  void save(ModelWriter& out, bool with_state) const override;
  void load(ModelReader& in) override;
  void write_text(std::FILE* out, const NameMap* names) const override;
  bool resume_counters(ResumeCounters& out) const override;
  void write_resume_text(std::FILE* out, const NameMap* names) const override;
  bool audit_weight(uint32_t index, uint32_t sub, AuditWeight& out) const override;
  uint64_t nonzero_weights() const override;
  uint64_t weight_slots() const override { return weights_.slots(); }

  // Sets the base learning rate (restoring a saved model's, possibly decayed, rate).
  void set_learning_rate(double eta) { eta_ = eta; }
  // With false, load() keeps the configured rate (-l given with -i).
  void set_restore_rate(bool on) override { restore_rate_ = on; }
  // The last load() read a model without optimizer state (--predict_only_model).
  bool loaded_without_state() const override { return loaded_without_state_; }
  // The weight slot of feature `index` in sub-model `sub` (masked, in slots).
  uint32_t slot_of(uint32_t index, uint32_t sub) const { return (index * width_ + sub) & weights_.mask(); }

  const CoreConfig& config() const { return config_; }
  // --l1: the weight of a slot as predictions read it, trunc(w, G).
  float effective_weight(float w) const {
    if (gravity_ == 0.0) return w;
    const float g = static_cast<float>(gravity_);
    return w > g ? w - g : (w < -g ? w + g : 0.0f);
  }
  double l1_gravity() const { return gravity_; }
  WeightTable& weights() { return weights_; }
  const WeightTable& weights() const { return weights_; }
  DotProduct* dotproduct() { return dot_.get(); }
  const DotProduct* dotproduct() const { return dot_.get(); }
  // The counters of sub-model `sub` (0 for the scalar problem).
  OptimizerState& state(uint32_t sub = 0) { return states_[sub % sub_models_]; }
  const OptimizerState& state(uint32_t sub = 0) const { return states_[sub % sub_models_]; }
  double learning_rate() const override { return eta_; }

 private:
  // prefetch() asks for the first kPrefetchAhead features' slots only; linear_dot
  // prefetches the rest as it goes (16 ahead). A long example asked for at once (R8's
  // n-grams: ~300 slots of a 2^24-slot table) filled the core's miss buffers and
  // stalled the learner's thread (19% of the n-gram run's samples in prefetch()).
  static constexpr std::size_t kPrefetchAhead = 64;
  // Accumulates the rates of one part's features (slot[3]) into `sensitivity`
  // (sum x^2 r) and `norm_x` (sum x^2/s^2).
  void accumulate_rates(const std::vector<Feature>& features, uint32_t sub, double g2, double& sensitivity,
                        double& norm_x);
  void accumulate_default(const std::vector<Feature>& features, uint32_t sub, double g2, double& sensitivity,
                          double& norm_x);
  // The hot loops, instantiated for one sub-model (kOne: a slot is
  // weights_.slot(index), no multiply per feature) and for K sub-models.
  template <bool kOne, bool kTrunc>
  float linear_dot(const std::vector<Feature>& features, uint32_t sub);
  // --l1: G += lambda eta_bar for each part of a learned example (see above).
  void add_gravity(Parts parts, double p_hat, double label, double t);
  // --l1: w = trunc(w, G) on every touched slot, G = 0.
  void settle_l1();
  // write_text's lines; `resume`: VW's save_resume form (the stored weight and its optimizer values).
  void write_weight_lines(std::FILE* out, const NameMap* names, bool resume) const;
  // accumulate_default for one sub-model: the lanes (kLanesFrom features or more) or accumulate_default_in<true>.
  void accumulate_default_one(const std::vector<Feature>& features, double g2, double& sensitivity, double& norm_x);
  template <bool kOne>
  void accumulate_default_in(const std::vector<Feature>& features, uint32_t sub, double g2, double& sensitivity,
                             double& norm_x);
  template <bool kOne>
  uint64_t add_linear(const std::vector<Feature>& features, uint32_t sub, double step);
  // The linear part of the path: per-feature rates (slot[3]), per part c
  // scales_[c], the factor that turns t into w_i += sign scale r_i x_i t,
  // and the slope q returned.
  double linear_slope(const std::vector<Feature>& features, Parts parts, double g2, double importance);
  // linear_slope() of one part under default_slope_: q, and the part's scale in `scale`.
  double default_slope(const std::vector<Feature>& features, uint32_t sub, double g2, double importance,
                       double& scale);
  // learn() of one part under default_rule_ (model.cc): the same arithmetic in one frame.
  void learn_default_rule(const std::vector<Feature>& features, const Part& part, double p_hat, double label,
                          double importance, double g2);
  // Builds the example's path: linear_slope() and the dot-product terms.
  PredictionPath build_path(const Example& ex, const std::vector<Feature>& features, Parts parts, double p_hat,
                            double g2, double importance);
  // build_path() for importance 1 towards `label`, every weight and
  // accumulator it touches restored afterwards (min_importance, sensitivity).
  PredictionPath what_if_path(const Example& ex, const std::vector<Feature>& features, Parts parts, double p_hat,
                              double label);
  void apply_linear(const std::vector<Feature>& features, uint32_t sub, double step, double scale,
                    double importance);
  // The non-invariant step (--sgd and the like): the loss's plain gradient
  // step -g h, on a dyadic path capped where p has moved by twice its
  // first-order change p'(0) t or reached the label (losses minimised at the label).
  double plain_step(const PredictionPath& path, double p_hat, double label, double importance) const;
  // VW's layout: a feature's sub-models in a block of width_ slots, the
  // number of sub-models rounded up to a power of two; shift_ is the
  // current example's weight_shift (example.h; 0 with one sub-model).
  float* slot(uint32_t index, uint32_t sub) { return weights_.slot(index * width_ + sub + shift_); }
  template <bool kOne>
  float* slot_in(uint32_t index, uint32_t sub) { return kOne ? weights_.slot(index) : slot(index, sub); }

  // What the dot-product scratch holds (set by predict, cleared by learn).
  const Example* gathered_ex_ = nullptr;
  std::vector<Part> gathered_parts_;
  // Linear slots saved around min_importance's what-if path.
  struct SavedSlot {
    float* slot;
    float values[4];
  };
  std::vector<SavedSlot> saved_slots_;
  std::vector<std::pair<uint32_t, OptimizerState>> saved_states_;
  std::vector<double> scales_;  // per part of the current update
  CoreConfig config_;
  const Loss& loss_;
  uint32_t sub_models_;
  uint32_t width_;      // the interleave: sub_models_ rounded up to a power of two (VW's)
  uint32_t shift_ = 0;  // the example being predicted or learned: its weight_shift
  WeightTable weights_;
  // The default rule's rates for one sub-model run eight features a step
  // (default_rule_lanes.h) on examples of kLanesFrom features or more, when
  // the CPU has AVX2.
  static constexpr std::size_t kLanesFrom = 16;
  bool lanes_;
  std::unique_ptr<DotProduct> dot_;
  std::vector<OptimizerState> states_;  // one per sub-model
  std::vector<OptimizerState> synced_states_;  // --allreduce: states_ after the last average
  uint64_t nan_updates_ = 0;           // updates replaced by 0 because they were not finite
  // --average_passes: running means of the weights at the pass ends so far
  // (linear: one per slot; latent: k per trained slot, in the order of
  // DotProduct::trained_slots()), over `snapshots_` snapshots.
  std::vector<float> mean_linear_, mean_latent_;
  unsigned passes_ended_ = 0, snapshots_ = 0;
  // Adds the current weights to the running means (snapshots_ grows by one),
  // or, with `finish`, writes mean + (current - mean) / (snapshots_ + 1).
  void fold_snapshot(bool finish);
  double eta_;
  double gravity_ = 0.0;  // --l1: the cumulative truncation G not yet settled into the table
  // VW's default rates: one sub-model, adaptive, normalized, power_t 0.5, no mask.
  bool default_slope_ = false;
  // default_slope_ and nothing else: invariant, no l1/l2, no dyadic term.
  bool default_rule_ = false;
  bool restore_rate_ = true;
  bool loaded_without_state_ = false;
};

}  // namespace learner
