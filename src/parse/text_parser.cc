// TextParser::parse: line hygiene (BOM, CR, control bytes, blank lines), then
// the label part and each '|' segment.
#include "learner/parse/text_parser.h"

#include <cstring>

#include "learner/error.h"
#include "learner/parse/parse_detail.h"
#include "line_scan.h"
#include "namespace_parser.h"

namespace learner {
namespace {

constexpr std::size_t kMaxTokenShown = 80;

// The separator bitmaps of the line being parsed: one per thread, reused.
thread_local LineScan line_scan;

// Bytes below 0x20 other than tab, and DEL. Bytes >= 0x80 (UTF-8) are fine.
inline bool is_control(unsigned char c) { return (c < 0x20 && c != '\t') || c == 0x7f; }

void check_bytes(std::string_view line, const LineContext& ctx) {
  // Branch-free OR over the line (vectorises); locate the byte only on error.
  unsigned bad = 0;
  for (char ch : line) bad |= is_control(static_cast<unsigned char>(ch));
  if (bad == 0) return;
  for (std::size_t i = 0; i < line.size(); ++i) {
    auto c = static_cast<unsigned char>(line[i]);
    if (is_control(c)) {
      static const char* hex = "0123456789abcdef";
      const char shown[] = {'\\', 'x', hex[c >> 4], hex[c & 15], '\0'};
      ctx.fail("control byte at column " + std::to_string(i + 1) + " (binary data?)", shown);
    }
  }
}

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
  if (line.size() >= 3 && std::memcmp(line.data(), "\xEF\xBB\xBF", 3) == 0) line.remove_prefix(3);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  LineScan& scan = line_scan;
  scan.scan(line);
  if (scan.has_control()) check_bytes(line, ctx);  // the vectorised scan saw one: find it, say where

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
