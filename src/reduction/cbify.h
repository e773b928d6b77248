// --cbify K: VW's multiclass-to-bandit simulation (VW 9.11's cbify over
// --cb_explore K, the stack VW runs with --cb_force_legacy). Each example
// with multiclass label y: --cb_explore (reduction/cb_explore.h) predicts a
// pmf over the K actions; an action a is drawn from it; the bandit feedback is
// the label a:c:p with c = --loss0 (default 0) when a = y, else --loss1
// (default 1), both negated with --flip_loss_sign, and p the pmf's mass on
// a; --cb_explore learns from it.
//
// The draw is VW's: u = merand48 of the state app_seed + n, one fresh state
// per draw (not advanced), where app_seed = murmur3_32("vw", 0) (VW does not
// use --random_seed here) and n counts the examples of the run; a is the
// first action whose running pmf sum exceeds u times the pmf's sum. One draw
// per example; --cb_explore is called twice for a trained example (predict,
// then learn: --first's counter counts both), once for the others.
//
// Output and loss are multiclass, as VW prints them: -p the drawn action, the
// progressive loss 0/1 (a != y) per labeled example. --cbify_cs reads
// cost-sensitive labels instead (cbify_feedback.h: costs, loss, row).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "learner/plugin.h"
#include "cb_explore.h"
#include "learner/reduction/reduction.h"

namespace learner {

struct CbifySettings {
  uint32_t actions = 0;  // K
  double loss0 = 0.0;    // --loss0: the cost of the right action
  double loss1 = 1.0;    // --loss1: the cost of a wrong one
  bool flip_loss_sign = false;  // --flip_loss_sign: costs -loss0, -loss1
  bool cost_sensitive = false;  // --cbify_cs: cost-sensitive labels (cbify_feedback.h)
};

// VW's sample_after_normalizing: the index drawn from `pmf` (any nonnegative
// weights) with the uniform u in [0, 1); 0 when the weights sum to 0.
uint32_t draw_from_pmf(const std::vector<float>& pmf, float u);

class Cbify final : public TaggedReduction {
 public:
  Cbify(const CbifySettings& settings, std::unique_ptr<CbExplore> below);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  bool row_text(std::string& label, std::string& prediction) const override;
  bool writes_raw() const override { return false; }  // VW's -r: nothing
  void print_summary(std::FILE*) const override {}
  ReductionState* state() override { return below_->state(); }  // --cover's count (cb_explore_legacy.h)

 private:
  void write_prediction(std::string& out) const override;
  void write_raw(std::string& out) const override { write_prediction(out); }
  uint32_t draw(const Example& ex, const std::vector<Feature>& features);  // one VW call's action, 1-based

  CbifySettings settings_;
  std::unique_ptr<CbExplore> below_;
  uint64_t app_seed_;
  uint64_t draws_ = 0;
  std::vector<ClassCost> feedback_;  // the bandit label handed to --cb_explore
  const std::vector<ClassCost> no_label_;
  uint32_t action_ = 1;
  uint32_t label_ = 0;
  std::string row_label_;  // the progress row's label column
  Outcome outcome_;
};

// Its command-line plug-in (plugin.h): --cbify K, --loss0, --loss1.

}  // namespace learner
