#include "learner/model/zeroed_memory.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "learner/error.h"

namespace learner {

void ZeroedMemory::Free::operator()(void* p) const {
  if (mapped_bytes > 0)
    ::munmap(p, mapped_bytes);
  else
    std::free(p);
}

ZeroedMemory::ZeroedMemory(std::size_t bytes, const std::string& what) : bytes_(bytes) {
  auto fail = [&] { return Error("cannot allocate " + std::to_string(bytes >> 20) + " MiB for " + what); };
  constexpr std::size_t kHuge = std::size_t{2} << 20;
  if (bytes >= kHuge) {
    const std::size_t rounded = (bytes + kHuge - 1) / kHuge * kHuge;
    // Over-map by 2 MiB and trim, so that the block starts on a boundary.
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
    data_ = std::unique_ptr<void, Free>(p, Free{rounded});
    return;
  }
  const std::size_t rounded = std::max<std::size_t>(64, (bytes + 63) / 64 * 64);
  void* p = std::aligned_alloc(64, rounded);
  if (p == nullptr) throw fail();
  std::memset(p, 0, rounded);
  data_.reset(p);
}

std::vector<std::pair<std::size_t, std::size_t>> ZeroedMemory::touched() const {
  std::vector<std::pair<std::size_t, std::size_t>> ranges;
  if (!mapped() || bytes_ < (std::size_t{8} << 20)) {
    ranges.emplace_back(0, bytes_);
    return ranges;
  }
  // pagemap: one u64 per page, bit 63 present, bit 62 swapped; a page with
  // neither was never touched and reads as zero.
  const long page = ::sysconf(_SC_PAGESIZE);
  const int fd = ::open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
  if (page <= 0 || fd < 0) {
    if (fd >= 0) ::close(fd);
    ranges.emplace_back(0, bytes_);
    return ranges;
  }
  const auto page_bytes = static_cast<std::size_t>(page);
  const std::size_t first = reinterpret_cast<std::uintptr_t>(data_.get()) / page_bytes;
  const std::size_t pages = (bytes_ + page_bytes - 1) / page_bytes;
  std::vector<uint64_t> entries(4096);
  for (std::size_t p = 0; p < pages;) {
    const std::size_t n = std::min(entries.size(), pages - p);
    const ssize_t got = ::pread(fd, entries.data(), n * sizeof(uint64_t), static_cast<off_t>((first + p) * sizeof(uint64_t)));
    if (got != static_cast<ssize_t>(n * sizeof(uint64_t))) {
      ::close(fd);
      ranges.assign(1, {0, bytes_});
      return ranges;
    }
    for (std::size_t i = 0; i < n; ++i) {
      if ((entries[i] >> 62) == 0) continue;
      const std::size_t begin = (p + i) * page_bytes, end = std::min(bytes_, begin + page_bytes);
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
