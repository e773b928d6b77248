#include "learner/parse/line_bytes.h"

#include <cstring>
#include <string>

namespace learner {
namespace {

// Bytes below 0x20 other than tab, and DEL. Bytes >= 0x80 (UTF-8) are fine.
inline bool is_control(unsigned char c) { return (c < 0x20 && c != '\t') || c == 0x7f; }

}  // namespace

std::string_view without_bom(std::string_view line) {
  if (line.size() >= 3 && std::memcmp(line.data(), "\xEF\xBB\xBF", 3) == 0) line.remove_prefix(3);
  return line;
}

void reject_control_bytes(std::string_view line, const LineContext& ctx) {
  // Branch-free OR over the line (vectorises); locate the byte only on error.
  unsigned bad = 0;
  for (char ch : line) bad |= is_control(static_cast<unsigned char>(ch));
  if (bad == 0) return;
  if (const std::size_t nul = line.find('\0'); nul != std::string_view::npos)
    throw BinaryData(ctx.file, ctx.line,
                     "NUL byte at column " + std::to_string(nul + 1) + ": binary data, not text (--lenient does not skip it)",
                     "\\x00");
  for (std::size_t i = 0; i < line.size(); ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (is_control(c)) {
      static const char* hex = "0123456789abcdef";
      const char shown[] = {'\\', 'x', hex[c >> 4], hex[c & 15], '\0'};
      ctx.fail("control byte at column " + std::to_string(i + 1) + " (binary data?)", shown);
    }
  }
}

}  // namespace learner
