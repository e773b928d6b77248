// The body lines of a text model (--readable_model, --invert_hash), shared by
// the learners: "slot:value", or "name:slot:value" for each feature name that
// reaches the slot ("name[i]" for sub-model i when there are several), with an
// optional suffix after the name or slot ("@dim" for latent weights).
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace learner {

// Feature names per feature index (learner.h's NameMap).
using FeatureNames = std::unordered_map<uint32_t, std::set<std::string>>;
// The names that reach each slot.
using SlotNames = std::unordered_map<uint64_t, std::vector<std::string>>;

// Maps every named feature h of every sub-model i < sub_models to its slot
// slot_of(h, i). Empty for no names. Meant for the end of a run (it copies
// the names).
SlotNames names_by_slot(const FeatureNames* names, uint32_t sub_models,
                        const std::function<uint64_t(uint32_t, uint32_t)>& slot_of);

// Writes the lines of one slot; `value` is already formatted.
void print_slot(std::FILE* out, const SlotNames& names, uint64_t slot, const char* suffix, const char* value);

}  // namespace learner
