// The body of the json_reader and dsjson_reader fuzz targets: one line
// through the reader of `format`. The first byte picks the variant
// (keep_tokens, --chain_hash, keep_names, the label grammar); the rest is the
// line. Any input may be rejected with InputError; nothing else may escape,
// crash or trip the sanitizers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "learner/error.h"
#include "learner/formats/make_parser.h"

namespace learner::fuzz {

inline int json_line(const uint8_t* data, std::size_t size, InputFormat format) {
  static std::unique_ptr<ExampleParser> parsers[32];
  const unsigned pick = size > 0 ? data[0] % 32 : 0;
  if (!parsers[pick]) {
    ParseOptions o;
    o.format = format;
    o.keep_tokens = pick & 1;
    o.chain_hash = pick & 2;
    o.keep_names = pick & 4;
    const LabelFormat labels[] = {LabelFormat::kSimple, LabelFormat::kMulticlass, LabelFormat::kCostSensitive,
                                  LabelFormat::kMultilabel};
    o.labels = labels[(pick >> 3) & 3];
    o.classes = o.labels == LabelFormat::kSimple ? 0 : 5;
    parsers[pick] = make_parser(o);
  }
  const std::string_view line = size > 0 ? std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1) : "";
  Example ex;
  try {
    parsers[pick]->parse(line, ex, "fuzz", 1);
  } catch (const InputError&) {
  }
  return 0;
}

}  // namespace learner::fuzz
