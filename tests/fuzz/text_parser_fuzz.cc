// libFuzzer target: one VW text line through TextParser twice, with
// keep_names on (the general feature loop) and with default options (plain
// namespaces take the walk of src/parse/plain_features.h). Any input may be
// rejected with InputError; nothing else may escape, crash or trip the
// sanitizers, and both parsers must agree: the same error or none, the same
// namespaces and features (indices, values bit for bit).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "learner/error.h"
#include "learner/parse/text_parser.h"

namespace {

// The parse's outcome: "!" and the error's text, or the namespaces and features.
std::string outcome(const learner::TextParser& parser, std::string_view line, learner::Example& ex) {
  try {
    if (!parser.parse(line, ex, "fuzz", 1)) return "blank";
  } catch (const learner::InputError& e) {
    return std::string("!") + e.what();
  }
  std::string out;
  for (const learner::NamespaceSpan& ns : ex.namespaces)
    out += ns.name + "/" + std::to_string(ns.hash) + "/" + std::to_string(ns.begin) + "-" + std::to_string(ns.end) + " ";
  for (const learner::Feature& f : ex.features) {
    uint32_t bits;
    std::memcpy(&bits, &f.value, 4);
    out += std::to_string(f.index) + ":" + std::to_string(bits) + " ";
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  static const learner::TextParser general([] {
    learner::ParseOptions o;
    o.keep_names = true;
    return o;
  }());
  static const learner::TextParser plain{learner::ParseOptions{}};
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  learner::Example ex;
  const std::string want = outcome(general, line, ex);
  if (outcome(plain, line, ex) != want) std::abort();  // the walk and the general loop disagree
  return 0;
}
