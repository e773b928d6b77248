// CacheWriter: examples are encoded into a ~1 MiB block buffer; each full
// block is (optionally compressed and) written with its checksummed header.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "format.h"
#include "learner/cache/cache_file.h"

namespace learner {

using namespace cache_format;

CacheWriter::CacheWriter(std::string path, const CacheKey& key, bool compressed)
    : path_(std::move(path)), tmp_(path_ + ".tmp." + std::to_string(::getpid())), compressed_(compressed) {
  fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) throw Error("cannot create cache file " + tmp_ + ": " + std::strerror(errno));
  std::string text;
  for (const auto& [name, value] : key.fields) text += name + "=" + value + "\n";
  std::string header(kHeaderFixed, '\0');
  std::memcpy(header.data(), kMagic, sizeof kMagic);
  store(header.data() + 8, kCacheVersion);
  store(header.data() + 12, kByteOrder);
  store(header.data() + 16, compressed_ ? kFlagCompressed : 0u);
  store(header.data() + 20, static_cast<uint32_t>(text.size()));
  header += text;
  const uint32_t crc = crc_update(crc_start(), header.data(), header.size());
  header.append(reinterpret_cast<const char*>(&crc), sizeof crc);
  raw_.reserve(kBlockTarget + (64u << 10));
  try {
    write_all(header.data(), header.size());
  } catch (...) {
    ::close(fd_);
    fd_ = -1;
    std::remove(tmp_.c_str());
    throw;
  }
}

CacheWriter::~CacheWriter() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_) std::remove(tmp_.c_str());
}

void CacheWriter::write_all(const void* data, std::size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t w = ::write(fd_, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      throw Error("error writing cache file " + tmp_ + ": " + std::strerror(errno));
    }
    p += w;
    n -= static_cast<std::size_t>(w);
  }
}

void CacheWriter::add(const Example& ex, uint64_t text_bytes) {
  encode_example(ex, raw_);
  ++block_examples_;
  ++info_.examples;
  if (raw_.size() >= kBlockTarget) flush_block(text_bytes);
}

void CacheWriter::flush_block(uint64_t text_bytes) {
  if (block_examples_ == 0) return;
  if (raw_.size() > kMaxBlock) throw Error("cache: an example is larger than 1 GiB");
  const void* payload = raw_.data();
  std::size_t stored = raw_.size();
  if (compressed_) {
    uLongf packed = compressBound(static_cast<uLong>(raw_.size()));
    if (packed_.size() < packed) packed_.resize(packed);
    if (compress2(packed_.data(), &packed, reinterpret_cast<const Bytef*>(raw_.data()),
                  static_cast<uLong>(raw_.size()), Z_BEST_SPEED) != Z_OK)
      throw Error("cache: zlib compression failed");
    payload = packed_.data();
    stored = packed;
  }
  BlockHeader h;
  h.kind = kBlockKind;
  h.stored = static_cast<uint32_t>(stored);
  h.raw = static_cast<uint32_t>(raw_.size());
  h.examples = block_examples_;
  h.text_bytes = text_bytes - block_text_start_;
  char header[kBlockHeader];
  put_block_header(header, h);
  h.crc = block_crc(header, payload, stored);
  put_block_header(header, h);
  write_all(header, sizeof header);
  write_all(payload, stored);
  ++info_.blocks;
  raw_.clear();
  block_examples_ = 0;
  block_text_start_ = text_bytes;
}

void CacheWriter::commit(uint64_t text_bytes) {
  try {
    flush_block(text_bytes);
    info_.text_bytes = text_bytes;
    char payload[kEndPayload];
    store(payload, info_.examples);
    store(payload + 8, info_.skipped);
    store(payload + 16, info_.blocks);
    BlockHeader h;
    h.kind = kEndKind;
    h.stored = kEndPayload;
    h.text_bytes = text_bytes;
    char header[kBlockHeader];
    put_block_header(header, h);
    h.crc = block_crc(header, payload, sizeof payload);
    put_block_header(header, h);
    write_all(header, sizeof header);
    write_all(payload, sizeof payload);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) throw Error("error writing cache file " + tmp_ + ": " + std::strerror(errno));
    if (std::rename(tmp_.c_str(), path_.c_str()) != 0)
      throw Error("cannot rename " + tmp_ + " to " + path_ + ": " + std::strerror(errno));
    committed_ = true;
  } catch (...) {
    std::remove(tmp_.c_str());
    throw;
  }
}

}  // namespace learner
