// Line-oriented input: a file, standard input ("-" or ""), or an in-memory
// buffer; plain text or gzip, recognised by its magic bytes (1f 8b) whatever
// the name. Concatenated gzip members are read in turn.
//
// Contract:
//  * next() hands out a view of the next line without its '\n' (a trailing
//    '\r' is left for the parser, which strips it); the view is valid until
//    the next call. Lines are read into one growing buffer: no allocation per
//    line in the steady state.
//  * A clean end of input returns false. A read error, a truncated or corrupt
//    gzip stream, or a line longer than kMaxLine throws learner::InputError
//    naming the source and line: data is never silently dropped.
//  * rewind() restarts a seekable source (a regular file or a from_string
//    buffer); it throws learner::Error for standard input or a pipe.
//    line_number() and bytes_read() restart from 0.
//  * A last line without a final '\n' is still returned.
//  * set_max_line() lowers the line-length limit (tests use a tiny one).
//  * bytes_read() counts the bytes of the lines handed out, '\n' included
//    (equal to the decompressed size at the end). name() is the path, or
//    "<stdin>" for standard input.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace learner {

class LineReader {
 public:
  static constexpr std::size_t kMaxLine = 256u << 20;  // 256 MiB

  virtual ~LineReader() = default;
  // Opens `path` ("-" or "" = stdin). Throws learner::Error if it cannot be opened.
  static std::unique_ptr<LineReader> open(const std::string& path);
  // Reads from a copy of `data` (plain or gzip bytes); for tests.
  static std::unique_ptr<LineReader> from_string(std::string data, std::string name = "<buffer>");

  virtual bool next(std::string_view& line) = 0;
  virtual bool seekable() const = 0;
  virtual void rewind() = 0;
  const std::string& name() const { return name_; }
  uint64_t line_number() const { return line_; }   // of the line last returned
  uint64_t bytes_read() const { return bytes_; }   // decompressed bytes consumed so far
  // Longest accepted line, without its '\n' (default kMaxLine).
  void set_max_line(std::size_t max_line) { max_line_ = max_line; }

 protected:
  explicit LineReader(std::string name) : name_(std::move(name)) {}
  std::string name_;
  uint64_t line_ = 0;
  uint64_t bytes_ = 0;
  std::size_t max_line_ = kMaxLine;
};

}  // namespace learner
