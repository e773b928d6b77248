// --active [--simulation] [--mellowness c0]: importance-weighted active
// learning on the plain (single-model, simple-label) learner, as VW's
// --active does.
//
// Query rule (IWAL with the "CAL"-style threshold of Beygelzimer, Hsu,
// Langford and Zhang, "Agnostic Active Learning Without Constraints", NIPS
// 2010; the rule VW's active.cc implements). For an example seen after k
// earlier ones (k = their summed importance):
//
//   h_min  = the smallest importance weight that would move the prediction to
//            the decision threshold when learning the opposite label, i.e. that
//            flips it: Learner::min_importance on the example's own update path
//            (exact for linear and for --dotproduct models: the dyadic path's
//            h_min, docs/dyadic-update.md section 4; VW uses |p - thr| /
//            sensitivity, the hinge value on a linear path)
//   G      = h_min / k            (how much worse the best disagreeing model is)
//   err    = clamp(L / k + sqrt((1 + ln(k) / 2) / (Q + 1e-4)), 0, 1)
//            L = importance-weighted loss of the queried examples, Q = their
//            summed importance weights
//   b      = c0 (ln(k + 1) + 1e-4) / (k + 1e-4),      s = sqrt(err) + sqrt(err + G)
//   P      = 1                                         if k <= 1 or G <= sqrt(b) s + b
//          = b ((s + sqrt(s^2 + 4 G)) / (2 G))^2       otherwise (about 2.6 b / G for large G)
//          = 0                                         if h_min is infinite (cannot flip)
//
// The label is queried with probability P (a deterministic coin seeded by
// --random_seed), and a queried example is learned with importance
// importance / P, which keeps every loss estimate unbiased. c0 = --mellowness
// (VW's default 8): larger queries more.
//
// Decision threshold: the midpoint of the smallest and largest label learned
// so far (VW's --active rule; 0 before two distinct labels, so -1/+1 labels
// give 0); log(1/2) for poisson (binary_task.h). The opposite label is the
// smallest label learned when the prediction is above the threshold, else the
// largest (-1/+1 before any).
//
// --simulation: examples carry their labels, but only queried ones are used:
// an example not queried is predicted and counted as unlabeled (as VW), a
// queried one is learned and counted with weight importance / P. Held-out and
// -t examples are only predicted and scored. Without --simulation (VW's
// interactive mode): labeled examples are learned as given; for an unlabeled
// example the query decision is made (k = unlabeled importance seen before)
// and -p prints "prediction tag importance" for a queried example and
// "prediction tag" otherwise (VW's format: the tag field may be empty).
//
// Summary: "total queries = N" (and the fraction of labeled examples queried).
#pragma once

#include "learner/plugin.h"

#include <cstdint>

#include "binary_task.h"
#include "learner/reduction/reduction.h"

namespace learner {

// P above, for tests and the documentation.
double query_probability(double k, double err, double G, double c0);

// --active's own settings (read by its plug-in's setup).
struct ActiveSettings {
  bool simulation = false;  // --simulation: labels are present, only the queried ones are learned from
  double mellowness = 8.0;  // --mellowness: c0 (VW's default)
};

class ActiveLearner final : public Reduction {
 public:
  ActiveLearner(const ReductionSpec& spec, const ActiveSettings& settings, Learner& learner, LabelRange& range);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  void prediction_text(const std::string& tag, std::string& out) const override;
  void raw_text(const std::string& tag, std::string& out) const override;
  void print_summary(std::FILE* out) const override;
  bool scalar_labels() const override { return true; }

  uint64_t queries() const { return queries_; }
  double last_probability() const { return probability_; }  // P of the last decision (1 when none)

 private:
  double threshold() const;
  // P for an example predicted at p_hat after k earlier ones.
  double decide(const Example& ex, const std::vector<Feature>& features, double p_hat, double k);
  bool coin(double probability);
  void learn_labeled(const Example& ex, const std::vector<Feature>& features, double raw, double importance);

  ReductionSpec spec_;
  ActiveSettings settings_;
  Learner& model_;
  LabelRange& range_;
  BinaryCoding coding_;
  double min_label_ = 0.0, max_label_ = 0.0;
  bool seen_label_ = false;
  double seen_ = 0.0;            // k: importance of the examples considered so far
  double sum_loss_ = 0.0;        // L
  double query_weight_ = 0.0;    // Q
  uint64_t queries_ = 0, considered_ = 0;
  uint64_t rng_;
  double probability_ = 1.0;
  double raw_ = 0.0, shown_ = 0.0, query_importance_ = -1.0;
  Outcome outcome_;
};

// Its command-line plug-in (plugin.h).

}  // namespace learner
