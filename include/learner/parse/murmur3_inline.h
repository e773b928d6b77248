// MurmurHash3 x86_32 (Austin Appleby's public-domain algorithm), written from
// its description: 4-byte little-endian blocks mixed with c1/c2 and rotations,
// a 1-3 byte tail, then the length and the fmix32 avalanche. Inline for the
// per-feature loops of the text parser and the JSON walker (through
// hash_inline.h); hash.h's murmur3_32 is the out-of-line entry.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace learner::detail {

inline uint32_t murmur_scramble(uint32_t k) {
  k *= 0xcc9e2d51u;
  k = std::rotl(k, 15);
  return k * 0x1b873593u;
}

inline uint32_t murmur_load_le32(const unsigned char* p) {
  if constexpr (std::endian::native == std::endian::little) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  } else {
    return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
  }
}

inline uint32_t murmur3_32_inline(std::string_view data, uint32_t seed) {
  const auto* p = reinterpret_cast<const unsigned char*>(data.data());
  const std::size_t len = data.size();
  const std::size_t blocks = len / 4;
  uint32_t h = seed;
  for (std::size_t i = 0; i < blocks; ++i) {
    h ^= murmur_scramble(murmur_load_le32(p + 4 * i));
    h = std::rotl(h, 13);
    h = h * 5 + 0xe6546b64u;
  }
  const unsigned char* tail = p + 4 * blocks;
  const std::size_t rest = len & 3;
  if (rest != 0) {  // the 1-3 byte tail, little-endian (no jump table: short names are the common case)
    uint32_t k = tail[0];
    if (rest > 1) k |= uint32_t{tail[1]} << 8;
    if (rest > 2) k |= uint32_t{tail[2]} << 16;
    h ^= murmur_scramble(k);
  }
  h ^= static_cast<uint32_t>(len);
  h ^= h >> 16;  // fmix32
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

}  // namespace learner::detail
