#include "learner/model/model_file.h"

#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "learner/error.h"
#include "learner/io/output_file.h"

namespace learner {
namespace {

constexpr char kMagic[8] = {'L', 'R', 'N', 'R', 'M', 'O', 'D', 'L'};

class Reader {
 public:
  Reader(const std::string& bytes, const std::string& path) : bytes_(bytes), path_(path) {}
  template <class T>
  T get() {
    T v;
    get_bytes(&v, sizeof v);
    return v;
  }
  void get_bytes(void* p, std::size_t n) {
    if (n == 0) return;  // p may be the null data() of an empty vector
    if (n > bytes_.size() - pos_) throw Error(path_ + ": model file is truncated");
    std::memcpy(p, bytes_.data() + pos_, n);
    pos_ += n;
  }
  std::vector<float> get_floats() {
    const uint64_t n = get<uint64_t>();
    if (n > (bytes_.size() - pos_) / sizeof(float)) throw Error(path_ + ": model file is truncated");
    std::vector<float> v(n);
    get_bytes(v.data(), n * sizeof(float));
    return v;
  }

 private:
  const std::string& bytes_;
  const std::string& path_;
  std::size_t pos_ = 0;
};

uint32_t crc_of(const char* data, std::size_t n) {
  uLong crc = crc32(0L, Z_NULL, 0);
  while (n > 0) {
    const uInt chunk = n > (1u << 30) ? (1u << 30) : static_cast<uInt>(n);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(data), chunk);
    data += chunk;
    n -= chunk;
  }
  return static_cast<uint32_t>(crc);
}

}  // namespace

const std::string* ModelFile::option(const std::string& key) const {
  for (const auto& [k, v] : options)
    if (k == key) return &v;
  return nullptr;
}

namespace {

// Buffered output through OutputFile (learner/io/output_file.h) with a running CRC.
class StreamWriter {
 public:
  explicit StreamWriter(const std::string& path) : out_(path, "model file") { crc_ = crc32(0L, Z_NULL, 0); }
  template <class T>
  void put(const T& v) { put_bytes(&v, sizeof v); }
  void put_bytes(const void* p, std::size_t n) {
    crc_ = crc_of_more(crc_, static_cast<const char*>(p), n);
    out_.write(p, n);
  }
  void finish() {
    const auto crc = static_cast<uint32_t>(crc_);
    out_.write(&crc, sizeof crc);
    out_.commit();
  }

 private:
  static uLong crc_of_more(uLong crc, const char* data, std::size_t n) {
    while (n > 0) {
      const uInt chunk = n > (1u << 30) ? (1u << 30) : static_cast<uInt>(n);
      crc = crc32(crc, reinterpret_cast<const Bytef*>(data), chunk);
      data += chunk;
      n -= chunk;
    }
    return crc;
  }

  OutputFile out_;
  uLong crc_ = 0;
};

}  // namespace

void write_model_file(const std::string& path, const ModelFileView& v) {
  StreamWriter w(path);
  w.put_bytes(kMagic, sizeof kMagic);
  w.put(kModelVersion);
  std::string text;
  if (v.options)
    for (const auto& [k, val] : *v.options) text += k + "=" + val + "\n";
  w.put(static_cast<uint32_t>(text.size()));
  w.put_bytes(text.data(), text.size());
  w.put(v.min_label);
  w.put(v.max_label);
  w.put(static_cast<uint8_t>(v.fixed_min));
  w.put(static_cast<uint8_t>(v.fixed_max));
  w.put(static_cast<uint8_t>(v.has_state));
  if (v.has_state) {
    w.put(v.normalized_sum_norm_x);
    w.put(v.total_weight);
    w.put(v.learning_rate);
  }
  w.put(static_cast<uint32_t>(v.linear_stride));
  w.put(static_cast<uint64_t>(v.linear_slots * v.linear_stride));
  if (v.linear_stride == v.source_stride) {
    w.put_bytes(v.linear, v.linear_slots * v.linear_stride * sizeof(float));
  } else {
    std::vector<float> chunk;
    chunk.reserve(1u << 14);
    for (std::size_t i = 0; i < v.linear_slots; ++i) {
      const float* slot = v.linear + i * v.source_stride;
      chunk.insert(chunk.end(), slot, slot + v.linear_stride);
      if (chunk.size() >= (1u << 14) || i + 1 == v.linear_slots) {
        w.put_bytes(chunk.data(), chunk.size() * sizeof(float));
        chunk.clear();
      }
    }
  }
  w.put(static_cast<uint64_t>(v.latent_size));
  w.put_bytes(v.latent, v.latent_size * sizeof(float));
  w.finish();
}

void write_model_file(const std::string& path, const ModelFile& model) {
  ModelFileView v;
  static_cast<ModelHeader&>(v) = model;
  v.options = &model.options;
  v.linear_stride = v.source_stride = model.linear_stride;
  v.linear = model.linear.data();
  v.linear_slots = model.linear_stride ? model.linear.size() / model.linear_stride : 0;
  v.latent = model.latent.data();
  v.latent_size = model.latent.size();
  write_model_file(path, v);
}

ModelFile read_model_file(const std::string& path) {
  if (std::filesystem::is_directory(path)) throw Error("cannot read model file " + path + ": it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot open model file " + path + ": " + std::strerror(errno));
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.size() < sizeof kMagic + 8 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    throw Error(path + ": not a learner model file (bad magic number)");
  uint32_t stored_crc;
  std::memcpy(&stored_crc, bytes.data() + bytes.size() - 4, 4);
  Reader r(bytes, path);
  char magic[8];
  r.get_bytes(magic, 8);
  const uint32_t version = r.get<uint32_t>();
  if (version > kModelVersion)
    throw Error(path + ": model format version " + std::to_string(version) + " is newer than this learner (" +
                std::to_string(kModelVersion) + ")");
  if (crc_of(bytes.data(), bytes.size() - 4) != stored_crc)
    throw Error(path + ": model file is corrupt or truncated (checksum mismatch)");
  ModelFile model;
  const uint32_t text_len = r.get<uint32_t>();
  std::string text(text_len, '\0');
  r.get_bytes(text.data(), text_len);
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto eq = line.find('=');
    if (eq == std::string::npos) throw Error(path + ": malformed option line '" + line + "'");
    model.options.emplace_back(line.substr(0, eq), line.substr(eq + 1));
  }
  model.min_label = r.get<double>();
  model.max_label = r.get<double>();
  model.fixed_min = r.get<uint8_t>() != 0;
  model.fixed_max = r.get<uint8_t>() != 0;
  model.has_state = r.get<uint8_t>() != 0;
  if (model.has_state) {
    model.normalized_sum_norm_x = r.get<double>();
    model.total_weight = r.get<double>();
    model.learning_rate = r.get<double>();
  }
  model.linear_stride = r.get<uint32_t>();
  model.linear = r.get_floats();
  model.latent = r.get_floats();
  return model;
}

}  // namespace learner
