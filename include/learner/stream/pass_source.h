// Where a pass's examples came from: the text, the binary cache, or memory
// (ExampleStream keeps a small data set's first pass for the later passes).
#pragma once

namespace learner {

enum class PassSource { kText, kCache, kMemory };

inline const char* pass_source_name(PassSource s) {
  switch (s) {
    case PassSource::kCache: return "cache";
    case PassSource::kMemory: return "memory";
    case PassSource::kText: break;
  }
  return "text";
}

}  // namespace learner
