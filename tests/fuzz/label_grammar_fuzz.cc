// libFuzzer target: the reductions' label grammars. The first byte picks the
// grammar (multiclass, cost-sensitive, either, multilabel, a line of a
// multi-line example) and a class count K in 0..15; the rest is a text
// line. Only InputError may escape.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "learner/error.h"
#include "learner/parse/text_parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const learner::LabelFormat kFormats[] = {learner::LabelFormat::kMulticlass, learner::LabelFormat::kCostSensitive,
                                                  learner::LabelFormat::kMulticlassOrCost,
                                                  learner::LabelFormat::kMultilabel,
                                                  learner::LabelFormat::kLabelDependent};
  learner::ParseOptions o;
  o.labels = kFormats[(data[0] & 7) % 5];
  o.classes = (data[0] >> 3) & 15;
  const learner::TextParser parser(o);
  learner::Example ex;
  try {
    parser.parse(std::string_view(reinterpret_cast<const char*>(data + 1), size - 1), ex, "fuzz", 1);
  } catch (const learner::InputError&) {
  }
  return 0;
}
