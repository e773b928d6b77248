// VW's --classweight (reductions/classweight.cc): an importance multiplier
// per class, applied to each example that is learned from (and so counted in
// the run's weighted statistics, as in VW). Syntax: comma-separated
// class:weight items, the flag repeatable (`--classweight 1:2,0:3.1,-1:5
// --classweight 10:3`); a class without an item keeps weight 1.
//   simple labels   the class is the label truncated to an integer (-1, 0, 1, ...)
//   --oaa and the other multiclass labels   the class as the input writes it
//                   (1..K, 0..K-1 with --indexing 0, a name with --named_labels)
// Cost-sensitive and multilabel labels have no single class: an error (as in VW).
// A weight must be a finite number >= 0; a class given twice is an error.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "learner/example.h"
#include "learner/parse/class_labels.h"
#include "learner/parse/label_format.h"
#include "learner/plugin.h"
#include "learner/reduction/reduction.h"

namespace learner {

class ClassWeights {
 public:
  // Throws UsageError for a malformed item or a label grammar without one class.
  ClassWeights(const std::vector<std::string>& items, LabelFormat labels, const ClassLabels* names);
  bool empty() const { return weights_.empty(); }
  std::size_t size() const { return weights_.size(); }
  // The multiplier of a labeled example's class (1 when not listed).
  double factor(const Example& ex) const;

 private:
  std::map<int64_t, double> weights_;  // by internal class (multiclass) or integer label (simple)
  bool simple_ = true;
};

// The layer over `below` (plugin.h's ReductionLayerPlugin): each example's
// importance times its class's factor, before `below` sees it; an example
// whose weighted importance is 0 is not learned from.
class ClassWeighting final : public Reduction {
 public:
  ClassWeighting(std::shared_ptr<const ClassWeights> weights, std::unique_ptr<Reduction> below);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  void prediction_text(const std::string& tag, std::string& out) const override { below_->prediction_text(tag, out); }
  void raw_text(const std::string& tag, std::string& out) const override { below_->raw_text(tag, out); }
  void print_summary(std::FILE* out) const override { below_->print_summary(out); }
  bool scalar_labels() const override { return below_->scalar_labels(); }
  bool zero_one_loss() const override { return below_->zero_one_loss(); }

 private:
  std::shared_ptr<const ClassWeights> weights_;
  std::unique_ptr<Reduction> below_;
  Example weighted_;  // the example with its factor applied (the caller's is read-only); reused
};

// Its command-line plug-in: --classweight.

}  // namespace learner
