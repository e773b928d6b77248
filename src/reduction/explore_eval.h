// --explore_eval: VW 9.11's rejection-sampling evaluation of an exploration
// policy on logged contextual-bandit data (reductions/explore_eval.cc), over
// --cb_explore_adf (reduction/cb_explore_adf.h; VW adds it when not given).
// For each multi-line example whose logged action a has cost c and logging
// probability p:
//
//   1. The exploration policy (any --cb_explore_adf explorer: epsilon-greedy,
//      --first, --softmax, --squarecb, --bag, --cover, --regcb) predicts its pmf without learning (the label
//      hidden); -p prints it, as --cb_explore_adf does.
//   2. Loss (the progressive "average loss"): its ips estimate pmf(a) c / p.
//   3. When learning: threshold = pmf(a) / p. Without --multiplier, the
//      multiplier m starts at 1 and becomes min(m, 1 / threshold) (so every
//      later threshold is <= 1); with --multiplier it is fixed. threshold *= m;
//      a threshold above 1 + 1e-6 counts as a violation. With --target_rate r
//      the threshold is also scaled by r t / (sum of the t thresholds before
//      it), aiming at r x examples updates, and m stays fixed.
//   4. The example is accepted when a uniform draw u < threshold (VW's
//      generator: merand48 from --random_seed, one draw per labelled
//      example learned from): the policy then learns from it as if it had
//      logged a itself, with probability pmf(a) and, when threshold > 1,
//      every line's importance times threshold.
//
// The summary adds VW's lines: weighted update count, average accepted
// example weight, violation count (when any), final multiplier (unless
// --multiplier), targeted update count and final rate (with --target_rate).
// The progress row's label is "known" / "unknown".
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "learner/example_group.h"
#include "learner/plugin.h"
#include "action_pmf.h"
#include "cb_explore_adf.h"

namespace learner {

struct ExploreEvalSettings {
  bool fixed_multiplier = false;  // --multiplier given
  float multiplier = 1.0f;        // --multiplier
  bool target_rate_on = false;    // --target_rate given
  float target_rate = 1.0f;       // --target_rate
  uint64_t seed = 0;              // --random_seed
};

class ExploreEval final : public GroupReduction {
 public:
  ExploreEval(const ExploreEvalSettings& settings, std::unique_ptr<ActionPmfReduction> policy);
  const Outcome& process(const ExampleGroup& group, bool learn) override;
  void prediction_text(const ExampleGroup& group, std::string& out) const override {
    policy_->prediction_text(group, out);
  }
  void raw_text(const ExampleGroup& group, std::string& out) const override { policy_->raw_text(group, out); }
  void row_text(std::string& label, std::string& prediction) const override;
  double line_score(std::size_t i) const override { return policy_->line_score(i); }
  void print_summary(std::FILE* out) const override;

  uint64_t update_count() const { return update_count_; }
  float multiplier() const { return multiplier_; }

 private:
  // The group with the logged line's probability set to `probability` and,
  // when scale > 1, every line's importance times scale (into accepted_).
  const ExampleGroup& relabelled(const ExampleGroup& group, std::size_t logged_line, float probability,
                                 float scale);

  ExploreEvalSettings settings_;
  std::unique_ptr<ActionPmfReduction> policy_;  // any --cb_explore_adf explorer
  uint64_t random_state_;
  float multiplier_;
  // --target_rate: the sum of the thresholds so far, their count, the last rate.
  float threshold_sum_ = 0.0f;
  uint64_t thresholds_ = 0;
  float latest_rate_ = 1.0f;
  uint64_t examples_ = 0, update_count_ = 0, violations_ = 0;
  float weighted_update_count_ = 0.0f;
  ExampleGroup accepted_;
  Outcome outcome_;
};

// Its command-line plug-in (plugin.h): --explore_eval, --multiplier, --target_rate, and --cb_explore_adf's
// options.

}  // namespace learner
