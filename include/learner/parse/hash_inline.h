// hash_feature (hash.h) with its common cases inline, for the readers'
// per-feature loops (the text parser's namespaces, the JSON walker): an
// all-digit name (or the empty one) is its number plus the seed, mod 2^32; a
// name that VW's trimming leaves alone (no byte <= 0x20 at either end) is
// murmur3 of itself; the rest (names to trim) go to hash_feature. The same
// value as hash_feature(name, seed, hash_all) in every case.
#pragma once

#include <cstdint>
#include <string_view>

#include "learner/parse/hash.h"
#include "learner/parse/murmur3_inline.h"

namespace learner {

inline uint32_t hash_feature_inline(std::string_view name, uint32_t seed, bool hash_all) {
  if (hash_all) return detail::murmur3_32_inline(name, seed);
  if (name.empty()) return seed;  // the number 0 plus the seed
  const auto front = static_cast<unsigned char>(name.front());
  if (front - unsigned{'0'} <= 9) {  // a digit first: the number, if all are digits
    uint32_t number = front - unsigned{'0'};
    std::size_t i = 1;
    for (; i < name.size(); ++i) {
      const unsigned digit = static_cast<unsigned>(static_cast<unsigned char>(name[i])) - '0';
      if (digit > 9) break;
      number = number * 10 + digit;  // wraps like VW's 64-bit sum, mod 2^32
    }
    if (i == name.size()) return number + seed;
  } else if (front <= 0x20) {
    return hash_feature(name, seed, false);
  }
  if (static_cast<unsigned char>(name.back()) <= 0x20) return hash_feature(name, seed, false);
  return detail::murmur3_32_inline(name, seed);
}

}  // namespace learner
