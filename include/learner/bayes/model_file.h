// The sampled model on disk (learner-bpmf --save / --load): the ids and the kept posterior
// samples (learner/bayes/sample.h), in the project's model container (learner/model/model_file.h:
// magic, version, option lines, named and versioned sections, CRC-32; written through OutputFile,
// so a failed run leaves no file), under the learner name "bpmf".
//
// Sections (little-endian, as written by this machine):
//   "bpmf" v1     f64 global mean, f64 lowest and f64 highest training rating (the clip range),
//                 u32 rank, u8 users carry implicit sums, u8 items do, u64 samples
//   "ids" v1      u64 n, n ids (u32 length + bytes) of the users by dense index; the same of items
//   "sample" v1   per sample, users then items, each a u64 count then that many f32: the
//                 vectors (d n, column by column), then the implicit sums (k n) when the side
//                 has them (d = rank + 1, k = rank)
// Samples are kept as floats (stored_sample): half the size of doubles, and their rounding
// (relative 6e-8) is far below the sampling noise. A sample rounded by stored_sample predicts
// exactly what it predicts once saved and loaded.
// The option lines record how the samples were drawn (sweeps, burn_in, seed, ...), for people.
//
// Reading checks every field: a file that is not a model, another learner's model, a newer
// layout, a truncated or corrupt file, an id that is not a rating-file token or appears twice,
// a clip range or value that is not finite: each a learner::Error naming the file and what was
// wrong, never a crash or a silent use.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "learner/bayes/sample.h"
#include "learner/model/model_file.h"

namespace learner::bayes {

struct ModelHeader {
  double global_mean = 0.0;
  double lo = 0.0, hi = 0.0;  // predictions are clipped to [lo, hi]
  int rank = 0;
  bool user_implicit = false, item_implicit = false;
  std::uint64_t samples = 0;
};

// `in` with every value rounded to a float, as a model file keeps it. Throws learner::Error when
// a value is beyond a float's range.
void stored_sample(const SideSample& in, SideSample& out);

inline constexpr std::size_t kMaxIdLength = 1u << 20;      // bytes of one id in a model file
inline constexpr std::uint64_t kMaxSavedSamples = 100000;  // as many as sweeps can be

// Writes the header and the ids at construction, then exactly header.samples samples by add(),
// then commit() renames the file into place. Destroyed without commit (an exception), it leaves
// nothing at `path`. Throws learner::Error on a write failure.
class ModelSaver {
 public:
  ModelSaver(const std::string& path, const ModelHeader& header, const OptionList& how,
             const std::vector<std::string>& users, const std::vector<std::string>& items);
  // A sample with header.rank and the ids' sizes, implicit sums as the header says; its values
  // are rounded to floats (stored_sample).
  void add(const SideSample& users, const SideSample& items);
  // Returns the size of the file in bytes.
  std::uint64_t commit();

 private:
  ModelHeader header_;
  std::size_t n_users_, n_items_;
  std::uint64_t added_ = 0;
  std::vector<float> buffer_;
  ModelWriter out_;
};

// Reads the header and the ids at construction, then the samples one at a time by next(); the
// last next() (returning false) checks the end marker, the CRC and that nothing follows. What
// was read must not be used before that succeeded.
class ModelLoader {
 public:
  explicit ModelLoader(const std::string& path);
  const ModelHeader& header() const { return header_; }
  const OptionList& how() const { return in_.options(); }
  const std::vector<std::string>& users() const { return ids_[0]; }
  const std::vector<std::string>& items() const { return ids_[1]; }
  // The next sample into users / items (resized as needed); false once every sample was read
  // and the file checked.
  bool next(SideSample& users, SideSample& items);

 private:
  void read_side(SideSample& side, std::size_t n, bool implicit, std::uint64_t sample);
  ModelReader in_;
  ModelHeader header_;
  std::vector<std::string> ids_[2];
  std::uint64_t read_ = 0;
  std::vector<float> buffer_;
};

}  // namespace learner::bayes
