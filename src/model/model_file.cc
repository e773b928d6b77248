#include "learner/model/model_file.h"

#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "learner/error.h"

namespace learner {
namespace {

constexpr char kMagic[8] = {'L', 'R', 'N', 'R', 'M', 'O', 'D', 'L'};
constexpr std::size_t kMaxHeaderText = 1u << 24;  // options and names: 16 MiB is far beyond any real file

unsigned long crc_more(unsigned long crc, const void* data, std::size_t n) {
  const auto* p = static_cast<const Bytef*>(data);
  while (n > 0) {
    const uInt chunk = n > (1u << 30) ? (1u << 30) : static_cast<uInt>(n);
    crc = crc32(crc, p, chunk);
    p += chunk;
    n -= chunk;
  }
  return crc;
}

std::string option_text(const OptionList& options) {
  std::string text;
  for (const auto& [k, v] : options) text += k + "=" + v + "\n";
  return text;
}

}  // namespace

ModelWriter::ModelWriter(const std::string& path, const OptionList& options, std::string_view learner)
    : path_(path), out_(path, "model file") {
  crc_ = crc32(0L, Z_NULL, 0);
  put_bytes(kMagic, sizeof kMagic);
  put(kModelVersion);
  put_string(option_text(options));
  put_string(learner);
  put(static_cast<uint32_t>(crc_));  // the header's checksum: read before any option is used
}

ModelWriter::~ModelWriter() = default;  // OutputFile removes an uncommitted temporary

void ModelWriter::put_bytes(const void* data, std::size_t n) {
  if (n == 0) return;
  crc_ = crc_more(crc_, data, n);
  out_.write(data, n);
  bytes_ += n;
}

void ModelWriter::put_string(std::string_view s) {
  put(static_cast<uint32_t>(s.size()));
  put_bytes(s.data(), s.size());
}

void ModelWriter::put_floats(const float* data, uint64_t n) {
  put(n);
  put_bytes(data, n * sizeof(float));
}

void ModelWriter::begin_section(std::string_view name, uint32_t version) {
  put_string(name);
  put(version);
}

void ModelWriter::commit() {
  put(uint32_t{0});
  const auto crc = static_cast<uint32_t>(crc_);
  out_.write(&crc, sizeof crc);
  bytes_ += sizeof crc;
  out_.commit();
}

ModelReader::ModelReader(const std::string& path) : path_(path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw Error("cannot read model file " + path + ": it is a directory");
  file_ = std::fopen(path.c_str(), "rb");
  if (!file_) throw Error("cannot open model file " + path + ": " + std::strerror(errno));
  try {
    read_header();
  } catch (...) {  // no destructor runs for a constructor that throws
    std::fclose(file_);
    file_ = nullptr;
    throw;
  }
}

void ModelReader::read_header() {
  crc_ = crc32(0L, Z_NULL, 0);
  char magic[sizeof kMagic];
  if (std::fread(magic, 1, sizeof magic, file_) != sizeof magic) {
    const bool is_error = std::ferror(file_) != 0;
    const std::string why = is_error ? std::strerror(errno) : "too short to be a model file";
    throw Error(path_ + ": " + (is_error ? "cannot read model file: " : "not a learner model file: ") + why);
  }
  if (std::memcmp(magic, kMagic, sizeof kMagic) != 0) throw Error(path_ + ": not a learner model file (bad magic number)");
  crc_ = crc_more(crc_, magic, sizeof magic);
  const auto version = get<uint32_t>();
  if (version != kModelVersion && version != kOldestModelVersion)
    throw Error(path_ + ": model format version " + std::to_string(version) + " is not this learner's (" +
                std::to_string(kModelVersion) + "); " +
                (version > kModelVersion && version < 1000 ? "it was written by a newer learner"
                 : version < kOldestModelVersion           ? "it was written by an older learner: retrain"
                                                           : "the file is corrupt"));
  const std::string text = get_string(kMaxHeaderText);
  learner_ = get_string(256);
  if (version >= 3) {  // version 2 has no header checksum: its options are checked only by finish()
    const auto computed = static_cast<uint32_t>(crc_);
    if (get<uint32_t>() != computed)
      corrupt("the checksum of its options and learner name does not match: the file was altered");
  }
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto eq = line.find('=');
    if (eq == std::string::npos) corrupt("malformed option line '" + line + "'");
    options_.emplace_back(line.substr(0, eq), line.substr(eq + 1));
  }
}

