// Private to src/learners: the kernel perceptron (kernel_perceptron.h). The
// hot paths (cache, f) are here; learning in kernel_perceptron.cc, the model
// file and text in kernel_model.cc.
#pragma once

#include <cstring>
#include <memory>
#include <vector>

#include "kernel_perceptron.h"
#include "learner/loss/loss.h"
#include "sparse.h"
#include "support_set.h"

namespace learner::detail {

class KernelPerceptron final : public KernelLearner {
 public:
  explicit KernelPerceptron(const KernelConfig& c);

  std::string_view name() const override { return "kernel"; }
  const Loss& loss() const override { return *loss_; }
  uint64_t kernel_evaluations() const override { return evaluations_; }
  uint64_t support_size() const override { return support_.size(); }
  uint64_t updates() const override { return updates_; }
  void print_summary(std::FILE* out) const override {
    std::fprintf(out, "updates = %llu\nsupport vectors = %llu\nkernel evaluations = %llu\n",
                 static_cast<unsigned long long>(updates_), static_cast<unsigned long long>(support_.size()),
                 static_cast<unsigned long long>(evaluations_));
    if (merges_ > 0) std::fprintf(out, "budget merges = %llu\n", static_cast<unsigned long long>(merges_));
  }
  uint64_t dropped_updates() const override { return dropped_; }
  bool averaged() const override { return config_.averaged; }
  void predict_with_average(bool on) override { use_average_ = on && config_.averaged; }

  double predict(const Example& ex, const std::vector<Feature>& x, Parts parts) override;
  void predict_each(const Example& ex, const std::vector<Feature>& x, Parts parts, double* out) override;
  void learn(const Example& ex, const std::vector<Feature>& x, Parts parts, double p_hat, double label,
             double importance) override;

  void save(ModelWriter& out, bool with_state) const override;
  void load(ModelReader& in) override;
  void write_text(std::FILE* out, const NameMap* names) const override;

 private:
  // Makes x the cached example: prepared vector and one kernel value per
  // support vector. A hit when x's features equal the cached ones.
  void cache(const std::vector<Feature>& x) {
    if (valid_ && x.size() == key_.size() &&
        (x.empty() || std::memcmp(x.data(), key_.data(), x.size() * sizeof(Feature)) == 0))
      return;
    refill(x);
  }
  void refill(const std::vector<Feature>& x);
  // The steps to average over: T when predicting with the average, else 0
  // (the current coefficients).
  double average_steps() const { return use_average_ ? steps_ : 0.0; }
  // The parts' raw scores (without base) on the cached example.
  void scores(Parts parts, double steps, double* out) const;
  double signed_sum(Parts parts, double steps) const;
  bool step_is_finite(double step, Parts parts) const;
  // Inserts the cached example (kxx = k(x, x)), evicting one vector first
  // when the budget is full.
  void insert(double kxx);
  // Makes room for one vector by the policy (kernel_perceptron.h); keeps
  // kv_ in step when the cache is valid.
  void evict();

  KernelConfig config_;
  uint64_t mask_;
  KernelFunction kernel_;
  std::unique_ptr<Loss> loss_;
  SupportSet support_;
  double steps_ = 0.0;  // learn() calls so far (the averaging's T)
  bool use_average_ = false;
  // The cached example.
  bool valid_ = false;
  std::vector<Feature> key_;
  PreparedVector x_;
  std::vector<double> kv_;
  bool kv_finite_ = true;  // every kernel value of the cached example is finite
  int64_t self_ = -1;  // the support vector the cached example inserted
  uint64_t evaluations_ = 0, updates_ = 0, dropped_ = 0, merges_ = 0;
};

}  // namespace learner::detail
