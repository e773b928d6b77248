// CacheWriter: examples are encoded into a ~1 MiB block buffer; each full
// block is (optionally compressed and) written with its checksummed header.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "format.h"
#include "learner/cache/cache_file.h"
#include "learner/io/output_file.h"

namespace learner {

using namespace cache_format;

bool replaceable_by_cache(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) return true;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char head[sizeof kMagic];
  ssize_t n;
  do n = ::read(fd, head, sizeof head);
  while (n < 0 && errno == EINTR);
  ::close(fd);
  // A file shorter than the magic is a cache's start only if it is the magic's start.
  return n > 0 && std::memcmp(head, kMagic, static_cast<std::size_t>(n)) == 0;
}

void refuse_replacing_non_cache(const std::string& path) {
  if (!replaceable_by_cache(path))
    throw UsageError("the cache file " + path + " (-c / --cache_file) exists and is not a learner cache (it does not "
                     "start with \"LRNRCACH\"): rebuilding the cache would replace it; remove it or name another "
                     "cache file");
}

CacheWriter::CacheWriter(std::string path, const CacheKey& key, bool compressed)
    : path_(std::move(path)), compressed_(compressed) {
  refuse_replacing_non_cache(path_);
  out_ = std::make_unique<OutputFile>(path_, "cache file");
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
  write_all(header.data(), header.size());
}

CacheWriter::~CacheWriter() = default;  // an uncommitted OutputFile removes its temporary

void CacheWriter::write_all(const void* data, std::size_t n) { out_->write(data, n); }

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
  out_->commit();
}

}  // namespace learner
