// The body lines of a text model (--readable_model, --invert_hash), shared by
// the learners: "slot:value", or "name:slot:value" with the slot's name,
// as VW 9.11 writes them: the name of the first feature seen to reach the
// slot, "[i]" after it for sub-model i > 0; with an optional suffix after
// the name or slot ("@dim" for latent weights).
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <unordered_map>

#include "learner/learner.h"

namespace learner {

// Feature names per feature index (learner.h's NameMap).
using FeatureNames = NameMap;
// The name of each slot.
using SlotNames = std::unordered_map<uint64_t, std::string>;

// Names every slot slot_of(h, i) some named feature h of a sub-model
// i < sub_models reaches after the feature first seen (the lowest `seen`).
// Empty for no names. Meant for the end of a run (it copies the names).
SlotNames names_by_slot(const FeatureNames* names, uint32_t sub_models,
                        const std::function<uint64_t(uint32_t, uint32_t)>& slot_of);

// Writes the line of one slot; `value` is already formatted.
void print_slot(std::FILE* out, const SlotNames& names, uint64_t slot, const char* suffix, const char* value);

}  // namespace learner
