// A user-item example for the dyadic tests: features `user` and `item`
// (value 1) in namespaces u and i.
#pragma once

#include <cstdint>

#include "learner/example.h"

namespace learner::test {

inline Example one_hot_pair(uint32_t user, uint32_t item) {
  Example ex;
  ex.has_label = true;
  ex.features = {{1.0f, user}, {1.0f, item}};
  ex.namespaces = {{"u", 'u', 0, 0, 1}, {"i", 'i', 0, 1, 2}};
  return ex;
}

}  // namespace learner::test
