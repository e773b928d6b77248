#include "json_line.h"

#include <cstring>
#include <utility>

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

}  // namespace

std::string_view json_line_text(std::string_view line, const LineContext& ctx) {
  line = without_bom(line);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  reject_control_bytes(line, ctx);  // JSON allows none but tab, CR and LF between tokens, none in strings
  std::size_t first = 0;
  while (first < line.size() && is_json_blank(line[first])) ++first;
  return first == line.size() ? std::string_view() : line;
}

simdjson::dom::element parse_json_line(std::string_view line, simdjson::dom::parser& parser, std::string& buffer,
                                       const LineContext& ctx) {
  buffer.resize(line.size() + simdjson::SIMDJSON_PADDING);
  std::memcpy(buffer.data(), line.data(), line.size());
  std::memset(buffer.data() + line.size(), ' ', simdjson::SIMDJSON_PADDING);
  simdjson::dom::element doc;
  if (const auto error = parser.parse(buffer.data(), line.size(), false).get(doc)) {
    if (error == simdjson::NUMBER_ERROR || error == simdjson::NUMBER_OUT_OF_RANGE) {
      const auto [reason, token] = bad_number(line, parser);
      if (!reason.empty()) ctx.fail("invalid JSON: " + reason, token);
    }
    ctx.fail(std::string("invalid JSON: ") + simdjson::error_message(error));
  }
  return doc;
}

}  // namespace learner
