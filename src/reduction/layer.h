// The shared part of a layer (plugin.h's LayerPlugin): a Learner over the
// layer below that forwards everything a layer does not change (the model's
// name, loss, files, text, averaging, audit weights, end of pass) and maps
// its caller's parts to the rounds below: part c of the caller is part
// c W + j of round j (W the layer's width). Private to the reduction stage.
#pragma once

#include <string>
#include <vector>

#include "learner/learners/gd/label_range.h"
#include "learner/learner.h"
#include "learner/learners/averaging.h"

namespace learner::detail {

class Layer : public Learner, public Averaging {
 public:
  Layer(Learner& below, uint32_t width) : below_(below), width_(width) {}

  std::string_view name() const override { return below_.name(); }
  const Loss& loss() const override { return below_.loss(); }
  bool classifier() const override { return below_.classifier(); }
  void clip_with(const LabelRange& range, bool learn_is_own_pass) override {
    range_ = &range;
    learn_is_own_pass_ = learn_is_own_pass;
  }
  void prefetch(const Example& ex, const std::vector<Feature>& x) const override { below_.prefetch(ex, x); }
  void end_pass() override { below_.end_pass(); }
  void end_training() override { below_.end_training(); }
  bool converged() const override { return below_.converged(); }
  uint64_t dropped_updates() const override { return below_.dropped_updates(); }
  void print_summary(std::FILE* out) const override { below_.print_summary(out); }
  bool start_weights(const WeightInit& init) override { return below_.start_weights(init); }
  void save(ModelWriter& out, bool with_state) const override { below_.save(out, with_state); }
  void load(ModelReader& in) override { below_.load(in); }
  void write_text(std::FILE* out, const NameMap* names) const override { below_.write_text(out, names); }
  bool resume_counters(ResumeCounters& out) const override { return below_.resume_counters(out); }
  void write_resume_text(std::FILE* out, const NameMap* names) const override {
    below_.write_resume_text(out, names);
  }
  void average(AllReduce& group) override { below_.average(group); }
  bool audit_weight(uint32_t index, uint32_t sub, AuditWeight& out) const override {
    return below_.audit_weight(index, sub * width_, out);  // round 0's weight
  }
  double learning_rate() const override { return below_.learning_rate(); }
  void set_restore_rate(bool on) override { below_.set_restore_rate(on); }
  bool loaded_without_state() const override { return below_.loaded_without_state(); }
  uint64_t nonzero_weights() const override { return below_.nonzero_weights(); }
  uint64_t weight_slots() const override { return below_.weight_slots(); }

  // Averaging (learners/averaging.h): the learner below's, when it has one.
  Averaging* averaging_interface() override { return this; }
  bool averaged() const override {
    const Averaging* a = averaging(below_);
    return a && a->averaged();
  }
  void predict_with_average(bool on) override {
    if (Averaging* a = averaging(below_)) a->predict_with_average(on);
  }

 protected:
  // The parts of round j for the caller's `parts` (valid until the next call).
  Parts round(Parts parts, uint32_t j) {
    round_.resize(parts.size());
    for (std::size_t i = 0; i < parts.size(); ++i) round_[i] = Part{parts[i].index * width_ + j, parts[i].sign};
    return Parts(round_.data(), round_.size());
  }
  // A round's prediction as VW's learner below a layer gives it: clipped to
  // the caller's range (raw when the caller gave none or for a classifier).
  double clip(double raw) const { return range_ && !below_.classifier() ? range_->clip(raw) : raw; }

  Learner& below_;
  const uint32_t width_;
  const LabelRange* range_ = nullptr;
  bool learn_is_own_pass_ = false;  // clip_with(): learn() draws afresh, as VW's layer called again

 private:
  std::vector<Part> round_;
};

}  // namespace learner::detail
