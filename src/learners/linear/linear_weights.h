// Private to src/learners: the flat weight array of the linear learners,
// with VW's sub-model interleaving and the lazy averaging sums of
// linear_learner.h. No allocation per example once the gradient scratch has
// reached the largest example's size.
//
// The arrays are ZeroedMemory blocks (model/zeroed_memory.h: lazily zeroed,
// on huge pages), not zero-filled std::vectors: R8 at -b 22, averaged, used
// to memset 48 MB at start-up, about a third of a 20-pass run, and then
// page-faulted it in 4 KiB at a time. Model sections store only the non-zero
// slots (version 2; version 1, the dense layout, is still read), and a save
// reads only the pages touched.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "learner/learner.h"
#include "learner/model/zeroed_memory.h"

namespace learner::detail {

// Ascending, disjoint [begin, end) slot ranges.
using SlotRanges = std::vector<std::pair<uint64_t, uint64_t>>;

class LinearWeights {
 public:
  LinearWeights(uint32_t bits, uint32_t sub_models, bool averaged);

  uint64_t slot(uint32_t h, uint32_t sub_model) const {
    return (static_cast<uint64_t>(h) * k_ + sub_model) & mask_;
  }
  // base + sum_c s_c w_c.x with the current weights, or with the average.
  double predict(const Example& ex, const std::vector<Feature>& x, Parts parts, bool average) const;
  // out[c] = base + w_c.x for each part (signs ignored), features outer and
  // parts inner: a feature's K sub-model slots are adjacent (slot h K + c),
  // so one cache line serves every class where K predict() calls would each
  // walk x again.
  void predict_each(const Example& ex, const std::vector<Feature>& x, Parts parts, bool average, double* out) const;
  // A hint that x comes next: the first slot of each feature's row.
  void prefetch(const std::vector<Feature>& x) const {
    for (const Feature& f : x) __builtin_prefetch(w() + slot(f.index, 0));
  }
  // Builds g = sum_c s_c x at sub-model c, merged per slot, in the scratch;
  // returns |g|^2.
  double gradient(const std::vector<Feature>& x, Parts parts);
  // w += scale g (and the averaging sum). Changes nothing and returns false
  // when a weight would become non-finite.
  bool add(double scale);
  // Ends one step of the weight sequence (one learn() call).
  void tick() { steps_ += 1.0; }

  // The weight a test-time prediction uses: w, or the average rounded to
  // float (as saved, so a saved model predicts exactly as before saving).
  float final_weight(uint64_t s) const {
    if (!averaged_ || steps_ <= 0.0) return w()[s];
    return static_cast<float>(w()[s] - u()[s] / steps_);
  }
  uint64_t size() const { return mask_ + 1; }

  // --allreduce: every rank's w and averaging sums become their plain mean
  // (no adaptive sums to weight by), with each rank's sums first rescaled to
  // the mean step count, so the final (averaged) weight is exactly the mean
  // of the ranks' final weights (before rounding). A collective.
  void average(AllReduce& group);

  // Start values (model/weight_init.h) of a fresh table; --constant sets the
  // constant feature's slot of every sub-model.
  void start(const WeightInit& init);

  // Sections "<name>.config", "<name>.weights", ["<name>.average"].
  void save(ModelWriter& out, const std::string& name, bool with_state) const;
  void load(ModelReader& in, const std::string& name);
  // "slot:weight" per non-zero final weight; "name:slot:weight" (name[i] for
  // sub-model i when K > 1) for the slots `names` reaches.
  void write_text(std::FILE* out, const NameMap* names) const;

 private:
  uint32_t bits_, k_;
  uint64_t mask_;
  bool averaged_;
  float* w() { return static_cast<float*>(w_.data()); }
  const float* w() const { return static_cast<const float*>(w_.data()); }
  double* u() { return static_cast<double*>(u_.data()); }
  const double* u() const { return static_cast<const double*>(u_.data()); }

  // Slot ranges outside which w (and u) are zero: the lines add() wrote while
  // exact_, else the pages `memory` (w_ or u_, of `element` bytes a slot) had
  // touched. A save visits only these: sweeping R8's -b 22 averaged tables
  // (48 MB) twice was a tenth of a 20-pass MIRA run.
  SlotRanges live(const ZeroedMemory& memory, std::size_t element) const;

  ZeroedMemory w_;
  ZeroedMemory u_;  // sum of (t - 1) delta_t per slot, when averaged (else empty)
  // One bit per line of 2^kLineShift slots that add() wrote; exact_ while
  // nothing else (start values, a load, an allreduce) wrote the tables.
  static constexpr unsigned kLineShift = 4;
  ZeroedMemory dirty_;
  bool exact_ = true;
  double steps_ = 0.0;     // T, learn() calls so far
  bool pristine_ = true;   // all zero: nothing added or loaded yet
  std::vector<std::pair<uint64_t, double>> g_;  // scratch: merged gradient

  // Row form of the gradient (rows_): when K is a power of two, slot h K + c
  // is row (h K) & mask plus c, so parts on distinct sub-models never share
  // a slot; with every part's sign +1 or -1, g is each row's sum a_r of the
  // feature values times each part's sign at r + c. A feature is probed once,
  // not once per part, and add() moves a row's slots of all parts together
  // (one cache line), checking and writing in one pass. Same values and sums
  // as the slot form. (Skipping the merge when a bitmap of rows saw no
  // repeat cost as many instructions as the merge, on R8.)
  bool rows_ = false;
  std::vector<std::pair<uint64_t, double>> row_sums_;  // (row, a_r), first-seen order
  std::vector<Part> row_parts_;
  bool power_of_two_k_;
  std::vector<std::pair<float, double>> old_;  // add_by_row's scratch: values before, to undo
  // Upper bounds on |w| and |u| over the whole table: swept after start
  // values, a load or an allreduce, raised by each update. While the bound
  // plus an update's largest step stays under half the type's largest value,
  // no slot can become non-finite, and add_by_row() writes without checking
  // (or saving for an undo) each slot.
  double w_bound_ = 0.0, u_bound_ = 0.0;
  void bound_tables();
  // Probes x for repeated keys (the slot, or the row in the row form): `out`
  // gets each distinct key once, with the sum of `value` over its features.
  // Keys repeat across the merge() calls of one round, which start_merge()
  // begins for at most `entries` keys.
  void start_merge(std::size_t entries);
  template <class Key, class Value>
  void merge(const std::vector<Feature>& x, Key key, Value value, std::vector<std::pair<uint64_t, double>>& out);
  template <bool kAveraged, std::size_t kParts>  // kParts: 1, 2, or 0 for any count
  bool add_by_row(double scale);
  // Scratch of merge(): where each key (slot, or row) stands in its output,
  // by hash. Repeated keys (a feature given twice, or two hashes that meet
  // under -b) are merged as they arrive. (A 2^20-bit filter with a sort whenever two
  // different slots shared a bit cost R8's MIRA 10% of a run in the sort:
  // long documents share bits.) The slot sits in the entry
  // (a probe reads one line) and a stamp per call replaces clearing.
  struct Probe {
    uint64_t slot = 0;
    uint32_t position = 0;
    uint32_t stamp = 0;  // valid in the call with this stamp only
  };
  std::vector<Probe> probes_;
  uint32_t stamp_ = 0;
};

}  // namespace learner::detail
