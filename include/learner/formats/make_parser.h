// The line parser for ParseOptions::format: TextParser for VW text, else the
// JSON, decision-service JSON or CSV reader (json_reader.h, csv_reader.h).
#pragma once

#include <memory>
#include <string_view>

#include "learner/parse/example_parser.h"
#include "learner/parse/text_parser.h"

namespace learner {

std::unique_ptr<ExampleParser> make_parser(const ParseOptions& options);

}  // namespace learner
