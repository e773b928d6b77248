// TextParser::parse: line hygiene (BOM, CR, control bytes, blank lines), then
// the label part and each '|' segment.
#include "learner/parse/text_parser.h"

#include "learner/error.h"
#include "learner/parse/line_bytes.h"
#include "learner/parse/parse_detail.h"

namespace learner {
namespace {

constexpr std::size_t kMaxTokenShown = 80;

}  // namespace

void LineContext::fail(const std::string& reason, std::string_view token) const {
  std::string shown(token.substr(0, kMaxTokenShown));
  if (token.size() > kMaxTokenShown) shown += "...";
  throw InputError(file, line, reason, shown);
}

bool TextParser::parse(std::string_view line, Example& ex, const std::string& file, uint64_t line_no) const {
  ex.clear();
  ex.line = line_no;
  const LineContext ctx{file, line_no};
  line = without_bom(line);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  reject_control_bytes(line, ctx);

  std::size_t bar = line.find('|');
  if (bar == std::string_view::npos) {
    for (char c : line) {
      if (!is_blank(c)) ctx.fail("no '|' in a non-blank line (expected: label ... |namespace features)", line);
    }
    return false;
  }
  parse_label_part(line.substr(0, bar), options_, ex, ctx);
  while (bar != std::string_view::npos) {
    std::size_t next = line.find('|', bar + 1);
    std::size_t end = next == std::string_view::npos ? line.size() : next;
    parse_namespace(line.substr(bar + 1, end - bar - 1), options_, ex, ctx);
    bar = next;
  }
  return true;
}

}  // namespace learner
