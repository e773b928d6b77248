// libFuzzer target: one VW text line through TextParser (plain labels,
// keep_names on). Any input may be rejected with InputError; nothing else
// may escape, crash or trip the sanitizers.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "learner/error.h"
#include "learner/parse/text_parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  static const learner::TextParser parser([] {
    learner::ParseOptions o;
    o.keep_names = true;
    return o;
  }());
  learner::Example ex;
  try {
    parser.parse(std::string_view(reinterpret_cast<const char*>(data), size), ex, "fuzz", 1);
  } catch (const learner::InputError&) {
  }
  return 0;
}
