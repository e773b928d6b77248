// --cbify_ldf: cost-sensitive multi-line examples (--csoaa_ldf's grammar:
// lines `class:cost |features`, an optional first line `shared |features`,
// a blank line after each example) turned into contextual-bandit feedback
// (VW 9.11's cbify_ldf): a bandit simulation over action-dependent features.
//
// Per example: --cb_explore_adf (its explorers and --cb_type, reduction/
// cb_explore_adf.h) gives a pmf over the action lines with their labels
// hidden; one action is drawn from it (VW's draw: merand48 of app_seed + n,
// one per example, app_seed = murmur3_32("vw", 0); the counter is not kept
// in model files, as VW's is not); when every action line is labelled and
// the run learns, only the drawn line's cost is revealed, as the cb label
// `loss0 + (loss1 - loss0) cost : probability`, and --cb_explore_adf learns
// from that.
//
// Loss (the progressive "average loss", VW's): the cost written on the drawn
// action's line. -p (VW's): one line per action line, the drawn action's
// number (1-based, in line order) on its line and 0 on the others, each
// followed by its line's tag.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "learner/plugin.h"
#include "cb_explore_adf.h"

namespace learner {

struct CbifyLdfSettings {
  double loss0 = 0.0;  // --loss0: the cb cost of a line of cost 0
  double loss1 = 1.0;  // --loss1: of a line of cost 1
};

class CbifyLdf final : public GroupReduction {
 public:
  CbifyLdf(const CbifyLdfSettings& settings, std::unique_ptr<ActionPmfReduction> below);
  const Outcome& process(const ExampleGroup& group, bool learn) override;
  void prediction_text(const ExampleGroup& group, std::string& out) const override;
  void raw_text(const ExampleGroup& /*group*/, std::string& out) const override { below_->raw_text(bandit_, out); }
  void row_text(std::string& label, std::string& prediction) const override;
  double line_score(std::size_t i) const override { return below_->line_score(i); }
  // Model files keep the explorer's state (its counts, --cb_adf's).
  ReductionState* state() override { return below_->state(); }

  // The drawn action of the last example (0-based over its action lines) and its probability.
  uint32_t action() const { return action_; }
  float probability() const { return probability_; }

 private:
  CbifyLdfSettings settings_;
  std::unique_ptr<ActionPmfReduction> below_;
  uint64_t app_seed_;
  uint64_t draws_ = 0;
  ExampleGroup bandit_;       // the example as the bandit sees it (kept slots: no allocation once grown)
  std::vector<float> costs_;  // each action line's cost (kUnknownCost: none)
  uint32_t action_ = 0;
  float probability_ = 0.0f;
  Outcome outcome_;
};

// Its command-line plug-in (plugin.h): --cbify_ldf, --loss0, --loss1, and
// --cb_explore_adf's explorer and --cb_type options.

}  // namespace learner
