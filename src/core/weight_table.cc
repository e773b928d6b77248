#include "learner/core/weight_table.h"

#include <cstdint>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <new>
#include <string>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "learner/error.h"

namespace learner {

void WeightTable::Free::operator()(float* p) const {
  if (mapped_bytes > 0)
    ::munmap(p, mapped_bytes);
  else
    std::free(p);
}

WeightTable::WeightTable(unsigned bits, unsigned stride)
    : bits_(bits), stride_(stride), mask_(bits >= 32 ? 0xFFFFFFFFu : ((1u << bits) - 1u)) {
  if (bits < 1 || bits > 31) throw UsageError("-b must be between 1 and 31, got " + std::to_string(bits));
  const std::size_t bytes = size() * sizeof(float);
  auto fail = [&] { return Error("cannot allocate " + std::to_string(bytes >> 20) + " MiB for -b " + std::to_string(bits)); };
  // Tables of 2 MiB and more are anonymous mappings (zero pages until first
  // written: no memset, and RSS grows only with the slots touched) on 2 MiB
  // boundaries with transparent huge pages asked for: the core touches a
  // few random slots per feature, and with 4 KiB pages nearly every one of
  // them is also a TLB miss (at -b 22 the linear table spans 16384 small
  // pages but only 32 huge ones). Where THP is off or the advice fails
  // nothing changes but speed.
  constexpr std::size_t kHuge = std::size_t{2} << 20;
  if (bytes >= kHuge) {
    const std::size_t rounded = (bytes + kHuge - 1) / kHuge * kHuge;
    // Over-map by 2 MiB and trim, so that the table starts on a boundary.
    void* raw = ::mmap(nullptr, rounded + kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw fail();
    const auto start = reinterpret_cast<std::uintptr_t>(raw);
    const std::uintptr_t aligned = (start + kHuge - 1) / kHuge * kHuge;
    if (aligned > start) ::munmap(raw, aligned - start);
    if (const std::size_t tail = start + rounded + kHuge - (aligned + rounded); tail > 0)
      ::munmap(reinterpret_cast<void*>(aligned + rounded), tail);
    void* p = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
    (void)::madvise(p, rounded, MADV_HUGEPAGE);
#endif
    data_ = std::unique_ptr<float[], Free>(static_cast<float*>(p), Free{rounded});
    return;
  }
  const std::size_t rounded = (bytes + 63) / 64 * 64;
  void* p = std::aligned_alloc(64, rounded);
  if (p == nullptr) throw fail();
  std::memset(p, 0, rounded);
  data_.reset(static_cast<float*>(p));
}

std::vector<std::pair<std::size_t, std::size_t>> WeightTable::touched() const {
  const std::size_t floats = size();
  std::vector<std::pair<std::size_t, std::size_t>> ranges;
  const std::size_t whole_bytes = floats * sizeof(float);
  if (data_.get_deleter().mapped_bytes == 0 || whole_bytes < (std::size_t{8} << 20)) {
    ranges.emplace_back(0, floats);
    return ranges;
  }
  // pagemap: one u64 per page, bit 63 present, bit 62 swapped; a page with
  // neither was never touched and reads as zero.
  const long page = ::sysconf(_SC_PAGESIZE);
  const int fd = ::open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
  if (page <= 0 || fd < 0) {
    if (fd >= 0) ::close(fd);
    ranges.emplace_back(0, floats);
    return ranges;
  }
  const auto first = reinterpret_cast<std::uintptr_t>(data_.get()) / static_cast<std::size_t>(page);
  const std::size_t pages = (whole_bytes + static_cast<std::size_t>(page) - 1) / static_cast<std::size_t>(page);
  const std::size_t per_page = static_cast<std::size_t>(page) / sizeof(float);
  std::vector<uint64_t> entries(4096);
  for (std::size_t p = 0; p < pages;) {
    const std::size_t n = std::min(entries.size(), pages - p);
    const ssize_t got = ::pread(fd, entries.data(), n * sizeof(uint64_t), static_cast<off_t>((first + p) * sizeof(uint64_t)));
    if (got != static_cast<ssize_t>(n * sizeof(uint64_t))) {
      ::close(fd);
      ranges.assign(1, {0, floats});
      return ranges;
    }
    for (std::size_t i = 0; i < n; ++i) {
      if ((entries[i] >> 62) == 0) continue;
      const std::size_t begin = (p + i) * per_page, end = std::min(floats, begin + per_page);
      if (!ranges.empty() && ranges.back().second == begin)
        ranges.back().second = end;
      else
        ranges.emplace_back(begin, end);
    }
    p += n;
  }
  ::close(fd);
  return ranges;
}

}  // namespace learner
