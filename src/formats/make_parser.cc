#include "learner/formats/make_parser.h"

#include "learner/formats/csv_reader.h"
#include "json_reader.h"

namespace learner {

std::unique_ptr<ExampleParser> make_parser(const ParseOptions& options) {
  switch (options.format) {
    case InputFormat::kJson: return make_json_reader(options, false);
    case InputFormat::kDsJson: return make_json_reader(options, true);
    case InputFormat::kCsv: return make_csv_reader(options);
    case InputFormat::kText: break;
  }
  return std::make_unique<TextParser>(options);
}

}  // namespace learner
