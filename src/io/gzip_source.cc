// gzip decoding with zlib's inflate (windowBits 15 + 32: gzip/zlib header
// auto-detected). Concatenated members are decoded in turn; an input that ends
// inside a member, or bytes that are not a valid member, throw SourceError.
#include <algorithm>
#include <cstring>
#include <vector>
#include <zlib.h>

#include "learner/error.h"
#include "byte_source.h"

namespace learner {
namespace {

constexpr std::size_t kInBlock = 1u << 20;
constexpr std::size_t kMaxOut = 1u << 30;  // inflate counts in 32-bit uInt

class GzipSource : public ByteSource {
 public:
  GzipSource(std::string prefix, ByteSource& raw) : in_(std::max(kInBlock, prefix.size())), raw_(raw) {
    std::memset(&strm_, 0, sizeof strm_);
    if (inflateInit2(&strm_, 15 + 32) != Z_OK) throw SourceError("cannot initialise zlib");
    std::memcpy(in_.data(), prefix.data(), prefix.size());
    strm_.next_in = in_.data();
    strm_.avail_in = static_cast<uInt>(prefix.size());
  }
  ~GzipSource() override { inflateEnd(&strm_); }
  GzipSource(const GzipSource&) = delete;
  GzipSource& operator=(const GzipSource&) = delete;

  std::size_t read(char* dst, std::size_t cap) override {
    cap = std::min(cap, kMaxOut);
    if (cap == 0) return 0;
    strm_.next_out = reinterpret_cast<Bytef*>(dst);
    strm_.avail_out = static_cast<uInt>(cap);
    for (;;) {
      if (strm_.avail_in == 0 && !raw_eof_) refill();
      if (strm_.avail_in == 0 && raw_eof_) {
        if (in_member_) throw SourceError("truncated gzip stream (input ends inside a member)");
        return cap - strm_.avail_out;  // clean end of the last member
      }
      in_member_ = true;
      int rc = inflate(&strm_, Z_NO_FLUSH);
      if (rc == Z_STREAM_END) {
        in_member_ = false;
        if (inflateReset(&strm_) != Z_OK) throw SourceError("cannot reset zlib");
      } else if (rc == Z_BUF_ERROR) {
        if (strm_.avail_in != 0) throw SourceError("corrupt gzip stream (inflate made no progress)");
      } else if (rc != Z_OK) {
        throw SourceError(std::string("corrupt gzip stream: ") + (strm_.msg ? strm_.msg : zError(rc)));
      }
      std::size_t produced = cap - strm_.avail_out;
      if (produced > 0) return produced;
    }
  }

  bool seekable() const override { return false; }
  void rewind() override { throw Error("internal: rewind a gzip source through its raw source"); }

 private:
  void refill() {
    std::size_t n = raw_.read(reinterpret_cast<char*>(in_.data()), in_.size());
    if (n == 0) raw_eof_ = true;
    strm_.next_in = in_.data();
    strm_.avail_in = static_cast<uInt>(n);
  }

  z_stream strm_;
  std::vector<Bytef> in_;
  ByteSource& raw_;
  bool raw_eof_ = false;
  bool in_member_ = false;
};

}  // namespace

std::unique_ptr<ByteSource> make_gzip_source(std::string prefix, ByteSource& raw) {
  return std::make_unique<GzipSource>(std::move(prefix), raw);
}

}  // namespace learner
