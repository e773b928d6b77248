// A block of zero-filled memory for weight arrays, shared by the gradient
// learner's WeightTable and the linear learners' tables.
//
// Blocks of 2 MiB and more are anonymous mappings: their pages read as zero
// until first written, so allocating costs no memset and resident memory
// grows only with the pages written; they start on a 2 MiB boundary with
// transparent huge pages asked for (madvise), because learners touch a few
// random slots per feature and with 4 KiB pages nearly every one is also a
// TLB miss and, the first time, a page fault (at -b 22 a float table spans
// 4096 small pages, 8 huge ones). Where huge pages are off, only speed
// changes. Smaller blocks are 64-byte aligned and zeroed with memset.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace learner {

class ZeroedMemory {
 public:
  // Throws learner::Error("cannot allocate N MiB for <what>") when the
  // memory is not there.
  ZeroedMemory(std::size_t bytes, const std::string& what);
  ZeroedMemory(const ZeroedMemory&) = delete;
  ZeroedMemory& operator=(const ZeroedMemory&) = delete;
  ZeroedMemory(ZeroedMemory&&) noexcept = default;
  ZeroedMemory& operator=(ZeroedMemory&&) noexcept = default;

  void* data() { return data_.get(); }
  const void* data() const { return data_.get(); }
  std::size_t bytes() const { return bytes_; }
  bool mapped() const { return data_.get_deleter().mapped_bytes > 0; }

  // The byte ranges [begin, end), ascending, that may hold non-zero bytes:
  // for a mapping of 8 MiB and more the pages the process has touched or
  // swapped out (Linux /proc/self/pagemap), so that a save or a text dump of
  // a huge, nearly empty table reads only what was written; the whole block
  // when that cannot be told. Everything outside reads as zero.
  std::vector<std::pair<std::size_t, std::size_t>> touched() const;

 private:
  struct Free {
    Free() noexcept {}
    explicit Free(std::size_t bytes) noexcept : mapped_bytes(bytes) {}
    std::size_t mapped_bytes{0};  // > 0: an anonymous mapping of that size
    void operator()(void* p) const;
  };
  std::size_t bytes_;
  std::unique_ptr<void, Free> data_;
};

}  // namespace learner
