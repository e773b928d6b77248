// VW's namespace and feature hashing on top of murmur3_32.
#include "learner/parse/hash.h"

namespace learner {
namespace {

// VW trims bytes 0x00-0x20 at both ends (not UTF-8 bytes >= 0x80).
inline bool is_trimmed(char c) { return static_cast<unsigned char>(c) <= 0x20; }

}  // namespace

uint32_t hash_namespace(std::string_view name, uint32_t hash_seed) { return murmur3_32(name, hash_seed); }

uint32_t hash_namespace(std::string_view name, uint32_t hash_seed, bool hash_all) {
  if (name.empty()) return murmur3_32(name, hash_seed);
  return hash_feature(name, hash_seed, hash_all);
}

uint32_t hash_feature(std::string_view name, uint32_t ns_hash, bool hash_all) {
  if (hash_all) return murmur3_32(name, ns_hash);
  while (!name.empty() && is_trimmed(name.front())) name.remove_prefix(1);
  while (!name.empty() && is_trimmed(name.back())) name.remove_suffix(1);
  uint32_t number = 0;
  for (char c : name) {
    if (c < '0' || c > '9') return murmur3_32(name, ns_hash);
    number = number * 10 + static_cast<uint32_t>(c - '0');  // wraps like VW's 64-bit sum, mod 2^32
  }
  return number + ns_hash;
}

}  // namespace learner
