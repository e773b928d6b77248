// Which format the data is in (--json, --dsjson, --csv; VW text otherwise)
// and the CSV reader's settings. Readers: learner/formats/make_parser.h.
#pragma once

#include <string>

namespace learner {

enum class InputFormat { kText, kJson, kDsJson, kCsv };

// For messages: "VW's text format", "--json", "--dsjson", "--csv".
inline const char* format_name(InputFormat f) {
  switch (f) {
    case InputFormat::kJson: return "--json";
    case InputFormat::kDsJson: return "--dsjson";
    case InputFormat::kCsv: return "--csv";
    default: return "VW's text format";
  }
}

// VW's CSV options (--csv_separator, --csv_header, --csv_no_file_header, --csv_ns_value).
struct CsvOptions {
  char separator = ',';
  std::string header;           // "" = the file's first line is the header
  bool no_file_header = false;  // the file has no header line (needs `header`)
  std::string ns_value;         // "a:0.5,b:2,:8": namespace scale factors ("" = default namespace)
};

}  // namespace learner
