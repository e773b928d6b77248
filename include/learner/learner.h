// The base-learner slot: what every learner (the gradient core with its
// losses and --dotproduct, the perceptron family, the kernel perceptron, the
// passive-aggressive learner behind --mira) offers to the reductions and the
// run loop, which hold a Learner& and nothing more specific.
//
// Sub-models. A reduction with K sub-problems (one per class of --oaa, one
// per game of a filter tree) builds its learner for K sub-models and names
// them by Part::index in 0..K-1. A prediction is always of a signed sum of
// parts, p = base + sum_c sign_c f_c(x): one part for --oaa, two for a game of
// the scoring filter tree or a MIRA update (f_lambda - f_phi). How a learner
// lays its sub-models out is its own business; the linear ones interleave
// them as VW does (feature h, sub-model i at slot h K + i), so sub-models
// never collide with each other within one feature.
//
// Contract:
//  * predict() never changes what a later predict() returns; learn() is the
//    only call that changes the model. learn() takes the (clipped)
//    prediction p_hat that predict() gave for the same parts.
//  * learn() with importance <= 0 is a no-op.
//  * A non-finite value never enters the learner's weights.
//  * save() writes the learner's own named, versioned sections
//    (model/model_file.h); load() reads them back, in the same order, from a
//    model written by the same learner (the reader checks the name first).
//  * The steady state allocates nothing per example or per feature.
#pragma once

#include <cstdint>
#include <cstdio>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "learner/error.h"
#include "learner/example.h"
#include "learner/model/weight_init.h"

namespace learner {

class AllReduce;
class Loss;
struct LabelRange;
class ModelWriter;
class ModelReader;

struct Part {
  uint32_t index = 0;  // sub-model, 0..K-1
  double sign = 1.0;   // +1 or -1
};
using Parts = std::span<const Part>;
inline constexpr Part kSinglePart[1] = {Part{}};

// The name a feature index (the full 32-bit hash, before any masking or
// sub-model layout) was first seen with, and when (the count of names seen
// before it), for --invert_hash: VW names each weight after the first
// feature seen to reach it.
struct FeatureName {
  std::string name;
  uint64_t seen = 0;
};
using NameMap = std::unordered_map<uint32_t, FeatureName>;

// The linear weight of one feature as --audit prints it (train/audit.h).
struct AuditWeight {
  uint64_t slot = 0;          // the weight slot (hash masked to -b, sub-models interleaved)
  float weight = 0.0f;
  float adaptive = 0.0f;      // the adaptive sum G
  bool has_adaptive = false;  // the adaptive rule is on: VW prints "@G"
};

// The optimizer's counters of VW's save_resume text block (VW 9.11 gd.cc
// save_load_online_state), as a learner with that state keeps them.
struct ResumeCounters {
  double initial_t = 0.0;     // VW's initial_t (1 for the plain rule without --initial_t, as VW)
  double normalizer = 0.0;    // "norm normalizer": sum of importance x |x/s|^2 (sub-model 0; normalized rule)
  double total_weight = 0.0;  // "total_weight": importance the normalized rule counted (sub-model 0)
  double l1_state = 0.0;      // --l1's cumulative truncation not yet settled into the weights
  double l2_state = 1.0;      // VW's global L2 contraction (learner decays each weight itself: 1)
};

class Averaging;
class ClassLearner;

class Learner {
 public:
  virtual ~Learner() = default;

  // The name stored in model files ("gd", "perceptron", "kernel", "pa").
  virtual std::string_view name() const = 0;
  // The loss the run reports and codes binary labels with (BinaryCoding).
  virtual const Loss& loss() const = 0;
  // True for mistake-driven classifiers (perceptron family, MIRA's PA):
  // labels are -1/+1, decisions sign(p), reported loss 0/1, no clipping.
  virtual bool classifier() const { return false; }

