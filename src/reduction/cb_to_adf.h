// VW 9.11's default routing of the fixed-action contextual-bandit flags
// through its ADF path (VW's cb_to_cb_adf, and cbify's ADF branch): without
// --cb_force_legacy (and without --eval), `--cb K` runs --cb_adf,
// `--cb_explore K` runs --cb_explore_adf and `--cbify K` runs
// --cb_explore_adf, each single-line example becoming a multi-line example
// (example_group.h) of K action lines, no shared line:
//
//   line a (0-based) = the example's features (built and raw, so
//   --dotproduct's latent terms see them), each moved to action a's place:
//   index h -> (h with its low bitlen(K) bits cleared) + a, VW's
//   copy_example_to_adf (with the cb_adf's sub-model interleaving below, the
//   K copies of a weight sit side by side, as VW's copies do).
//
// The logged observation `a:c:p` of a --cb / --cb_explore label (the first
// entry with a known cost and p > 0 when the label lists several; a label
// with none is a test label) labels line a - 1; every other line is
// unlabeled. --cb_type's default is then --cb_adf's (mtr), as VW's.
//
// Output is the ADF reduction's, as VW prints it: --cb's -p the 0-based
// action then a blank line, --cb_explore's the pmf `1:0.975,0:0.025`; the
// progress row's label `a-1:c:p`, its features the K lines' (VW's count);
// -r stays empty (VW's, also for --cbify).
//
// --cbify K (CbifyAdf; also with --cb_explore_adf given, even under
// --cb_force_legacy, as VW's cbify): predicts the pmf over the K copies (unlabeled),
// draws an action from it as the legacy --cbify draws (cbify.h: one draw per
// example, VW's seed), and, when the example is labeled and learned from,
// labels the drawn copy with cost loss0 / loss1 and the pmf's probability
// and learns. -p prints the drawn action (1-based), the loss is 0/1.
//
// The legacy reductions (cb.h, cb_explore.h, cbify.h) stay under
// --cb_force_legacy, which models store, so -i rebuilds the same path.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "learner/example_group.h"
#include "learner/plugin.h"
#include "cb_adf.h"
#include "cb_explore_adf.h"
#include "cbify.h"
#include "learner/reduction/reduction.h"

namespace learner {

// Where action `action` (0-based) of `actions` puts a feature of hash
// `index`, as VW's copy_example_to_adf: with `width` the sub-models of the
// stack below (VW's feature_width_below) and w = width rounded up to a power
// of two (the interleave, gd's model.h), a feature's weights start at
// (index w, cleared below 2^bitlen(actions x width)) + action x width
// sub-model slots: the line's features take `index` and the line the
// `shift` (Example::weight_shift) below w.
struct ActionCopyIndex {
  uint32_t index;
  uint32_t shift;
};
inline ActionCopyIndex action_copy_index(uint32_t index, uint32_t action, uint32_t actions, uint32_t width) {
  uint64_t block = 1;  // w
  while (block < width) block <<= 1;
  uint64_t span = 1;  // 2^bitlen(actions x width)
  for (uint64_t k = static_cast<uint64_t>(actions) * width; k > 0; k >>= 1) span <<= 1;
  const uint64_t keep = span / block;  // a power of two >= 1
  const uint64_t offset = static_cast<uint64_t>(action) * width;
  return {static_cast<uint32_t>((index & ~(keep - 1)) + offset / block), static_cast<uint32_t>(offset % block)};
}

// Builds the K action lines of one single-line example (reusing its buffers),
// each feature moved by action_copy_index, or by the constructor's `index`.
class ActionCopies {
 public:
  using CopyIndex = uint32_t (*)(uint32_t index, uint32_t action, uint32_t actions);
  // `width`: the sub-models of the stack below (action_copy_index). `index`, when given, moves
  // the features instead, with no weight shift (--warm_cb moves them as VW's warm_cb does).
  ActionCopies(uint32_t actions, uint32_t width, CopyIndex index = nullptr)
      : actions_(actions), width_(width), index_(index) {}
  // Line `labelled` (0-based; >= K for none) gets the label `observed`.
  const ExampleGroup& make(const Example& ex, const std::vector<Feature>& features, uint32_t labelled,
                           const ClassCost& observed);
  uint32_t actions() const { return actions_; }
  const ExampleGroup& group() const { return group_; }
  ExampleGroup& group() { return group_; }  // a caller may reweigh the lines (--warm_cb)

 private:
  uint32_t actions_;
  uint32_t width_;
  CopyIndex index_;
  ExampleGroup group_;
};

// The observation of a --cb label as VW's cb_to_cb_adf reads it: its index
// into `costs`, or -1 for a test label.
int cb_observation(const std::vector<ClassCost>& costs);

// --cb K / --cb_explore K over the ADF reduction `adf` (CbAdf or CbExploreAdf).
class CbToAdf final : public Reduction {
 public:
  CbToAdf(uint32_t actions, uint32_t width, std::unique_ptr<GroupReduction> adf);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  void prediction_text(const std::string& tag, std::string& out) const override;
  void raw_text(const std::string& tag, std::string& out) const override;
  void print_summary(std::FILE* out) const override { adf_->print_summary(out); }
  bool row_text(std::string& label, std::string& prediction) const override;
  uint64_t counted_features(std::size_t) const override;
  bool writes_raw() const override { return false; }  // VW's -r: nothing
  GroupReduction& adf() { return *adf_; }
  ReductionState* state() override { return adf_->state(); }

 private:
  ActionCopies copies_;
  std::unique_ptr<GroupReduction> adf_;
};

// --cbify K over --cb_explore_adf.
class CbifyAdf final : public TaggedReduction {
 public:
  CbifyAdf(const CbifySettings& settings, uint32_t width, std::unique_ptr<ActionPmfReduction> explore);
  const Outcome& process(const Example& ex, const std::vector<Feature>& features, bool learn) override;
  bool row_text(std::string& label, std::string& prediction) const override;
  void print_summary(std::FILE*) const override {}
  GroupReduction& adf() { return *explore_; }
  ReductionState* state() override { return explore_->state(); }
  bool writes_raw() const override { return false; }  // VW's -r: nothing

 private:
  void write_prediction(std::string& out) const override { out += std::to_string(action_); }
  void write_raw(std::string& out) const override { out += std::to_string(action_); }

  CbifySettings settings_;
  ActionCopies copies_;
  std::unique_ptr<ActionPmfReduction> explore_;
  uint32_t app_seed_;
  uint64_t draws_ = 0;
  uint32_t label_ = 0, action_ = 0;  // the last example's class and drawn action (1-based)
  std::string row_label_;             // the progress row's label column
  Outcome outcome_;
};

// Whether --cb / --cb_explore / --cbify run through the ADF path (VW 9.11's
// default): not with --cb_force_legacy or --eval.
bool cb_routed_to_adf(const OptionValues& values);
// --cbify's: routed, or --cb_explore_adf given (VW's cbify over it, even with --cb_force_legacy).
bool cbify_uses_adf(const OptionValues& values);
// The routed reductions' factories (the plug-ins' setup calls them).
ReductionSetup cb_to_adf_setup(const OptionValues& values, const ReductionSpec& spec, const std::string& flag);
ReductionSetup cbify_adf_setup(const OptionValues& values, const ReductionSpec& spec, const CbifySettings& settings);

}  // namespace learner
