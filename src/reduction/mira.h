// --mira K: multiclass MIRA (Crammer & Singer's margin infused relaxed
// algorithm, the single-constraint k = 1 variant of seed 003). Class k owns
// sub-model k - 1 with score f_k(x); the prediction is argmax_k f_k(x)
// (lowest id on ties). On a mistake, y^ != y* (y* the cheapest class), the
// two classes move as one part pair {y*: +1, y^: -1} of the learner, with
//
//   label = l(y*, y^)   the loss of predicting y^: 1 for a class label, the
//                       cost difference cost(y^) - cost(y*) for a
//                       cost-sensitive label (`1:0 2:0.5 3:1`)
//   p_hat = f_y*(x) - f_y^(x)   (<= 0 on a mistake)
//
// so the base learner sees the margin constraint f_y* - f_y^ >= l. With the
// passive-aggressive learner (the default, "pa") this is seed 003's closed
// form: both vectors move by alpha x, alpha = (l - p) / (2 |x|^2), capped at
// C with --mira_cap (PA-I), averaged weights by default; with --perceptron it
// is the multiclass perceptron (w_y* += x, w_y^ -= x on a mistake). Correct
// predictions change nothing. Loss: the regret cost(y^) - cost(y*) (0/1 for
// a class label). -p prints the class; --scores the K scores; -r the scores.
#pragma once

#include "learner/plugin.h"
#include "class_costs.h"
#include "learner/reduction/reduction.h"

namespace learner {

// --mira's own settings (read by its plug-in's setup).
struct MiraSettings {
  bool margin = false;  // --mira_margin: update on margin violations too, not only on mistakes
};

class Mira final : public TaggedReduction {
 public:
  Mira(const ReductionSpec& spec, const MiraSettings& settings, Learner& learner, LabelRange& range);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  void print_summary(std::FILE* out) const override;
  uint64_t updates() const { return updates_; }

 private:
  void write_prediction(std::string& out) const override;
  void write_raw(std::string& out) const override;

  ReductionSpec spec_;
  MiraSettings settings_;
  Learner& learner_;
  std::vector<Part> all_parts_;
  std::vector<double> scores_;
  ClassCosts costs_;
  ConstantClass constant_;
  uint32_t predicted_ = 1;
  uint64_t updates_ = 0;
  Outcome outcome_;
};

// Its command-line plug-in (plugin.h): selects the "pa" learner unless
// another learner is named.

}  // namespace learner
