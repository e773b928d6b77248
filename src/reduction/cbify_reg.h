// --cbify K --cbify_reg --cb_discrete: VW 9.11's discretised regression to
// bandit (cbify.cc's predict_or_learn_regression_discrete), over the legacy
// --cb_explore K stack (VW's cb_explore over cb, --cb_type dr by default),
// whatever --cb_force_legacy says, as VW builds it. The continuous path
// (without --cb_discrete: VW's CATS) is not built.
//
// Per example with label y (a simple label): the explorer's pmf over the K
// actions; an action a (0-based) drawn from it as --cbify draws (VW's seed
// "vw" plus a per-example counter); its value v = min + a (max - min) / K;
// its cost, with r = max - min: (y - v)^2 / r^2 (--loss_option 0),
// |y - v| / r (1), or 0 when |y - v| <= --loss_01_ratio r, else 1 (2). When
// learning, the explorer learns `a+1:cost:p` (p: the drawn action's
// probability, normalised). The reported loss is the cost (times r^2 or r
// with --loss_report 1); -p prints v. VW's float arithmetic throughout.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cb_explore.h"
#include "learner/reduction/reduction.h"

namespace learner {

struct CbifyRegSettings {
  uint32_t actions = 0;         // K
  float min_value = 0.0f;       // --min_value
  float max_value = 0.0f;       // --max_value
  int loss_option = 0;          // --loss_option: 0 squared, 1 absolute, 2 0/1
  int loss_report = 0;          // --loss_report 1: the loss in the label's units
  float loss_01_ratio = 0.1f;   // --loss_01_ratio
};

// The cost of value v for label y (the header's formulas).
float cbify_reg_cost(const CbifyRegSettings& s, float v, float y);

class CbifyReg final : public TaggedReduction {
 public:
  CbifyReg(const CbifyRegSettings& settings, std::unique_ptr<CbExplore> below);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  bool row_text(std::string& label, std::string& prediction) const override;
  void print_summary(std::FILE*) const override {}
  bool writes_raw() const override { return false; }  // VW's --cbify writes no -r lines

 private:
  void write_prediction(std::string& out) const override;
  void write_raw(std::string& out) const override { write_prediction(out); }

  CbifyRegSettings settings_;
  std::unique_ptr<CbExplore> below_;
  uint64_t app_seed_;
  uint64_t draws_ = 0;
  float value_ = 0.0f;
  std::vector<ClassCost> feedback_, no_label_;
  Outcome outcome_;
};

}  // namespace learner
