// OutputFile: the one way learner writes a file (models, caches, predictions,
// readable models). An output never destroys what is at its path by accident.
//
// What open does, by what the path names (symlinks followed, as stat does):
//  * "/dev/stdout", "/dev/stderr", "/dev/fd/N", "/proc/self/fd/N": the open
//    descriptor N (1, 2) is duplicated and written through (shared offset,
//    so `-p /dev/stdout >> log` appends). No temporary, no rename.
//  * a character or block device, a FIFO or a socket: opened for writing and
//    written through (no temporary, no rename, never truncated or replaced).
//  * a regular file with more than one hard link: truncated and written in
//    place, so every name keeps seeing the same file (not atomic: a crash
//    mid-write leaves it partial; documented in the README).
//  * any other regular file, or a new path: written to a temporary
//    "<real path>.tmp.<pid>" in the directory of the real file (the end of
//    the symlink chain; the symlinks stay); commit() flushes, fsyncs the file,
//    gives it the old file's mode (and owner, when allowed; a new file gets
//    0666 & ~umask), renames it over the real path and fsyncs the directory.
//  * a directory: Error.
// Stale temporaries of the real path (stale_temporaries) are removed first.
// Until commit() the final path is untouched. The destructor of an
// uncommitted OutputFile closes and removes its temporary; so does every
// failing call. Temporaries are registered in a process-wide table that
// remove_registered_temporaries() (async-signal-safe) empties, for signal
// handlers and fatal error paths.
// Every failure throws learner::Error "<what> <path>: <strerror(errno)>".
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace learner {

class OutputFile {
 public:
  // `what` names the output in messages ("model file", "cache file", ...).
  OutputFile(const std::string& path, const std::string& what);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // The stdio stream to write to (fully buffered). After writing through
  // it, call check() (or commit()) to turn a stream error into an Error.
  std::FILE* stream() const { return file_; }
  // Writes all `n` bytes or throws (with errno's message: ENOSPC, EIO, ...).
  void write(const void* data, std::size_t n);
  // Throws if the stream has failed (errno from the failing write).
  void check();
  // Flushes, fsyncs and (for a replaced file) renames into place. Throws on
  // failure, after removing the temporary. Idempotent once it succeeded.
  void commit();
  // Ends without committing: closes and removes the temporary (if any).
  void abandon() noexcept;

  const std::string& path() const { return path_; }
  // True when writes go to a temporary that commit() renames.
  bool replaces() const { return !tmp_.empty(); }

 private:
  [[noreturn]] void fail(const std::string& doing, int err);

  std::string path_, what_;
  std::string real_, tmp_;  // set when writing through a temporary
  friend struct OutputCookie;  // the stream's write function (output_file.cc)
  std::FILE* file_ = nullptr;
  int fd_ = -1;
  int registry_slot_ = -1;
  bool keep_mode_ = false;
  unsigned mode_ = 0;
  long uid_ = -1, gid_ = -1;
  bool committed_ = false;
  int saved_errno_ = 0;
};

// Fails early (throws Error) when `path` could not be written, without
// changing anything there: a replaced file's temporary is created and
// removed; a device, FIFO (never opened: that would wait for a reader) or
// hard-linked file is checked with access(W_OK). "" passes.
void check_output_writable(const std::string& path, const std::string& what = "output");

// Removes every temporary of uncommitted OutputFiles in this process. Safe
// in a signal handler (only unlink(2) on preallocated names).
void remove_registered_temporaries() noexcept;

// Temporaries "<path>.tmp.<pid>" left next to `path` by a process that no
// longer runs (a killed earlier run). Never throws. OutputFile removes those
// of its real path before writing, with a warning on stderr.
std::vector<std::string> stale_temporaries(const std::string& path);

}  // namespace learner
