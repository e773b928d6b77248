#include "learner/core/weight_table.h"

#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include "learner/error.h"

namespace learner {

void WeightTable::Free::operator()(float* p) const { std::free(p); }

WeightTable::WeightTable(unsigned bits, unsigned stride)
    : bits_(bits), stride_(stride), mask_(bits >= 32 ? 0xFFFFFFFFu : ((1u << bits) - 1u)) {
  if (bits < 1 || bits > 31) throw UsageError("-b must be between 1 and 31, got " + std::to_string(bits));
  const std::size_t bytes = size() * sizeof(float);
  const std::size_t rounded = (bytes + 63) / 64 * 64;
  void* p = std::aligned_alloc(64, rounded);
  if (p == nullptr) throw Error("cannot allocate " + std::to_string(rounded >> 20) + " MiB for -b " + std::to_string(bits));
  std::memset(p, 0, rounded);
  data_.reset(static_cast<float*>(p));
}

}  // namespace learner
