// Feature hashing exactly as Vowpal Wabbit (docs/vw-compat.md section 5).
//
//  * murmur3_32: MurmurHash3 x86_32 (Austin Appleby, public domain algorithm).
//  * namespace hash = murmur3_32(name, hash_seed); the default namespace
//    (name "") hashes to 0 when hash_seed is 0, as in VW.
//  * feature hash under --hash strings (default): bytes 0x00-0x20 are trimmed
//    at both ends; a name then made only of digits (or empty) is
//    int(name) + ns_hash mod 2^32, unmixed; any other name is
//    murmur3_32(trimmed name, ns_hash). Under --hash all always murmur of the
//    untrimmed name.
//  * the parser's namespace hash (VW's): the 3-argument hash_namespace. A
//    named namespace goes through the feature hasher with the seed, so under
//    --hash strings `|12` hashes to 12 + hash_seed; the default namespace ""
//    is murmur3_32("", hash_seed). For names that are not all digits it equals
//    the 2-argument form.
//  * interaction index: pair (kFnvPrime * h1) ^ h2, triple
//    (kFnvPrime * ((kFnvPrime * h1) ^ h2)) ^ h3, and so on.
//  * the constant feature has index kConstantIndex (116060 under -b 18).
#pragma once

#include <cstdint>
#include <string_view>

namespace learner {

constexpr uint32_t kFnvPrime = 16777619u;
constexpr uint32_t kConstantIndex = 11650396u;

uint32_t murmur3_32(std::string_view data, uint32_t seed);
uint32_t hash_namespace(std::string_view name, uint32_t hash_seed);
uint32_t hash_namespace(std::string_view name, uint32_t hash_seed, bool hash_all);
uint32_t hash_feature(std::string_view name, uint32_t ns_hash, bool hash_all);
inline uint32_t interaction_hash(uint32_t left, uint32_t right) { return (kFnvPrime * left) ^ right; }

}  // namespace learner
