// What a reduction keeps across examples that model files carry (VW's
// save_load of its reductions): --cb_adf's mtr counts of groups and action
// lines learned from, --cb_explore_adf --first's count of explored groups.
// The model file holds it in a section "reduction" after the learner's
// sections and the run's "labels" (train/model_output.h), written only when
// the reduction has state; a model without that section (an older file, or
// a reduction without state) loads with the state a fresh run starts from.
// A resumed run (-i) thus continues the counts where the saved run stopped.
//
// The payload's layout is the reduction's own; a reduction over another
// (--cb_explore_adf over --cb_adf, --cb K over --cb_adf) writes its part and
// then the one below, and reads them back in the same order.
#pragma once

#include <cstdint>
#include <cstdio>

namespace learner {

class ModelWriter;
class ModelReader;

class ReductionState {
 public:
  virtual ~ReductionState() = default;
  virtual void save_state(ModelWriter& out) const = 0;
  virtual void load_state(ModelReader& in) = 0;
  // The state's lines in VW's text models (--readable_model, --invert_hash),
  // above the weights, in the order of save_state; none by default.
  virtual void write_text(std::FILE*) const {}
  // The state of VW's shared random generator if this reduction draws from it
  // (0: it does not). VW keeps it in its text models' options line as
  // " --random_seed N" when non-zero (parse_regressor.cc save_load_header).
  virtual uint64_t vw_random_state() const { return 0; }
};

// The section's name and its layout version.
inline constexpr const char* kReductionStateSection = "reduction";
inline constexpr uint32_t kReductionStateVersion = 1;

}  // namespace learner
