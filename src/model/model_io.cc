#include "learner/model/model_io.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "learner/error.h"
#include "learner/io/output_file.h"

namespace learner {

namespace {

// The label range and, with_state, the optimizer's counters and rate.
ModelHeader header_of(const Model& model, const LabelRange& range, bool with_state) {
  ModelHeader h;
  h.min_label = range.min;
  h.max_label = range.max;
  h.fixed_min = range.fixed_min;
  h.fixed_max = range.fixed_max;
  h.has_state = with_state;
  if (with_state) {
    h.normalized_sum_norm_x = model.state().normalized_sum_norm_x;
    h.total_weight = model.state().total_weight;
    h.learning_rate = model.learning_rate();
  }
  return h;
}

}  // namespace

ModelFile snapshot(const Model& model, const std::vector<std::pair<std::string, std::string>>& options,
                   const LabelRange& range, bool with_state) {
  ModelFile file;
  static_cast<ModelHeader&>(file) = header_of(model, range, with_state);
  file.options = options;
  const WeightTable& w = model.weights();
  if (with_state) {
    file.linear_stride = w.stride();
    file.linear.assign(w.data(), w.data() + w.size());
  } else {
    file.linear_stride = 1;
    file.linear.resize(w.slots());
    for (std::size_t i = 0; i < w.slots(); ++i) file.linear[i] = w.data()[i * w.stride()];
  }
  if (const DotProduct* dot = model.dotproduct()) file.latent.assign(dot->latent().data(), dot->latent().data() + dot->latent().size());
  return file;
}

void save_model(const std::string& path, const Model& model,
                const std::vector<std::pair<std::string, std::string>>& options, const LabelRange& range,
                bool with_state) {
  ModelFileView v;
  static_cast<ModelHeader&>(v) = header_of(model, range, with_state);
  v.options = &options;
  const WeightTable& w = model.weights();
  v.source_stride = w.stride();
  v.linear_stride = with_state ? w.stride() : 1;
  v.linear = w.data();
  v.linear_slots = w.slots();
  if (const DotProduct* dot = model.dotproduct()) {
    v.latent = dot->latent().data();
    v.latent_size = dot->latent().size();
  }
  write_model_file(path, v);
}

void restore(const ModelFile& file, Model& model, LabelRange& range, const std::string& path, bool restore_rate) {
  WeightTable& w = model.weights();
  if (file.linear.size() != w.slots() * file.linear_stride || (file.linear_stride != 1 && file.linear_stride != w.stride()))
    throw Error(path + ": weight table size does not match its options (corrupt model?)");
  if (file.linear_stride == w.stride()) {
    std::copy(file.linear.begin(), file.linear.end(), w.data());
  } else {
    for (std::size_t i = 0; i < w.slots(); ++i) w.data()[i * w.stride()] = file.linear[i];
  }
  if (DotProduct* dot = model.dotproduct()) {
    if (file.latent.size() != dot->latent().size())
      throw Error(path + ": latent table size does not match --rank/-b (corrupt model?)");
    std::copy(file.latent.begin(), file.latent.end(), dot->latent().data());
  } else if (!file.latent.empty()) {
    throw Error(path + ": model has latent weights but no --dotproduct option");
  }
  if (file.has_state) {
    model.state().normalized_sum_norm_x = file.normalized_sum_norm_x;
    model.state().total_weight = file.total_weight;
    if (restore_rate && file.learning_rate > 0) model.set_learning_rate(file.learning_rate);
  }
  range.min = file.min_label;
  range.max = file.max_label;
  range.fixed_min = range.fixed_min || file.fixed_min;
  range.fixed_max = range.fixed_max || file.fixed_max;
}

namespace {

void print_names(std::FILE* out, const NameMap* names, uint32_t slot, const char* suffix, const char* rest) {
  if (names) {
    auto it = names->find(slot);
    if (it != names->end()) {
      for (const std::string& n : it->second) std::fprintf(out, "%s%s:%u:%s\n", n.c_str(), suffix, slot, rest);
      return;
    }
  }
  std::fprintf(out, "%u%s:%s\n", slot, suffix, rest);
}

}  // namespace

void write_readable_model(const std::string& path, const Model& model,
                          const std::vector<std::pair<std::string, std::string>>& options, const LabelRange& range,
                          const NameMap* linear_names, const NameMap* latent_names) {
  OutputFile out(path, "readable model");
  std::FILE* f = out.stream();
  std::fprintf(f, "Version 0.1.0\nModel format %u\n", kModelVersion);
  std::fprintf(f, "Min label:%.9g\nMax label:%.9g\nbits:%u\n", range.min, range.max, model.config().bits);
  std::fprintf(f, "options:");
  for (const auto& [k, v] : options) std::fprintf(f, " --%s%s%s", k.c_str(), v.empty() ? "" : " ", v.c_str());
  std::fprintf(f, "\n:0\n");
  const WeightTable& w = model.weights();
  char value[64];
  for (uint32_t i = 0; i < w.slots(); ++i) {
    const float x = w.data()[static_cast<std::size_t>(i) * w.stride()];
    if (x == 0.0f) continue;
    std::snprintf(value, sizeof value, "%.9g", x);
    print_names(f, linear_names, i, "", value);
  }
  if (const DotProduct* dot = model.dotproduct()) {
    const WeightTable& v = dot->latent();
    const unsigned k = dot->rank();
    for (uint32_t i = 0; i < v.slots(); ++i) {
      const float* s = v.data() + static_cast<std::size_t>(i) * v.stride();
      if (s[k] == 0.0f) continue;  // adaptive sum 0: never trained
      for (unsigned j = 0; j < k; ++j) {
        std::snprintf(value, sizeof value, "%.9g", s[j]);
        char suffix[16];
        std::snprintf(suffix, sizeof suffix, "@%u", j);
        print_names(f, latent_names, i, suffix, value);
      }
    }
  }
  out.commit();
}

}  // namespace learner
