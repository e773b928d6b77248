// Binary model files (-f / -i).
//
// Layout (little-endian, as written by this machine):
//   8 bytes  magic "LRNRMODL"
//   u32      format version (kModelVersion); newer versions are refused
//   u32      length L, then L bytes of option text: one "key=value" per line,
//            every option that changes predictions (loss, -b, -q, --rank, ...)
//   f64 x 2  label range (min, max); u8 x 2 fixed_min, fixed_max
//   u8       has optimizer state; if 1: f64 N, f64 T, f64 learning rate
//   u64 n, then n f32: the linear table (stride 4; with --predict_only_model
//            only the weights are written: stride 1)
//   u64 n, then n f32: the latent table (0 when there is no --dotproduct)
//   u32      CRC-32 (zlib) of every byte before it
// Written to "<path>.tmp.<pid>" and renamed into place, so a crash never
// leaves a half-written model under the final name. Reading checks magic,
// version, sizes and CRC and throws learner::Error naming the file otherwise.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace learner {

constexpr uint32_t kModelVersion = 1;

// The scalars of a model file, shared by ModelFile and ModelFileView.
struct ModelHeader {
  double min_label = 0.0, max_label = 0.0;
  bool fixed_min = false, fixed_max = false;
  bool has_state = false;
  double normalized_sum_norm_x = 0.0, total_weight = 0.0, learning_rate = 0.0;
};

struct ModelFile : ModelHeader {
  std::vector<std::pair<std::string, std::string>> options;
  unsigned linear_stride = 4;
  std::vector<float> linear;
  std::vector<float> latent;

  const std::string* option(const std::string& key) const;
};

// A model file's content by reference, for writing large tables without
// copying them: the linear table is read as `linear_slots` slots of
// `source_stride` floats, of which the first `linear_stride` are written
// (1 = weights only, for --predict_only_model).
struct ModelFileView : ModelHeader {
  const std::vector<std::pair<std::string, std::string>>* options = nullptr;
  unsigned linear_stride = 4, source_stride = 4;
  const float* linear = nullptr;
  std::size_t linear_slots = 0;
  const float* latent = nullptr;
  std::size_t latent_size = 0;
};

// Both write the same bytes, streaming with a running CRC.
void write_model_file(const std::string& path, const ModelFile& model);
void write_model_file(const std::string& path, const ModelFileView& view);
ModelFile read_model_file(const std::string& path);

}  // namespace learner
