// In-memory sources: a private string, and a prefix put back in front of a raw source.
#include <algorithm>
#include <cstring>

#include "learner/error.h"
#include "byte_source.h"

namespace learner {
namespace {

class StringSource : public ByteSource {
 public:
  explicit StringSource(std::string data) : data_(std::move(data)) {}

  std::size_t read(char* dst, std::size_t cap) override {
    std::size_t n = std::min(cap, data_.size() - pos_);
    if (n > 0) std::memcpy(dst, data_.data() + pos_, n);
    pos_ += n;
    return n;
  }
  bool seekable() const override { return true; }
  void rewind() override { pos_ = 0; }

 private:
  std::string data_;
  std::size_t pos_ = 0;
};

class PrefixedSource : public ByteSource {
 public:
  PrefixedSource(std::string prefix, ByteSource& raw) : prefix_(std::move(prefix)), raw_(raw) {}

  std::size_t read(char* dst, std::size_t cap) override {
    if (pos_ < prefix_.size()) {
      std::size_t n = std::min(cap, prefix_.size() - pos_);
      std::memcpy(dst, prefix_.data() + pos_, n);
      pos_ += n;
      return n;
    }
    return raw_.read(dst, cap);
  }
  bool seekable() const override { return false; }
  void rewind() override { throw Error("internal: rewind a prefixed source through its raw source"); }

 private:
  std::string prefix_;
  std::size_t pos_ = 0;
  ByteSource& raw_;
};

}  // namespace

std::unique_ptr<ByteSource> make_string_source(std::string data) {
  return std::make_unique<StringSource>(std::move(data));
}

std::unique_ptr<ByteSource> make_prefixed_source(std::string prefix, ByteSource& raw) {
  return std::make_unique<PrefixedSource>(std::move(prefix), raw);
}

}  // namespace learner
