// The ranking-trained dyadic model's feature indices (dyadic_ranker.h), shared
// by its pairwise and softmax passes (private to src/topn).
#pragma once

#include <cstdint>

namespace learner::topn_detail {

constexpr uint32_t kRankerConstantIndex = 0;
inline uint32_t ranker_user_index(uint32_t u) { return 2 * u + 2; }
inline uint32_t ranker_item_index(uint32_t i) { return 2 * i + 3; }

}  // namespace learner::topn_detail
