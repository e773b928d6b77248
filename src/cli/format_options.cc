#include "option_readers.h"

#include <string>

#include "learner/formats/csv_reader.h"

#include "learner/error.h"

namespace learner {

// --json, --dsjson, --csv and their settings (formats/json_reader.h, csv_reader.h).
void fill_format(const OptionValues& v, Options& o) {
  const int formats = int(v.flag("json")) + int(v.flag("dsjson")) + int(v.flag("csv"));
  if (formats > 1) throw UsageError("--json, --dsjson and --csv exclude one another");
  o.parse.format = v.flag("json") ? InputFormat::kJson : v.flag("dsjson") ? InputFormat::kDsJson
                   : v.flag("csv") ? InputFormat::kCsv : InputFormat::kText;
  o.parse.chain_hash = v.flag("chain_hash");
  if (v.given("ignore_features_dsjson_experimental")) {
    if (o.parse.format != InputFormat::kJson && o.parse.format != InputFormat::kDsJson)
      throw UsageError("--ignore_features_dsjson_experimental needs --json or --dsjson");
    o.parse.ignored_json =
        std::make_shared<const IgnoredJsonFeatures>(v.list("ignore_features_dsjson_experimental"));
  }
  if (o.parse.format != InputFormat::kCsv) {
    for (const char* name : {"csv_separator", "csv_header", "csv_no_file_header", "csv_ns_value"})
      if (v.given(name) && (std::string(name) != "csv_no_file_header" || v.flag(name)))
        throw UsageError(std::string("--") + name + " needs --csv");
    return;
  }
  CsvOptions& csv = o.parse.csv;
  csv.separator = csv_separator(v.text("csv_separator"));
  csv.header = v.text("csv_header");
  csv.no_file_header = v.flag("csv_no_file_header");
  csv.ns_value = v.text("csv_ns_value");
  if (csv.no_file_header && csv.header.empty()) throw UsageError("--csv_no_file_header needs --csv_header (the column names)");
}

}  // namespace learner