  // Raw prediction of base + sum_c sign_c f_c(x).
  virtual double predict(const Example& ex, const std::vector<Feature>& x, Parts parts) = 0;
  // The raw score of each part on its own (out[c] = base + f_c(x), sign
  // ignored); learners that share work across parts (kernel evaluations)
  // override it.
  virtual void predict_each(const Example& ex, const std::vector<Feature>& x, Parts parts, double* out) {
    for (std::size_t c = 0; c < parts.size(); ++c) out[c] = predict(ex, x, parts.subspan(c, 1));
  }
  // Moves the parts' signed sum towards `label` with weight `importance`.
  virtual void learn(const Example& ex, const std::vector<Feature>& x, Parts parts, double p_hat, double label,
                     double importance) = 0;
  // learn() for a caller that has already computed loss(p_hat, label) with
  // this learner's loss (the scalar reduction reports it); a learner whose
  // update needs the loss overrides it to skip computing it a second time.
  virtual void learn_at_loss(const Example& ex, const std::vector<Feature>& x, Parts parts, double p_hat,
                             double label, double importance, double loss_at_p_hat) {
    learn(ex, x, parts, p_hat, label, importance);
  }

  // --active: the smallest importance weight that would move the prediction
  // from p_hat to `target` when learning `label`, without changing anything;
  // +infinity when out of reach. Learners that cannot tell return NaN
  // (has_min_importance() false) and --active refuses them.
  virtual bool has_min_importance() const { return false; }
  virtual double min_importance(const Example& ex, const std::vector<Feature>& x, Parts parts, double p_hat,
                                double label, double target) {
    return std::numeric_limits<double>::quiet_NaN();
  }

  // VW's sensitivity (gd's pred_per_update times the rate): how far the
  // prediction p_hat of `parts` would move per unit of importance weight in
  // an update towards `label`, without changing anything (--regcb's cost
  // ranges). Learners that cannot tell return NaN (then --regcb treats
  // every action's cost as unknown, as VW does for a NaN sensitivity).
  virtual double sensitivity(const Example& ex, const std::vector<Feature>& x, Parts parts, double p_hat,
                             double label) {
    return std::numeric_limits<double>::quiet_NaN();
  }

  // How the caller uses this learner, told once before the first example:
  // `range` is the range it clips predictions to (the scalar problem's
  // running range, a reduction's binary range; it outlives the learner's
  // use), and `learn_is_own_pass` says whether its learn() calls are a pass
  // of their own after it has predicted every part (VW's reductions over a
  // layer: --oaa predicts all classes, then updates each) rather than the
  // completion of the predict() just made (the scalar problem: VW's learn
  // returns the prediction). Layers (plugin.h's LayerPlugin) clip each of
  // their rounds to `range`, as VW's learner below them does, and draw their
  // random numbers as VW does in either case; learners ignore both.
  virtual void clip_with(const LabelRange& range, bool learn_is_own_pass) {}
  // A layer's own figures for the scalar problem, read after the example's
  // predict() and learn(): the prediction to show (before --binary or the
  // link) and the loss to report for `label` (before the example's weight).
  // False: the caller's own, its clipped prediction and that prediction's
  // loss. VW's --bs_type vote (the vote, its 0/1 loss) and --boosting (the
  // unclipped combined prediction; VW's loss: that of the last weak learner
  // called, times its weight) report their own.
  virtual bool own_outcome(double label, double& prediction, double& loss) const { return false; }
  // The prediction the last learn() acted on, when the learner computes its
  // own there (--coin: from its state, not predict()'s weights) and no
  // predict() came after it; false: the p_hat it was given. VW's reductions
  // that read the scorer's prediction after learning (dr's regressor) use it.
  virtual bool learned_prediction(double& prediction) const { return false; }
  // A layer that writes the scalar problem's -p line itself (VW's bootstrap:
  // "mean tag lower upper", fixed notation) sets `out` (no newline) from the
  // shown prediction and the tag and returns true; false: the usual line.
  virtual bool prediction_line(double shown, const std::string& tag, std::string& out) const { return false; }

