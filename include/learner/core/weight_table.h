// One flat, zero-initialised float array of 2^bits slots x stride floats,
// 64-byte aligned (2 MiB aligned, on huge pages where available, from 2 MiB).
// A feature index i (full 32-bit hash) owns the slot (i & mask), i.e. the
// floats [ (i & mask) * stride, ... + stride ). The default linear layout is
// VW's stride 4: [w, G (adaptive sum), s (normaliser), r (scratch rate)].
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace learner {

class WeightTable {
 public:
  WeightTable(unsigned bits, unsigned stride);
  WeightTable(const WeightTable&) = delete;
  WeightTable& operator=(const WeightTable&) = delete;
  WeightTable(WeightTable&&) noexcept = default;
  WeightTable& operator=(WeightTable&&) noexcept = default;

  float* slot(uint32_t index) { return data_.get() + static_cast<std::size_t>(index & mask_) * stride_; }
  const float* slot(uint32_t index) const { return data_.get() + static_cast<std::size_t>(index & mask_) * stride_; }
  float* data() { return data_.get(); }
  const float* data() const { return data_.get(); }
  std::size_t size() const { return (static_cast<std::size_t>(mask_) + 1) * stride_; }  // floats
  std::size_t slots() const { return static_cast<std::size_t>(mask_) + 1; }
  unsigned bits() const { return bits_; }
  unsigned stride() const { return stride_; }
  uint32_t mask() const { return mask_; }
  // The parts of the table that may hold non-zero values, as [begin, end)
  // float offsets, ascending: for a mapped table the pages the process has
  // touched or swapped out (Linux /proc/self/pagemap), so that a text dump or
  // a save of a huge, nearly empty table reads only what was written; the
  // whole table when that cannot be told. Everything outside is zero.
  std::vector<std::pair<std::size_t, std::size_t>> touched() const;

 private:
  struct Free {
    Free() noexcept {}
    explicit Free(std::size_t bytes) noexcept : mapped_bytes(bytes) {}
    std::size_t mapped_bytes{0};  // > 0: an anonymous mapping of that size
    void operator()(float* p) const;
  };
  unsigned bits_;
  unsigned stride_;
  uint32_t mask_;
  std::unique_ptr<float[], Free> data_;
};

}  // namespace learner
