#include "learner/model/model_file.h"

#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

#include "learner/error.h"

namespace learner {
namespace {

constexpr char kMagic[8] = {'L', 'R', 'N', 'R', 'M', 'O', 'D', 'L'};

class Writer {
 public:
  template <class T>
  void put(const T& v) { bytes_.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void put_bytes(const void* p, std::size_t n) { bytes_.append(static_cast<const char*>(p), n); }
  std::string& bytes() { return bytes_; }

 private:
  std::string bytes_;
};

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

void write_model_file(const std::string& path, const ModelFile& model) {
  Writer w;
  w.put_bytes(kMagic, sizeof kMagic);
  w.put(kModelVersion);
  std::string text;
  for (const auto& [k, v] : model.options) text += k + "=" + v + "\n";
  w.put(static_cast<uint32_t>(text.size()));
  w.put_bytes(text.data(), text.size());
  w.put(model.min_label);
  w.put(model.max_label);
  w.put(static_cast<uint8_t>(model.fixed_min));
  w.put(static_cast<uint8_t>(model.fixed_max));
  w.put(static_cast<uint8_t>(model.has_state));
  if (model.has_state) {
    w.put(model.normalized_sum_norm_x);
    w.put(model.total_weight);
    w.put(model.learning_rate);
  }
  w.put(static_cast<uint32_t>(model.linear_stride));
  w.put(static_cast<uint64_t>(model.linear.size()));
  w.put_bytes(model.linear.data(), model.linear.size() * sizeof(float));
  w.put(static_cast<uint64_t>(model.latent.size()));
  w.put_bytes(model.latent.data(), model.latent.size() * sizeof(float));
  w.put(crc_of(w.bytes().data(), w.bytes().size()));

  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw Error("cannot write model file " + tmp + ": " + std::strerror(errno));
    out.write(w.bytes().data(), static_cast<std::streamsize>(w.bytes().size()));
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      throw Error("error writing model file " + tmp + ": " + std::strerror(errno));
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    throw Error("cannot rename " + tmp + " to " + path + ": " + why);
  }
}

ModelFile read_model_file(const std::string& path) {
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
