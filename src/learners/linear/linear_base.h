// Private to src/learners: what the perceptron and the PA learner share
// (weights, averaging switch, save/load, text); each adds its learn() rule.
#pragma once

#include <memory>
#include <string>

#include "linear_learner.h"
#include "learner/loss/loss.h"
#include "linear_weights.h"

namespace learner::detail {

class LinearBase : public LinearLearner {
 public:
  LinearBase(std::string name, const std::string& loss, uint32_t bits, uint32_t sub_models, bool averaged)
      : name_(std::move(name)), loss_(make_loss(LossSpec{loss})), weights_(bits, sub_models, averaged),
        averaged_(averaged) {}

  std::string_view name() const override { return name_; }
  const Loss& loss() const override { return *loss_; }
  double predict(const Example& ex, const std::vector<Feature>& x, Parts parts) override {
    return weights_.predict(ex, x, parts, use_average_);
  }
  void predict_each(const Example& ex, const std::vector<Feature>& x, Parts parts, double* out) override {
    weights_.predict_each(ex, x, parts, use_average_, out);
  }
  void prefetch(const Example&, const std::vector<Feature>& x) const override { weights_.prefetch(x); }
  uint64_t dropped_updates() const override { return dropped_; }
  bool start_weights(const WeightInit& init) override {
    weights_.start(init);
    return true;
  }
  void save(ModelWriter& out, bool with_state) const override { weights_.save(out, name_, with_state); }
  void load(ModelReader& in) override { weights_.load(in, name_); }
  void write_text(std::FILE* out, const NameMap* names) const override { weights_.write_text(out, names); }

  void average(AllReduce& group) override { weights_.average(group); }

  bool averaged() const override { return averaged_; }
  void predict_with_average(bool on) override { use_average_ = on && averaged_; }
  uint64_t updates() const override { return updates_; }
  void print_summary(std::FILE* out) const override {
    std::fprintf(out, "updates = %llu\n", static_cast<unsigned long long>(updates_));
  }

 protected:
  // Parts that cancel ({i, +1}, {i, -1}: --mira on a correct prediction)
  // move nothing; the call is one step of the average's clock.
  static bool cancels(Parts parts) {
    return parts.size() == 2 && parts[0].index == parts[1].index && parts[0].sign == -parts[1].sign;
  }
  // The margin learn() acts on: predict()'s p_hat is on w unless the
  // average is switched on.
  double current(const Example& ex, const std::vector<Feature>& x, Parts parts, double p_hat) const {
    return use_average_ ? weights_.predict(ex, x, parts, false) : p_hat;
  }
  // w += scale g (g already built); counts the update or the drop.
  void apply(double scale) {
    if (weights_.add(scale))
      ++updates_;
    else
      ++dropped_;
  }

  std::string name_;
  std::unique_ptr<Loss> loss_;
  LinearWeights weights_;
  bool averaged_;
  bool use_average_ = false;
  uint64_t updates_ = 0, dropped_ = 0;
};

}  // namespace learner::detail
