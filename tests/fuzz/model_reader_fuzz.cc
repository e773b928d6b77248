// libFuzzer target: read_model_file on arbitrary bytes (through a temporary
// file, the reader's API). Only learner::Error may escape.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "learner/error.h"
#include "learner/model/model_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/learner_fuzz_model_" + std::to_string(::getpid());
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return 0;
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  try {
    learner::read_model_file(path);
  } catch (const learner::Error&) {
  }
  return 0;
}
