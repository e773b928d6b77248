#include "learner/model/text_model.h"

#include <utility>

namespace learner {

SlotNames names_by_slot(const FeatureNames* names, uint32_t sub_models,
                        const std::function<uint64_t(uint32_t, uint32_t)>& slot_of) {
  SlotNames by_slot;
  if (!names) return by_slot;
  std::unordered_map<uint64_t, std::pair<uint64_t, const FeatureName*>> first;  // slot -> (seen, feature)
  for (const auto& [h, feature] : *names)
    for (uint32_t i = 0; i < sub_models; ++i) {
      const uint64_t slot = slot_of(h, i);
      auto [it, added] = first.try_emplace(slot, feature.seen, &feature);
      if (!added && feature.seen < it->second.first) it->second = {feature.seen, &feature};
      if (it->second.second == &feature) by_slot[slot] = i > 0 ? feature.name + "[" + std::to_string(i) + "]" : feature.name;
    }
  return by_slot;
}

void print_slot(std::FILE* out, const SlotNames& names, uint64_t slot, const char* suffix, const char* value) {
  const auto it = names.find(slot);
  if (it == names.end()) {
    std::fprintf(out, "%llu%s:%s\n", static_cast<unsigned long long>(slot), suffix, value);
    return;
  }
  std::fprintf(out, "%s%s:%llu:%s\n", it->second.c_str(), suffix, static_cast<unsigned long long>(slot), value);
}

}  // namespace learner
