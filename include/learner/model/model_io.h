// Moving a trained Model to and from its file form (model_file.h) and its
// text forms (--readable_model, --invert_hash).
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "learner/core/label_range.h"
#include "learner/core/model.h"
#include "learner/model/model_file.h"

namespace learner {

// Feature names seen per weight slot (masked index), for --invert_hash.
using NameMap = std::unordered_map<uint32_t, std::set<std::string>>;

ModelFile snapshot(const Model& model, const std::vector<std::pair<std::string, std::string>>& options,
                   const LabelRange& range, bool with_state);
// Writes `model` to `path` (model_file.h layout, atomically) straight from
// its tables: the same bytes as write_model_file(path, snapshot(...)).
void save_model(const std::string& path, const Model& model,
                const std::vector<std::pair<std::string, std::string>>& options, const LabelRange& range,
                bool with_state);
// Copies weights, optimizer state and label range into a model built from the
// file's options. Throws learner::Error when the table sizes disagree.
// The optimizer state is everything the update reads besides the options:
// per weight [w, G, s, r] and the latent table with its adaptive sums, N
// and T, the label range, and the learning rate (which --decay_learning_rate
// changes between passes); the rate is restored only when `restore_rate`
// (the driver passes false when -l is given). A file without state (written
// with --predict_only_model) restores the weights only.
void restore(const ModelFile& file, Model& model, LabelRange& range, const std::string& path,
             bool restore_rate = true);

// Text model: a header (version, options, label range), then for each
// non-zero linear weight "index:weight" (with names: "name:index:weight"),
// then for each latent feature that was trained "index@dim:value"
// (with names: "name@dim:index:value"). Written atomically like -f.
void write_readable_model(const std::string& path, const Model& model,
                          const std::vector<std::pair<std::string, std::string>>& options, const LabelRange& range,
                          const NameMap* linear_names, const NameMap* latent_names);

}  // namespace learner
