// --json / --dsjson: one line, one JSON object, parsed and validated by
// simdjson's DOM parser (it picks the CPU's fastest kernel at run time; the
// On-Demand API would pick at compile time, i.e. the portable fallback for a
// generic x86-64 build), then walked by JsonWalker. The line is copied into a
// padded buffer: simdjson reads up to SIMDJSON_PADDING bytes past the end.
#include "json_reader.h"

#include <simdjson.h>

#include <cstring>
#include <string>
#include <utility>

#include "json_walker.h"
#include "learner/error.h"
#include "learner/parse/line_bytes.h"

namespace learner {
namespace {


bool is_json_blank(char c) { return c == ' ' || c == '\t'; }

bool is_number_char(char c) { return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'; }

// After simdjson refused a number of `line`: the first number (outside
// strings) that does not parse on its own, as "column C: why" and the token;
// an empty reason when none is found.
std::pair<std::string, std::string_view> bad_number(std::string_view line, simdjson::dom::parser& parser) {
  bool in_string = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
      continue;
    }
    if (c != '-' && (c < '0' || c > '9')) continue;
    std::size_t end = i;
    while (end < line.size() && is_number_char(line[end])) ++end;
    const std::string_view token = line.substr(i, end - i);
    const simdjson::padded_string alone(token);
    simdjson::dom::element e;
    if (const auto error = parser.parse(alone).get(e)) {
      const std::string column = "column " + std::to_string(i + 1) + ": the number ";
      if (token.find_first_of(".eE") == std::string_view::npos && token.size() > 19)
        return {column + "is an integer beyond 64 bits, which the JSON parser does not read (write it with an "
                         "exponent, e.g. 1.5e29, to read it as a float)",
                token};
      return {column + "is malformed or beyond a double's range (" + simdjson::error_message(error) + ")", token};
    }
    i = end - 1;
  }
  return {};
}

class JsonReader : public ExampleParser {
 public:
  JsonReader(const ParseOptions& options, bool decision_service)
      : options_(options), decision_service_(decision_service), walker_(options_) {}

  bool parse(std::string_view line, Example& ex, const std::string& file, uint64_t line_no) const override {
    ex.clear();
    ex.line = line_no;
    const LineContext ctx{file, line_no};
    line = without_bom(line);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    reject_control_bytes(line, ctx);  // JSON allows none but tab, CR and LF between tokens, none in strings
    std::size_t first = 0;
    while (first < line.size() && is_json_blank(line[first])) ++first;
    if (first == line.size()) return false;

    buffer_.resize(line.size() + simdjson::SIMDJSON_PADDING);
    std::memcpy(buffer_.data(), line.data(), line.size());
    std::memset(buffer_.data() + line.size(), ' ', simdjson::SIMDJSON_PADDING);
    walker_.begin(ex, ctx);
    simdjson::dom::element doc;
    if (const auto error = parser_.parse(buffer_.data(), line.size(), false).get(doc)) {
      if (error == simdjson::NUMBER_ERROR || error == simdjson::NUMBER_OUT_OF_RANGE) {
        const auto [reason, token] = bad_number(line, parser_);
        if (!reason.empty()) ctx.fail("invalid JSON: " + reason, token);
      }
      ctx.fail(std::string("invalid JSON: ") + simdjson::error_message(error));
    }
    if (kind(doc) != JsonKind::kObject) ctx.fail("a JSON example is an object {...} on one line");
    bool keep = true;
    try {
      if (decision_service_) {
        keep = event(doc.get_object());
      } else {
        walker_.body(doc.get_object());
      }
    } catch (const simdjson::simdjson_error& e) {  // not expected: every access is type-checked first
      const std::string where = walker_.path();
      ctx.fail("invalid JSON" + (where.empty() ? std::string() : " at " + where) + ": " + e.what());
    }
    walker_.finish();
    return keep;
  }

 private:
  // A decision-service event: "c" holds the example; see json_reader.h.
  bool event(simdjson::dom::object root) const {
    bool keep = true;
    for (const simdjson::dom::key_value_pair& field : root) {
      const std::string_view key = field.key;
      const simdjson::dom::element value = field.value;
      walker_.push_key(key);
      if (key == "c") {
        if (kind(value) != JsonKind::kObject) walker_.fail("the context \"c\" must be an object");
        walker_.body(value.get_object());
      } else if (key == "_label") {
        walker_.label(value);
      } else if (key.substr(0, 7) == "_label_") {
        walker_.label_property(key.substr(7), value);
      } else if (key == "_skipLearn") {
        if (kind(value) != JsonKind::kBool) walker_.fail("_skipLearn must be true or false");
        if (bool(value.get_bool())) keep = false;
      } else if (key == "a" || key == "p" || key == "_p" || key == "o" || key == "pdf" || key == "_outcomes" ||
                 key == "_ba" || key == "_labelIndex") {
        walker_.fail("contextual-bandit content; --dsjson reads events with a simple label only (\"c\", \"_label\")");
      }
      walker_.pop();
    }
    return keep;
  }

  ParseOptions options_;
  bool decision_service_;
  mutable simdjson::dom::parser parser_;
  mutable std::string buffer_;
  mutable JsonWalker walker_;
};

}  // namespace

std::unique_ptr<ExampleParser> make_json_reader(const ParseOptions& options, bool decision_service) {
  return std::make_unique<JsonReader>(options, decision_service);
}

}  // namespace learner
