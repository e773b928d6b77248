// libFuzzer target: a small CSV file through the --csv reader, line by line
// (line 1 the header). The first byte picks the separator (',' ';' or tab),
// keep_names and --csv_ns_value; the rest is the file. Any line may be
// rejected with InputError; nothing else may escape, crash or trip the
// sanitizers.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "learner/error.h"
#include "learner/formats/make_parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  learner::ParseOptions o;
  o.format = learner::InputFormat::kCsv;
  const char separators[] = {',', ';', '\t'};
  o.csv.separator = separators[data[0] % 3];
  o.keep_names = data[0] & 4;
  if (data[0] & 8) o.csv.ns_value = "a:0.5,:2";
  std::unique_ptr<learner::ExampleParser> parser = learner::make_parser(o);
  std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  learner::Example ex;
  for (uint64_t line_no = 1; !rest.empty(); ++line_no) {
    const std::size_t nl = rest.find('\n');
    const std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    try {
      parser->parse(line, ex, "fuzz", line_no);
    } catch (const learner::InputError&) {
      if (line_no == 1) break;  // no header: nothing more to read
    }
  }
  return 0;
}
