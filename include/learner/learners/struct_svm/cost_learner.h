// The learner behind --struct_svm K (issue 14, seed 001): the model (w, b, v)
// of the cost-learning structured SVM as one Learner, i.e. the StructSvm
// (struct_svm.h: w and the biases b over K sub-models) together with its
// CostWeights (cost_weights.h: v, and how v learns), driven one example at a
// time by a StructSvmDriver (struct_svm_driver.h).
//
// Why a learner plug-in *and* a reduction plug-in (reduction/struct_svm.h):
// the shapes of the code base split the job that way.
//  * The reduction slot owns the label grammar (multiclass 1..K), the number
//    of sub-models, -p/-r/--scores, the 0/1 loss of the progress table and
//    the best constant class: exactly what --oaa and --mira have, so
//    --struct_svm K is a multiclass_plugin like them.
//  * The learner slot is what the run saves (-f, --readable_model,
//    --save_per_pass, holdout's best pass), loads (-i), ends passes of
//    (Trainer::next_pass) and summarises at the end of the run. v is part of
//    the model and its learning acts at the ends of passes (objective 10's
//    closed form, kappa_cosine's choice), so putting v next to w and b in the
//    Learner needs no new hook in Reduction, Trainer or the model-file
//    writer: the model file is w, b, v in named sections of one learner.
// The reduction reaches the costs through this class (a --struct_svm run
// whose learner is another one is a usage error).
//
// Normalisers n_S need the training label counts, which a streaming learner
// only knows after a pass: the counts of the learned examples are collected
// during the run's first pass; objective 10 (both forms) needs n before its
// first step, so while counting, n_S is recomputed from the counts so far
// whenever the number of examples reaches a power of two (O(|S|) each,
// O(|S| log N) in all), and set from the full first pass at its end, after
// which the counts are fixed (later passes see the same data). A model read
// with -i keeps the counts it was saved with.
//
// Model file (after the StructSvm's sections): the CostWeights section
// "costs" (v, n_S, AdaGrad sums, |S_M| of the last pass, D_S) and
// "struct_svm.labels" (version 1: u8 counts fixed, u64 examples counted,
// u64 K, K doubles). --readable_model and the end-of-run summary print the
// cost matrix, one line per factor S: v_S, |S_M| (the weighted number of
// loss-augmented argmaxes in S during the last pass), n_S. The v shown is
// the one in force during the last pass (the run does not end a pass after
// its last one).
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

#include "learner/learners/struct_svm/class_learner.h"
#include "learner/learners/struct_svm/cost_weights.h"
#include "learner/learners/struct_svm/struct_svm.h"
#include "learner/learners/struct_svm/struct_svm_driver.h"
#include "learner/learner.h"
#include "learner/plugin.h"

namespace learner {

class CostLearningSvm final : public Learner, public ClassLearner {
 public:
  // Throws learner::Error for an out-of-range configuration (struct_svm.h,
  // cost_weights.h) or classes that differ between the two.
  CostLearningSvm(const StructSvmConfig& svm, const CostWeightsConfig& costs);
  CostLearningSvm(const CostLearningSvm&) = delete;
  CostLearningSvm& operator=(const CostLearningSvm&) = delete;

  // The per-example protocol of struct_svm_driver.h (classes 0-based).
  uint32_t predict_class(const Example& ex, const std::vector<Feature>& x) override { return driver_.predict(ex, x); }
  StructSvmOutcome learn_class(const Example& ex, const std::vector<Feature>& x, uint32_t truth,
                               double importance) override;
  // The K scores of the last predict_class() / learn_class().
  const std::vector<double>& scores() const override { return driver_.scores(); }
  ClassLearner* class_learner() override { return this; }
  // The cost weights with n_S from every label counted so far.
  CostWeights costs() const;
  const StructSvm& svm() const { return *svm_; }

  // Learner: the StructSvm's, plus the costs.
  std::string_view name() const override { return svm_->name(); }
  const Loss& loss() const override { return svm_->loss(); }
  bool classifier() const override { return true; }
  double predict(const Example& ex, const std::vector<Feature>& x, Parts parts) override {
    return svm_->predict(ex, x, parts);
  }
  void predict_each(const Example& ex, const std::vector<Feature>& x, Parts parts, double* out) override {
    svm_->predict_each(ex, x, parts, out);
  }
  void learn(const Example& ex, const std::vector<Feature>& x, Parts parts, double p_hat, double label,
             double importance) override {
    svm_->learn(ex, x, parts, p_hat, label, importance);
  }
  void end_pass() override;
  uint64_t dropped_updates() const override { return svm_->dropped_updates(); }
  void print_summary(std::FILE* out) const override;
  void save(ModelWriter& out, bool with_state) const override;
  void load(ModelReader& in) override;
  void write_text(std::FILE* out, const NameMap* names) const override;

 private:
  void count_label(uint32_t truth, double importance);

  std::unique_ptr<StructSvm> svm_;
  CostWeights costs_;
  StructSvmDriver driver_;
  std::vector<double> label_counts_;
  uint64_t counted_ = 0;       // examples counted
  bool counts_fixed_ = false;  // after the first pass (or from a model)
};

// The "struct_svm" learner plug-in (no selector of its own: --struct_svm K
// chooses it as its default learner). It shares --l1 and --l2 with the
// gradient learner and reads -l (default 0.5) and the reduction's cost
// options.

// The cost configuration the command line gives (--learn_costs,
// --cost_factors, --cost_norm, --cost_scale, --cost_rate) for K classes.
CostWeightsConfig cost_config(const OptionValues& values, uint32_t classes);

}  // namespace learner