ModelReader::~ModelReader() {
  if (file_) std::fclose(file_);
}

void ModelReader::corrupt(const std::string& what) const {
  throw Error(path_ + ": model file is corrupt or truncated (" + what + ")");
}

const std::string* ModelReader::option(const std::string& key) const {
  for (const auto& [k, v] : options_)
    if (k == key) return &v;
  return nullptr;
}

void ModelReader::raw(void* data, std::size_t n) {
  if (n == 0) return;
  if (std::fread(data, 1, n, file_) != n) {
    if (std::ferror(file_)) throw Error(path_ + ": cannot read model file: " + std::strerror(errno));
    corrupt("unexpected end of file");
  }
}

void ModelReader::get_bytes(void* data, std::size_t n) {
  raw(data, n);
  crc_ = crc_more(crc_, data, n);
}

std::string ModelReader::get_string(std::size_t max_length) {
  const auto n = get<uint32_t>();
  if (n > max_length) corrupt("a text field of " + std::to_string(n) + " bytes");
  std::string s(n, '\0');
  get_bytes(s.data(), n);
  return s;
}

uint64_t ModelReader::get_count(uint64_t max, const char* what) {
  const auto n = get<uint64_t>();
  if (n > max) corrupt(std::string(what) + ": " + std::to_string(n) + " entries, at most " + std::to_string(max));
  return n;
}

void ModelReader::get_floats(float* data, uint64_t expected, const char* what) {
  const auto n = get<uint64_t>();
  if (n != expected)
    throw Error(path_ + ": " + what + " holds " + std::to_string(n) + " values where the model's options need " +
                std::to_string(expected));
  get_bytes(data, n * sizeof(float));
}

uint32_t ModelReader::section(std::string_view name, uint32_t max_version) {
  const std::string found = get_string(256);
  if (found != name)
    corrupt(found.empty() ? "section '" + std::string(name) + "' is missing"
                          : "expected section '" + std::string(name) + "', found '" + found + "'");
  const auto version = get<uint32_t>();
  if (version < 1 || version > max_version)
    throw Error(path_ + ": section '" + found + "' has layout version " + std::to_string(version) +
                ", this learner reads up to " + std::to_string(max_version) + " (written by a newer learner?)");
  return version;
}

uint32_t ModelReader::optional_section(std::string_view name, uint32_t max_version) {
  const auto length = get<uint32_t>();
  if (length == 0) {
    ended_ = true;
    return 0;
  }
  if (length > 256) corrupt("a section name of " + std::to_string(length) + " bytes");
  std::string found(length, '\0');
  get_bytes(found.data(), length);
  if (found != name) corrupt("expected section '" + std::string(name) + "' or the end, found '" + found + "'");
  const auto version = get<uint32_t>();
  if (version < 1 || version > max_version)
    throw Error(path_ + ": section '" + found + "' has layout version " + std::to_string(version) +
                ", this learner reads up to " + std::to_string(max_version) + " (written by a newer learner?)");
  return version;
}

void ModelReader::finish() {
  if (finished_) return;
  const auto end = ended_ ? 0u : get<uint32_t>();
  if (end != 0) corrupt("more sections than the learner '" + learner_ + "' writes");
  uint32_t stored;
  raw(&stored, sizeof stored);
  if (stored != static_cast<uint32_t>(crc_)) corrupt("checksum mismatch");
  char extra;
  if (std::fread(&extra, 1, 1, file_) == 1) corrupt("bytes after the checksum");
  finished_ = true;
}

}  // namespace learner
