// libFuzzer target: one line through the --json reader (json_fuzz.h).
#include "json_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  return learner::fuzz::json_line(data, size, learner::InputFormat::kJson);
}
