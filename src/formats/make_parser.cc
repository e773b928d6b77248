#include "learner/formats/make_parser.h"

#include "learner/formats/csv_reader.h"
#include "learner/formats/json_bandit.h"
#include "json_reader.h"

namespace learner {

std::unique_ptr<ExampleParser> make_parser(const ParseOptions& options) {
  const bool bandit = options.labels == LabelFormat::kContextualBanditAdf;  // --cb_adf: one event, one group
  switch (options.format) {
    case InputFormat::kJson: return bandit ? make_json_bandit_reader(options, false) : make_json_reader(options, false);
    case InputFormat::kDsJson: return bandit ? make_json_bandit_reader(options, true) : make_json_reader(options, true);
    case InputFormat::kCsv: return make_csv_reader(options);
    case InputFormat::kText: break;
  }
  return std::make_unique<TextParser>(options);
}

}  // namespace learner
