// CacheReader: checks header, key and end record at open; then reads one
// block at a time (two read(2) calls), verifies its CRC, inflates it when
// compressed and decodes examples straight from the block buffer.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "format.h"
#include "learner/cache/cache_file.h"

namespace learner {

using namespace cache_format;

namespace {

// Reads exactly n bytes at the current offset; false on a short read.
bool read_exact(int fd, void* dst, std::size_t n) {
  char* p = static_cast<char*>(dst);
  while (n > 0) {
    const ssize_t r = ::read(fd, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    p += r;
    n -= static_cast<std::size_t>(r);
  }
  return true;
}

bool read_at(int fd, uint64_t offset, void* dst, std::size_t n) {
  if (::lseek(fd, static_cast<off_t>(offset), SEEK_SET) < 0) return false;
  return read_exact(fd, dst, n);
}

std::string describe_mismatch(const std::string& name, const std::string& was, const std::string& now) {
  if (name == "data") return "it was made from " + was + " (now " + now + ")";
  if (name == "data_size") return "the data file changed since (size " + was + " bytes, now " + now + ")";
  if (name == "data_content") return "the data file's content changed since (same size and time, other bytes)";
  if (name == "data_mtime_ns") return "the data file changed since (modification time differs)";
  if (name == "labels") return "its labels were read as " + was + " labels (now " + now + ")";
  if (name == "label_domain")
    return "its labels were checked against " + (was == "(not recorded)" ? std::string("no loss's domain") : "[" + was + "]") +
           " (now [" + now + "], the loss's labels)";
  if (name == "label_signs") return "its labels were not checked to be -1 or 1 (now they must be)";
  return "it was made with --" + name + " " + was + " (now " + now + ")";
}

}  // namespace

CacheReader::~CacheReader() {
  if (fd_ >= 0) ::close(fd_);
}

std::unique_ptr<CacheReader> CacheReader::open(const std::string& path, const CacheKey& key, std::string& why) {
  why.clear();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno != ENOENT) why = std::string("it cannot be opened: ") + std::strerror(errno);
    return nullptr;
  }
  std::unique_ptr<CacheReader> reader(new CacheReader(path, fd));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    why = "it is not a regular file";
    return nullptr;
  }
  const auto size = static_cast<uint64_t>(st.st_size);
  char fixed[kHeaderFixed];
  if (size < kHeaderFixed + 4 + kEndRecord || !read_at(fd, 0, fixed, sizeof fixed)) {
    why = "it is truncated (shorter than a header and an end record)";
    return nullptr;
  }
  if (std::memcmp(fixed, kMagic, sizeof kMagic) != 0) {
    why = "it is not a learner cache (bad magic number)";
    return nullptr;
  }
  const auto version = load<uint32_t>(fixed + 8);
  if (version != kCacheVersion) {
    why = "it has cache format version " + std::to_string(version) + " (this learner writes " +
          std::to_string(kCacheVersion) + ")";
    return nullptr;
  }
  if (load<uint32_t>(fixed + 12) != kByteOrder) {
    why = "it was written on a machine with another byte order";
    return nullptr;
  }
  const auto flags = load<uint32_t>(fixed + 16);
  const auto key_len = load<uint32_t>(fixed + 20);
  if (key_len > kMaxKey || kHeaderFixed + key_len + 4 + kEndRecord > size) {
    why = "its header is corrupt (key length)";
    return nullptr;
  }
  std::string text(key_len + 4, '\0');
  if (!read_exact(fd, text.data(), text.size())) {
    why = "it is truncated (header)";
    return nullptr;
  }
  const auto stored_crc = load<uint32_t>(text.data() + key_len);
  text.resize(key_len);
  if (crc_update(crc_update(crc_start(), fixed, sizeof fixed), text.data(), text.size()) != stored_crc ||
      (flags & ~kFlagCompressed) != 0) {
    why = "its header is corrupt (checksum mismatch)";
    return nullptr;
  }
  if (!key.verifiable) {
    why = "the input is standard input, or a pipe, which cannot be checked against a cache";
    return nullptr;
  }
  std::vector<std::pair<std::string, std::string>> stored;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t nl = text.find('\n', at);
    if (nl == std::string::npos) nl = text.size();
    const std::string line = text.substr(at, nl - at);
    const std::size_t eq = line.find('=');
    stored.emplace_back(line.substr(0, eq), eq == std::string::npos ? std::string() : line.substr(eq + 1));
    at = nl + 1;
  }
  for (const auto& [name, value] : key.fields) {
    std::string was = "(not recorded)";
    for (const auto& [n2, v2] : stored)
      if (n2 == name) was = v2;
    if (was != value) {
      why = describe_mismatch(name, was, value);
      return nullptr;
    }
  }
  // The end record sits at the very end; a cache cut anywhere lacks it.
  char end[kEndRecord];
  if (!read_at(fd, size - kEndRecord, end, sizeof end)) {
    why = "it is truncated (no end record)";
    return nullptr;
  }
  const BlockHeader h = get_block_header(end);
  if (h.kind != kEndKind || h.stored != kEndPayload || h.reserved != 0 || h.crc != block_crc(end, end + kBlockHeader, kEndPayload)) {
    why = "it is truncated or incomplete (no valid end record)";
    return nullptr;
  }
  reader->info_.examples = load<uint64_t>(end + kBlockHeader);
  reader->info_.skipped = load<uint64_t>(end + kBlockHeader + 8);
  reader->info_.blocks = load<uint64_t>(end + kBlockHeader + 16);
  reader->info_.text_bytes = h.text_bytes;
  reader->compressed_ = (flags & kFlagCompressed) != 0;
  reader->data_begin_ = kHeaderFixed + key_len + 4;
  reader->data_end_ = size - kEndRecord;
