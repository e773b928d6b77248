// libFuzzer target: one line through the contextual-bandit JSON reader
// (formats/json_bandit.h), --dsjson events or --json examples with "_multi".
// The first byte picks the variant (bit 0 keep_tokens, 1 --chain_hash,
// 2 keep_names, 3 --json instead of --dsjson); the rest is the line. Any line
// may be rejected with InputError; nothing else may escape, crash or trip the
// sanitizers, and an accepted line must give the reader's contract: a shared
// example first, then action examples, then the group's end, with nothing
// pending after it (or after a rejection).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "learner/error.h"
#include "learner/formats/make_parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  using namespace learner;
  static std::unique_ptr<ExampleParser> parsers[16];
  const unsigned pick = size > 0 ? data[0] % 16 : 0;
  if (!parsers[pick]) {
    ParseOptions o;
    o.format = (pick & 8) ? InputFormat::kJson : InputFormat::kDsJson;
    o.labels = LabelFormat::kContextualBanditAdf;
    o.keep_tokens = pick & 1;
    o.chain_hash = pick & 2;
    o.keep_names = pick & 4;
    parsers[pick] = make_parser(o);
  }
  ExampleParser& parser = *parsers[pick];
  const std::string_view line = size > 0 ? std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1) : "";
  Example ex;
  try {
    if (!parser.parse(line, ex, "fuzz", 1)) {
      if (parser.pending()) __builtin_trap();  // a skipped line leaves nothing pending
      return 0;
    }
  } catch (const InputError&) {
    if (parser.pending()) __builtin_trap();
    return 0;
  }
  if (!ex.shared) __builtin_trap();
  std::size_t labelled = 0, actions = 0;
  for (;;) {
    if (!parser.pending()) __builtin_trap();  // the group's end is always delivered
    if (!parser.parse_pending(ex)) break;
    if (ex.shared || ex.group_end) __builtin_trap();
    if (ex.names.size() != 0 && ex.names.size() != ex.features.size()) __builtin_trap();
    ++actions;
    labelled += ex.has_label ? 1 : 0;
  }
  if (parser.pending() || actions == 0 || labelled > 1) __builtin_trap();
  return 0;
}
