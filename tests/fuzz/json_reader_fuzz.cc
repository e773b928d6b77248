// libFuzzer target: one line through the --json / --dsjson reader. The first
// byte picks the variant (json or dsjson, --chain_hash, keep_names, the label
// grammar); the rest is the line. Any input may be rejected with InputError;
// nothing else may escape, crash or trip the sanitizers.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "learner/error.h"
#include "learner/formats/make_parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  static std::unique_ptr<learner::ExampleParser> parsers[32];
  const unsigned pick = size > 0 ? data[0] % 32 : 0;
  if (!parsers[pick]) {
    learner::ParseOptions o;
    o.format = pick & 1 ? learner::InputFormat::kDsJson : learner::InputFormat::kJson;
    o.chain_hash = pick & 2;
    o.keep_names = pick & 4;
    const learner::LabelFormat labels[] = {learner::LabelFormat::kSimple, learner::LabelFormat::kMulticlass,
                                           learner::LabelFormat::kCostSensitive, learner::LabelFormat::kMultilabel};
    o.labels = labels[(pick >> 3) & 3];
    o.classes = o.labels == learner::LabelFormat::kSimple ? 0 : 5;
    parsers[pick] = learner::make_parser(o);
  }
  const std::string_view line = size > 0 ? std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1) : "";
  learner::Example ex;
  try {
    parsers[pick]->parse(line, ex, "fuzz", 1);
  } catch (const learner::InputError&) {
  }
  return 0;
}
