// hash_feature (learner/parse/hash.h) with its common cases inline, for the
// JSON walker's per-feature calls: an all-digit name (or the empty one) is
// its number plus the seed, mod 2^32; a name that VW's trimming leaves alone
// (no byte <= 0x20 at either end) is murmur3_32 of itself. Everything else
// (--hash all, names to trim) goes to hash_feature: the same value in every
// case. Private to the formats stage.
#pragma once

#include <cstdint>
#include <string_view>

#include "learner/parse/hash.h"

namespace learner {

[[gnu::always_inline]] inline uint32_t feature_hash(std::string_view name, uint32_t seed, bool hash_all) {
  if (hash_all) return murmur3_32(name, seed);
  uint32_t number = 0;
  std::size_t i = 0;
  for (; i < name.size(); ++i) {
    const unsigned digit = static_cast<unsigned>(static_cast<unsigned char>(name[i])) - '0';
    if (digit > 9) break;
    number = number * 10 + digit;  // wraps like VW's 64-bit sum, mod 2^32
  }
  if (i == name.size()) return number + seed;
  if (static_cast<unsigned char>(name.front()) <= 0x20 || static_cast<unsigned char>(name.back()) <= 0x20)
    return hash_feature(name, seed, false);
  return murmur3_32(name, seed);
}

}  // namespace learner
