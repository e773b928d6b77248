// TextParser::parse: line hygiene (BOM, CR, control bytes, blank lines), then
// the label part and each '|' segment.
#include "learner/parse/text_parser.h"

#include "learner/error.h"
#include "learner/parse/line_bytes.h"
#include "learner/parse/parse_detail.h"
#include "line_scan.h"
#include "namespace_parser.h"

namespace learner {
namespace {

constexpr std::size_t kMaxTokenShown = 80;

// The separator bitmaps of the line being parsed: one per thread, reused.
thread_local LineScan line_scan;

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
  LineScan& scan = line_scan;
  scan.scan(line);
  if (scan.has_control()) reject_control_bytes(line, ctx);  // the vectorised scan saw one: find it, say where

  const std::size_t n = line.size();
  std::size_t bar = scan.next_bar(0, n);
  if (bar == n) {
    if (scan.skip_blanks(0, n) != n)
      ctx.fail("no '|' in a non-blank line (expected: label ... |namespace features)", line);
    return false;
  }
  parse_label_part(line.substr(0, bar), options_, ex, ctx);
  while (bar < n) {
    const std::size_t next = scan.next_bar(bar + 1, n);
    parse_namespace(line, bar + 1, next, scan, options_, ex, ctx);
    bar = next;
  }
  return true;
}

}  // namespace learner
