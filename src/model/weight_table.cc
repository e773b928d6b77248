#include "learner/model/weight_table.h"

#include <string>

#include "learner/error.h"

namespace learner {
namespace {

uint32_t checked_mask(unsigned bits) {
  if (bits < 1 || bits > 31) throw UsageError("-b must be between 1 and 31, got " + std::to_string(bits));
  return (1u << bits) - 1u;
}

}  // namespace

WeightTable::WeightTable(unsigned bits, unsigned stride)
    : bits_(bits), stride_(stride), mask_(checked_mask(bits)),
      memory_((static_cast<std::size_t>(mask_) + 1) * stride * sizeof(float), "-b " + std::to_string(bits)) {}

std::vector<std::pair<std::size_t, std::size_t>> WeightTable::touched() const {
  std::vector<std::pair<std::size_t, std::size_t>> ranges = memory_.touched();
  for (auto& [begin, end] : ranges) {
    begin /= sizeof(float);
    end = (end + sizeof(float) - 1) / sizeof(float);
  }
  return ranges;
}

}  // namespace learner