#ifdef POSIX_FADV_SEQUENTIAL
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
  reader->rewind();
  return reader;
}

namespace {

// What changes when anything writes to an open file: its size and its
// modification and status-change times (nanoseconds).
std::string file_stamp(int fd) {
  struct stat st;
  if (::fstat(fd, &st) != 0) return {};
  return std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec) + ":" + std::to_string(st.st_ctim.tv_sec) + "." +
         std::to_string(st.st_ctim.tv_nsec);
}

}  // namespace

void CacheReader::rewind() {
  if (verified_) {
    const std::string now = file_stamp(fd_);
    trusted_ = !now.empty() && now == verified_stamp_;
    if (!trusted_) verified_ = false;
  }
  pos_ = data_begin_;
  blocks_read_ = examples_read_ = text_read_ = 0;
  block_left_ = 0;
  cursor_ = block_end_ = nullptr;
  if (::lseek(fd_, static_cast<off_t>(pos_), SEEK_SET) < 0)
    throw Error("cannot rewind cache " + path_ + ": " + std::strerror(errno));
}

void CacheReader::corrupt(const std::string& what) const {
  throw CacheCorrupt("block " + std::to_string(blocks_read_ + 1) + " of " + std::to_string(info_.blocks) + ": " + what);
}

bool CacheReader::load_block() {
  if (pos_ == data_end_) {
    if (blocks_read_ != info_.blocks || examples_read_ != info_.examples)
      corrupt("the data ends after " + std::to_string(examples_read_) + " examples; the end record says " +
              std::to_string(info_.examples));
    if (!trusted_ && !verified_) {  // every block of this pass was checked
      verified_stamp_ = file_stamp(fd_);
      verified_ = !verified_stamp_.empty();
    }
    return false;
  }
  char header[kBlockHeader];
  if (data_end_ - pos_ < kBlockHeader || !read_exact(fd_, header, sizeof header)) corrupt("truncated block header");
  const BlockHeader h = get_block_header(header);
  if (h.kind != kBlockKind || h.reserved != 0) corrupt("bad block marker");
  if (h.stored > data_end_ - pos_ - kBlockHeader || h.raw > kMaxBlock || h.examples == 0)
    corrupt("bad block size");
  if (stored_.size() < h.stored) stored_.resize(h.stored);
  if (!read_exact(fd_, stored_.data(), h.stored)) corrupt("truncated block");
  if (!trusted_ && block_crc(header, stored_.data(), h.stored) != h.crc) corrupt("checksum mismatch");
  if (compressed_) {
    if (raw_.size() < h.raw) raw_.resize(h.raw);
    uLongf n = h.raw;
    if (uncompress(reinterpret_cast<Bytef*>(raw_.data()), &n, reinterpret_cast<const Bytef*>(stored_.data()),
                   h.stored) != Z_OK ||
        n != h.raw)
      corrupt("cannot be decompressed");
    cursor_ = raw_.data();
  } else {
    if (h.raw != h.stored) corrupt("bad block size");
    cursor_ = stored_.data();
  }
  block_end_ = cursor_ + h.raw;
  block_left_ = h.examples;
  pos_ += kBlockHeader + h.stored;
  ++blocks_read_;
  text_read_ += h.text_bytes;
  return true;
}

bool CacheReader::next(Example& ex) {
  while (block_left_ == 0) {
    if (cursor_ != block_end_) corrupt("trailing bytes after the last example");
    if (!load_block()) return false;
  }
  const char* after = decode_example(cursor_, block_end_, ex);
  if (after == nullptr) corrupt("malformed example");
  cursor_ = after;
  --block_left_;
  ++examples_read_;
  return true;
}

}  // namespace learner
