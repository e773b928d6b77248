#include "learner/core/weight_table.h"

#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include <sys/mman.h>

#include "learner/error.h"

namespace learner {

void WeightTable::Free::operator()(float* p) const { std::free(p); }

WeightTable::WeightTable(unsigned bits, unsigned stride)
    : bits_(bits), stride_(stride), mask_(bits >= 32 ? 0xFFFFFFFFu : ((1u << bits) - 1u)) {
  if (bits < 1 || bits > 31) throw UsageError("-b must be between 1 and 31, got " + std::to_string(bits));
  const std::size_t bytes = size() * sizeof(float);
  // Tables of 2 MiB and more sit on 2 MiB boundaries and ask for transparent
  // huge pages: the core touches a few random slots per feature, and with 4
  // KiB pages nearly every one of them is also a TLB miss (at -b 22 the
  // linear table spans 16384 small pages but only 32 huge ones). Where THP
  // is off or the advice fails nothing changes but speed.
  constexpr std::size_t kHuge = std::size_t{2} << 20;
  const std::size_t align = bytes >= kHuge ? kHuge : 64;
  const std::size_t rounded = (bytes + align - 1) / align * align;
  void* p = std::aligned_alloc(align, rounded);
  if (p == nullptr) throw Error("cannot allocate " + std::to_string(rounded >> 20) + " MiB for -b " + std::to_string(bits));
#ifdef MADV_HUGEPAGE
  if (align == kHuge) (void)madvise(p, rounded, MADV_HUGEPAGE);
#endif
  std::memset(p, 0, rounded);
  data_.reset(static_cast<float*>(p));
}

}  // namespace learner
