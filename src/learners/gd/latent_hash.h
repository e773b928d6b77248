// The dyadic model's hash of (seed, slot, dimension) and of its dropout
// draws: SplitMix64's finaliser (Steele, Lea and Flood, "Fast splittable
// pseudorandom number generators", 2014), shared by the start vectors
// (dotproduct_start.cc) and the dropout masks (dotproduct.cc).
#pragma once

#include <cstdint>

namespace learner::detail {

inline uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace learner::detail
