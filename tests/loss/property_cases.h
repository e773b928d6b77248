// How many random cases the property sweeps run: LEARNER_PROPERTY_CASES if
// set, else 100000 in an optimised build, fewer under sanitizers or without
// optimisation (the suite must stay fast there too).
#pragma once

#include <cstdlib>

namespace learner::testing {

inline int property_cases() {
  if (const char* env = std::getenv("LEARNER_PROPERTY_CASES")) {
    const int n = std::atoi(env);
    if (n > 0) return n;
  }
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_UNDEFINED__)
  return 3000;
#elif !defined(NDEBUG)
  return 5000;
#else
  return 100000;
#endif
}

}  // namespace learner::testing
