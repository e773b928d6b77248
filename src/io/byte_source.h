// Raw byte sources under LineReader (private to the io stage; tests use them).
//
// Contract:
//  * read() fills up to `cap` bytes and returns how many; 0 means a clean end
//    of input. A failure (read error, corrupt or truncated gzip) throws
//    SourceError, which LineReader turns into learner::InputError with the
//    source name and line number. An error is never reported as an end.
//  * rewind() restarts from the first byte; it throws learner::Error when
//    !seekable().
#pragma once

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>

namespace learner {

struct SourceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  virtual std::size_t read(char* dst, std::size_t cap) = 0;
  virtual bool seekable() const = 0;
  virtual void rewind() = 0;
};

// A file ("-" or "" = standard input, never seekable). Throws learner::Error
// if the file cannot be opened. Seekable when it is a regular file.
std::unique_ptr<ByteSource> open_file_source(const std::string& path);

// A private copy of `data`; always seekable.
std::unique_ptr<ByteSource> make_string_source(std::string data);

// Hands out `prefix` (bytes already taken from `raw`), then the rest of
// `raw`. Does not own `raw`. Not rewindable itself: LineReader rewinds `raw`
// and rebuilds the stack.
std::unique_ptr<ByteSource> make_prefixed_source(std::string prefix, ByteSource& raw);

// Decompresses gzip read from `prefix` then `raw` (zlib inflate, gzip header
// auto-detected); concatenated members are decoded in turn. Does not own `raw`.
std::unique_ptr<ByteSource> make_gzip_source(std::string prefix, ByteSource& raw);

}  // namespace learner
