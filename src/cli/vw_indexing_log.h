// One of the VW log lines --extra_metrics' total_log_calls counts
// (io/vw_log_lines.h): VW 9.11.2's multiclass reductions guess the label
// indexing when --indexing is not given, and log it once, at the first label
// that settles it ("label K found -- labels are now considered 1-indexed.":
// oaa.cc 120-130, at the first example learned whose label is K; csoaa.cc
// 66-81, at the first example whose costs name class K, which the
// --cb_force_legacy --cb / --cb_explore stacks' generated costs always do).
// A label 0 would settle it too, but learner reads 0 only with --indexing 0.
// An observer of single-line runs with --extra_metrics; it changes nothing.
#pragma once

#include <cstdint>

#include "learner/cli/options.h"
#include "learner/train/run_loop.h"

namespace learner {

class VwIndexingLog final : public RunObserver {
 public:
  explicit VwIndexingLog(const Options& o);
  void after(const ParsedExample& slot, const Outcome& outcome) override;

 private:
  enum class Rule { kNone, kLearnedLabel, kCostClass, kFirstExample };
  Rule rule_ = Rule::kNone;
  uint32_t classes_ = 0;
  bool training_ = true;
};

}  // namespace learner
