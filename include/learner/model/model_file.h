// Binary model files (-f / -i): a container of named, versioned sections.
//
// Layout (little-endian, as written by this machine):
//   8 bytes  magic "LRNRMODL"
//   u32      format version (kModelVersion; kOldestModelVersion is read
//            too); other versions are refused
//   u32 L, L bytes   option text: one "key=value" line per stored option
//   u32 L, L bytes   the learner that wrote the file ("gd", "perceptron", ...)
//   u32      CRC-32 (zlib) of every byte before it (version 3 on): the
//            reader checks it before anyone reads an option, so an altered
//            option is reported as a corrupt file, not as a conflict with
//            the command line (version 2 files lack it; their options are
//            covered by the final checksum only)
//   sections, each: u32 L, L bytes name, u32 section version, then the
//            payload, whose layout only the section's owner knows
//   u32 0    (end of sections)
//   u32      CRC-32 (zlib) of every byte before it
//
// Sections are read in the order they were written; the reader checks each
// name and that its version is one the reader knows, so a model from another
// learner, or a newer layout, is a clear error rather than garbage weights.
// Payloads stream: tables are written from and read straight into the
// learner's own arrays (no copy of the whole file in memory), with the CRC
// running alongside; finish() then checks the CRC and that nothing follows.
// A file that fails any check throws learner::Error naming the file; the
// caller must not use the weights read before finish() succeeded.
//
// Writing goes through io/output_file.h: for a regular file (or a new path)
// a temporary beside the target, fsynced and renamed into place by commit();
// until then (or when the writer is destroyed without commit, e.g. on an
// exception) nothing appears under the final name. Devices, FIFOs and
// /dev/stdout are written through; symlinks are followed.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>

#include "learner/io/output_file.h"
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace learner {

constexpr uint32_t kModelVersion = 3;        // written
constexpr uint32_t kOldestModelVersion = 2;  // read too (no header checksum)
using OptionList = std::vector<std::pair<std::string, std::string>>;

class ModelWriter {
 public:
  // Opens the temporary file and writes magic, version, options and learner.
  ModelWriter(const std::string& path, const OptionList& options, std::string_view learner);
  ~ModelWriter();  // without commit(): removes the temporary file
  ModelWriter(const ModelWriter&) = delete;
  ModelWriter& operator=(const ModelWriter&) = delete;

  void begin_section(std::string_view name, uint32_t version);
  void put_bytes(const void* data, std::size_t n);
  template <class T>
  void put(const T& v) {
    put_bytes(&v, sizeof v);
  }
  void put_string(std::string_view s);             // u32 length + bytes
  void put_floats(const float* data, uint64_t n);  // u64 n + n floats
  // Ends the sections, writes the CRC and renames the file into place.
  void commit();
  const std::string& path() const { return path_; }
  // Bytes written so far (after commit(): the size of the file).
  uint64_t bytes_written() const { return bytes_; }

 private:
  std::string path_;
  OutputFile out_;
  unsigned long crc_ = 0;
  uint64_t bytes_ = 0;
};

class ModelReader {
 public:
  // Opens `path` and reads magic, version, options and learner name, and
  // checks the header's checksum (throws "... model file is corrupt ...").
  explicit ModelReader(const std::string& path);
  ~ModelReader();
  ModelReader(const ModelReader&) = delete;
  ModelReader& operator=(const ModelReader&) = delete;

  const std::string& path() const { return path_; }
  const OptionList& options() const { return options_; }
  const std::string* option(const std::string& key) const;
  const std::string& learner() const { return learner_; }

  // Enters the next section, which must be `name` at a version in
  // 1..max_version; returns the version.
  uint32_t section(std::string_view name, uint32_t max_version);
  // As section(), for a section the file may end before: 0 when the
  // sections end here (finish() then checks the rest).
  uint32_t optional_section(std::string_view name, uint32_t max_version);
  void get_bytes(void* data, std::size_t n);
  template <class T>
  T get() {
    T v;
    get_bytes(&v, sizeof v);
    return v;
  }
  std::string get_string(std::size_t max_length);
  // Reads a u64 count that must not exceed `max` (a guard before allocating).
  uint64_t get_count(uint64_t max, const char* what);
  // Reads "u64 n + n floats" into data[0..n), n having to equal `expected`.
  void get_floats(float* data, uint64_t expected, const char* what);
  // Checks the end marker, the CRC and that the file ends there.
  void finish();

 private:
  [[noreturn]] void corrupt(const std::string& what) const;
  void read_header();  // magic, version, options, learner, the header's checksum
  void raw(void* data, std::size_t n);
  std::string path_;
  std::FILE* file_ = nullptr;
  unsigned long crc_ = 0;
  OptionList options_;
  std::string learner_;
  bool finished_ = false;
  bool ended_ = false;  // optional_section() read the end of the sections
};

}  // namespace learner
