// A multi-line reduction that stands over one other and leaves its output
// alone: -p, -r, the progress row, line scores, the summary and the model
// state are the layer below's (a wrapper overrides what it changes). Used by
// --cb_dro (reweights what is learned) and the --extra_metrics counters
// (count what passes).
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <utility>

#include "learner/reduction/group_reduction.h"

namespace learner {

class GroupDecorator : public GroupReduction {
 public:
  void prediction_text(const ExampleGroup& group, std::string& out) const override {
    below_->prediction_text(group, out);
  }
  void raw_text(const ExampleGroup& group, std::string& out) const override { below_->raw_text(group, out); }
  void row_text(std::string& label, std::string& prediction) const override { below_->row_text(label, prediction); }
  double line_score(std::size_t i) const override { return below_->line_score(i); }
  void print_summary(std::FILE* out) const override { below_->print_summary(out); }
  ReductionState* state() override { return below_->state(); }

 protected:
  explicit GroupDecorator(std::unique_ptr<GroupReduction> below) : below_(std::move(below)) {}

  std::unique_ptr<GroupReduction> below_;  // never null
};

}  // namespace learner
