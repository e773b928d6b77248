// LineReader over a ByteSource stack: raw (file, stdin, string) -> optional
// gzip -> one growing buffer split on '\n'. Lines are views into the buffer.
#include "learner/io/line_reader.h"

#include <algorithm>
#include <cstring>

#include "learner/error.h"
#include "byte_source.h"

namespace learner {
namespace {

constexpr std::size_t kBlock = 1u << 20;  // bytes asked of the source per read

class BufferedLineReader : public LineReader {
 public:
  BufferedLineReader(std::unique_ptr<ByteSource> raw, std::string name)
      : LineReader(std::move(name)), raw_(std::move(raw)) {}

  bool next(std::string_view& line) override {
    for (;;) {
      const char* base = buf_.get();
      if (scan_ < end_) {
        const void* nl = std::memchr(base + scan_, '\n', end_ - scan_);
        if (nl != nullptr) {
          std::size_t pos = static_cast<const char*>(nl) - base;
          return hand_out(line, pos, pos + 1);
        }
        scan_ = end_;
      }
      check_length(end_ - begin_);
      if (eof_) {
        if (begin_ == end_) return false;
        return hand_out(line, end_, end_);
      }
      fill();
    }
  }

  bool seekable() const override { return raw_->seekable(); }

  void rewind() override {
    raw_->rewind();  // throws learner::Error when not seekable
    top_.reset();
    begin_ = end_ = scan_ = 0;
    eof_ = false;
    line_ = 0;
    bytes_ = 0;
  }

 private:
  // Returns [begin_, stop) as the next line; the following line starts at `resume`.
  bool hand_out(std::string_view& line, std::size_t stop, std::size_t resume) {
    check_length(stop - begin_);
    line = std::string_view(buf_.get() + begin_, stop - begin_);
    bytes_ += resume - begin_;
    begin_ = scan_ = resume;
    ++line_;
    return true;
  }

  void check_length(std::size_t len) const {
    if (len > max_line_) {
      throw InputError(name_, line_ + 1, "line longer than the limit of " + std::to_string(max_line_) + " bytes");
    }
  }

  // Reads one more block after end_, compacting or growing the buffer first.
  void fill() {
    if (top_ == nullptr) detect_format();
    if (begin_ > 0 && cap_ - end_ < kBlock) {
      std::memmove(buf_.get(), buf_.get() + begin_, end_ - begin_);
      end_ -= begin_;
      scan_ -= begin_;
      begin_ = 0;
    }
    if (cap_ - end_ < kBlock) {
      std::size_t cap = std::max(cap_ * 2, end_ + kBlock);
      auto bigger = std::make_unique_for_overwrite<char[]>(cap);
      if (end_ > 0) std::memcpy(bigger.get(), buf_.get(), end_);
      buf_ = std::move(bigger);
      cap_ = cap;
    }
    std::size_t n = read_source(*top_, buf_.get() + end_, cap_ - end_);
    if (n == 0) eof_ = true;
    end_ += n;
  }

  // Peeks at the first two bytes: 1f 8b means gzip, whatever the name.
  void detect_format() {
    char magic[2];
    std::size_t got = 0;
    while (got < 2) {
      std::size_t n = read_source(*raw_, magic + got, 2 - got);
      if (n == 0) break;
      got += n;
    }
    std::string prefix(magic, got);
    if (got == 2 && static_cast<unsigned char>(magic[0]) == 0x1f && static_cast<unsigned char>(magic[1]) == 0x8b) {
      top_ = make_gzip_source(std::move(prefix), *raw_);
    } else {
      top_ = make_prefixed_source(std::move(prefix), *raw_);
    }
  }

  std::size_t read_source(ByteSource& src, char* dst, std::size_t cap) {
    try {
      return src.read(dst, cap);
    } catch (const SourceError& e) {
      throw InputError(name_, line_ + 1, e.what());
    }
  }

  std::unique_ptr<ByteSource> raw_;
  std::unique_ptr<ByteSource> top_;  // reads through raw_; built on first fill
  std::unique_ptr<char[]> buf_;
  std::size_t cap_ = 0;
  std::size_t begin_ = 0;  // start of the next line
  std::size_t end_ = 0;    // end of valid data
  std::size_t scan_ = 0;   // [begin_, scan_) holds no '\n'
  bool eof_ = false;
};

}  // namespace

std::unique_ptr<LineReader> LineReader::open(const std::string& path) {
  std::string name = (path.empty() || path == "-") ? std::string("<stdin>") : path;
  return std::make_unique<BufferedLineReader>(open_file_source(path), std::move(name));
}

std::unique_ptr<LineReader> LineReader::from_string(std::string data, std::string name) {
  return std::make_unique<BufferedLineReader>(make_string_source(std::move(data)), std::move(name));
}

}  // namespace learner
