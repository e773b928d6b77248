// The gradient learner's weights: one flat, zero-initialised float array of
// 2^bits slots x stride floats, in a ZeroedMemory block (zeroed_memory.h:
// lazily zeroed, on huge pages where available, from 2 MiB).
// A feature index i (full 32-bit hash) owns the slot (i & mask), i.e. the
// floats [ (i & mask) * stride, ... + stride ). The default linear layout is
// VW's stride 4: [w, G (adaptive sum), s (normaliser), r (scratch rate)].
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "learner/model/zeroed_memory.h"

namespace learner {

class WeightTable {
 public:
  // Throws UsageError for bits outside 1..31, Error when memory is short.
  WeightTable(unsigned bits, unsigned stride);
  WeightTable(const WeightTable&) = delete;
  WeightTable& operator=(const WeightTable&) = delete;
  WeightTable(WeightTable&&) noexcept = default;
  WeightTable& operator=(WeightTable&&) noexcept = default;

  float* slot(uint32_t index) { return data() + static_cast<std::size_t>(index & mask_) * stride_; }
  const float* slot(uint32_t index) const { return data() + static_cast<std::size_t>(index & mask_) * stride_; }
  float* data() { return static_cast<float*>(memory_.data()); }
  const float* data() const { return static_cast<const float*>(memory_.data()); }
  std::size_t size() const { return (static_cast<std::size_t>(mask_) + 1) * stride_; }  // floats
  std::size_t slots() const { return static_cast<std::size_t>(mask_) + 1; }
  unsigned bits() const { return bits_; }
  unsigned stride() const { return stride_; }
  uint32_t mask() const { return mask_; }
  // The parts of the table that may hold non-zero values, as [begin, end)
  // float offsets, ascending (ZeroedMemory::touched). Everything outside is
  // zero.
  std::vector<std::pair<std::size_t, std::size_t>> touched() const;

 private:
  unsigned bits_;
  unsigned stride_;
  uint32_t mask_;
  ZeroedMemory memory_;
};

}  // namespace learner