  // The gradient learner's rate and resumable state (the preamble and -i
  // read them; other learners have neither). learning_rate(): the base rate
  // now (a -i model's, possibly decayed, once loaded), NaN without one;
  // set_restore_rate(false): load() keeps the configured rate (-l given with
  // -i); loaded_without_state(): the last load() read a model written with
  // --predict_only_model.
  virtual double learning_rate() const { return std::numeric_limits<double>::quiet_NaN(); }
  virtual void set_restore_rate(bool on) {}
  virtual bool loaded_without_state() const { return false; }

  // A hint that `ex` comes next (memory prefetch); changes nothing.
  virtual void prefetch(const Example& ex, const std::vector<Feature>& x) const {}
  // Called between passes (the gradient learner decays its rate here).
  virtual void end_pass() {}
  // Called once after the last pass when training ran to its end (the
  // gradient learner's --average_passes replaces its weights by the average).
  virtual void end_training() {}
  // True when the learner has nothing left to learn (--bfgs converged): the
  // run loop stops after the pass that found it.
  virtual bool converged() const { return false; }
  // Updates that were not finite and were dropped (reported at the end).
  virtual uint64_t dropped_updates() const { return 0; }
  // Lines of its own for the run summary (updates made, kernel evaluations).
  virtual void print_summary(std::FILE* out) const {}

  // Start values of a fresh learner's weights (model/weight_init.h), before
  // any -i model is loaded. Returns false, changing nothing, when the learner
  // has no linear table to start (then only the all-zero start is valid).
  virtual bool start_weights(const WeightInit& init) { return !init.any(); }

  virtual void save(ModelWriter& out, bool with_state) const = 0;
  virtual void load(ModelReader& in) = 0;
  // --readable_model / --invert_hash body: one line per non-zero weight
  // ("slot:weight", or "name:slot:weight" for the features `names` knows).
  virtual void write_text(std::FILE* out, const NameMap* names) const = 0;
  // The same text for a run that keeps its optimizer state (VW's save_resume
  // form, flag ":1"): fills the optimizer's own counters of VW's block and
  // returns true, or returns false when the learner has no such state (the
  // text is then write_text's, flag ":0"). Called only when a text model is
  // written.
  virtual bool resume_counters(ResumeCounters& out) const { return false; }
  // The weight lines of that form: each weight followed by the values the
  // optimizer keeps for it (VW: "w G n" with the adaptive and normalized
  // rules, "w G" or "w n" with one, "w" with neither). Only called after
  // resume_counters returned true.
  virtual void write_resume_text(std::FILE* out, const NameMap* names) const { write_text(out, names); }

  // --allreduce: makes every rank's model the same average of the ranks'
  // models (a collective: every rank calls it at the same point); a group of
  // one changes nothing. The rule is the learner's (docs/allreduce.md); the
  // default throws learner::Error ("cannot be averaged across ranks").
  virtual void average(AllReduce& group) {
    throw Error("the '" + std::string(name()) + "' learner cannot be averaged across ranks (--allreduce)");
  }
  // --audit / --audit_regressor: the linear weight of feature `index` in
  // sub-model `sub`; false when the learner has no such per-feature weight.
  virtual bool audit_weight(uint32_t index, uint32_t sub, AuditWeight& out) const { return false; }
  // Linear weights that are not zero, and the number of weight slots.
  virtual uint64_t nonzero_weights() const { return 0; }
  virtual uint64_t weight_slots() const { return 0; }

  // Interfaces a learner may offer besides this one (nullptr: it has none):
  // test-time averaging (learners/averaging.h; a layer offers its learner's)
  // and choosing a class itself (costs/class_learner.h, for --struct_svm).
  virtual Averaging* averaging_interface() { return nullptr; }
  virtual ClassLearner* class_learner() { return nullptr; }
};

}  // namespace learner
