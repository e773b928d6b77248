#include "learner/model/text_model.h"

namespace learner {

SlotNames names_by_slot(const FeatureNames* names, uint32_t sub_models,
                        const std::function<uint64_t(uint32_t, uint32_t)>& slot_of) {
  SlotNames by_slot;
  if (!names) return by_slot;
  for (const auto& [h, set] : *names)
    for (uint32_t i = 0; i < sub_models; ++i)
      for (const std::string& n : set)
        by_slot[slot_of(h, i)].push_back(sub_models > 1 ? n + "[" + std::to_string(i) + "]" : n);
  return by_slot;
}

void print_slot(std::FILE* out, const SlotNames& names, uint64_t slot, const char* suffix, const char* value) {
  const auto it = names.find(slot);
  if (it == names.end()) {
    std::fprintf(out, "%llu%s:%s\n", static_cast<unsigned long long>(slot), suffix, value);
    return;
  }
  for (const std::string& n : it->second)
    std::fprintf(out, "%s%s:%llu:%s\n", n.c_str(), suffix, static_cast<unsigned long long>(slot), value);
}

}  // namespace learner
