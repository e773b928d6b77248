// A plain namespace's features finished a batch at a time (private to the
// parse stage): the walk (plain_features.h) leaves each feature as words -
// its value's bytes, its name's bytes - and this reads them together: four
// at a time with AVX2 where the CPU has it (checked at run time), one at a
// time elsewhere. The same results either way, and the same as the general
// loop's: a value is the digits' integer over one IEEE division by a power
// of ten (Clinger's exact case, so strtod's double), narrowed to float; a
// name of 1..8 bytes hashes as hash_feature does it (an all-digit name is
// its number plus the seed, any other murmur3 of its bytes).
#pragma once

#include <cstddef>
#include <cstdint>

#include "learner/example.h"

namespace learner {

struct FeatureWords {
  static constexpr std::size_t kSize = 68;  // a block of 64 and its padding to a multiple of 4
  // A value's 1..8 bytes (a sign first, if any) right-aligned, first byte
  // lowest, zero bytes in front; a value without a digit ("." "-." "+." "-"
  // "+") is the walk's to refuse. A bare name's value is "00000001".
  uint64_t value[kSize];
  // The name's 1..8 bytes, first lowest, zero bytes above (a name holds no
  // zero byte); 0: `index` holds the feature's index already.
  uint64_t name[kSize];
  uint32_t index[kSize];
};

// Features 0..count-1 of `words` (count a multiple of 4), their names hashed
// with `seed`, into out[0..count-1]. Returns false when a value is not digits
// with at most one '.' (out is then undefined); else sets bit i of `zeros`
// (i < 64) for each value 0 (VW drops them).
bool finish_feature_batch(const FeatureWords& words, std::size_t count, uint32_t seed, Feature* out, uint64_t& zeros);
// The same one feature at a time: the path without AVX2, public for the
// tests that compare the two.
bool finish_feature_batch_portable(const FeatureWords& words, std::size_t count, uint32_t seed, Feature* out,
                                   uint64_t& zeros);

}  // namespace learner
