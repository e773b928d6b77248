// Private to the cache stage: constants of the file layout (cache_file.h)
// and the example codec.
#pragma once

#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "learner/example.h"

namespace learner::cache_format {

constexpr char kMagic[8] = {'L', 'R', 'N', 'R', 'C', 'A', 'C', 'H'};
constexpr uint32_t kByteOrder = 0x01020304u;
constexpr uint32_t kFlagCompressed = 1u;
constexpr uint32_t kBlockKind = 0x314b4c42u;  // "BLK1"
constexpr uint32_t kEndKind = 0x31444e45u;    // "END1"
constexpr std::size_t kHeaderFixed = 24;      // magic, version, byte order, flags, key length
constexpr std::size_t kBlockHeader = 32;
constexpr std::size_t kEndPayload = 24;
constexpr std::size_t kEndRecord = kBlockHeader + kEndPayload;
constexpr std::size_t kBlockTarget = 1u << 20;   // raw bytes per block (one example may exceed it)
constexpr uint32_t kMaxKey = 1u << 20;
constexpr uint32_t kMaxBlock = 1u << 30;

struct BlockHeader {
  uint32_t kind = 0, stored = 0, raw = 0, examples = 0;
  uint64_t text_bytes = 0;
  uint32_t crc = 0;
  uint32_t reserved = 0;  // must be 0
};

template <class T>
inline void store(char* p, T v) {
  std::memcpy(p, &v, sizeof v);
}
template <class T>
inline T load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

inline uint32_t crc_update(uint32_t crc, const void* data, std::size_t n) {
  uLong c = crc;
  const auto* p = static_cast<const Bytef*>(data);
  while (n > 0) {
    const uInt chunk = n > (1u << 30) ? (1u << 30) : static_cast<uInt>(n);
    c = crc32(c, p, chunk);
    p += chunk;
    n -= chunk;
  }
  return static_cast<uint32_t>(c);
}

inline uint32_t crc_start() { return static_cast<uint32_t>(crc32(0L, Z_NULL, 0)); }

// Serialises `h` (crc included) into 32 bytes.
inline void put_block_header(char* out, const BlockHeader& h) {
  store(out, h.kind);
  store(out + 4, h.stored);
  store(out + 8, h.raw);
  store(out + 12, h.examples);
  store(out + 16, h.text_bytes);
  store(out + 24, h.crc);
  store(out + 28, uint32_t{0});
}

inline BlockHeader get_block_header(const char* in) {
  BlockHeader h;
  h.kind = load<uint32_t>(in);
  h.stored = load<uint32_t>(in + 4);
  h.raw = load<uint32_t>(in + 8);
  h.examples = load<uint32_t>(in + 12);
  h.text_bytes = load<uint64_t>(in + 16);
  h.crc = load<uint32_t>(in + 24);
  h.reserved = load<uint32_t>(in + 28);
  return h;
}

// CRC of a block: its first 24 header bytes, then the stored payload.
inline uint32_t block_crc(const char* header, const void* payload, std::size_t n) {
  return crc_update(crc_update(crc_start(), header, 24), payload, n);
}

// Appends the encoding of `ex` to `out`.
void encode_example(const Example& ex, std::string& out);

// Decodes one example from [p, end) into `ex` and returns the position after
// it; nullptr when the bytes are not a well-formed example.
const char* decode_example(const char* p, const char* end, Example& ex);

}  // namespace learner::cache_format
