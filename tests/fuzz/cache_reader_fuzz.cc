// libFuzzer target: CacheReader on arbitrary file bytes, with the key of a
// cache written from standard input with default options (the seed corpus
// holds such caches). open() may refuse; next() may throw CacheCorrupt;
// nothing may crash. The bytes go through a temporary file (the reader's API).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "learner/cache/cache_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/learner_fuzz_cache_" + std::to_string(::getpid());
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return 0;
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  static const learner::CacheKey key = [] {
    learner::CacheKey k = learner::make_cache_key("-", learner::ParseOptions{});
    k.verifiable = true;
    return k;
  }();
  std::string why;
  try {
    auto reader = learner::CacheReader::open(path, key, why);
    if (reader) {
      learner::Example ex;
      for (int pass = 0; pass < 2; ++pass) {
        while (reader->next(ex)) {
        }
        reader->rewind();
      }
    }
  } catch (const learner::Error&) {
  }
  return 0;
}
