// libFuzzer target: LineReader over arbitrary bytes (gzip when they start
// with 1f 8b, concatenated members, corrupt or truncated streams). Reads
// every line; only learner::Error (InputError) may escape. A 1 MiB line
// limit keeps memory bounded.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "learner/error.h"
#include "learner/io/line_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  auto reader = learner::LineReader::from_string(std::string(reinterpret_cast<const char*>(data), size), "fuzz");
  reader->set_max_line(1u << 20);
  std::string_view line;
  try {
    for (int i = 0; i < 100000 && reader->next(line); ++i) {
    }
  } catch (const learner::Error&) {
  }
  return 0;
}
