#include "label_text.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>

namespace learner {

void label_from_text(std::string_view text, const ParseOptions& options, Example& ex, const LineContext& ctx,
                     std::string& scratch) {
  // The trailing blank keeps the last token a label token: in the text
  // grammar a token touching the '|' would be a tag.
  scratch.assign(text);
  scratch.push_back(' ');
  std::string tag = std::move(ex.tag);
  ex.tag.clear();
  parse_label_part(scratch, options, ex, ctx);
  if (!ex.tag.empty()) ctx.fail("a tag ('...) inside the label; give the tag in its own field", text);
  ex.tag = std::move(tag);
}

void label_from_number(double value, const ParseOptions& options, Example& ex, const LineContext& ctx,
                       std::string& scratch) {
  char text[40];
  switch (options.labels) {
    case LabelFormat::kSimple: {
      const float f = static_cast<float>(value);
      if (!std::isfinite(f)) ctx.fail("label overflows a float (largest about 3.4e38)");
      // printf's "%.9g" (9 digits: the float exactly), without printf's cost per example. An
      // integer of at most 9 digits (the usual 1, -1, 0, a count) is "%.9g"'s plain digits, with
      // the sign of -0: written as an integer, 50 times cheaper than the general conversion.
      if (f == std::trunc(f) && std::fabs(f) < 1e9f) {
        char* p = text;
        if (std::signbit(f)) *p++ = '-';
        *std::to_chars(p, text + sizeof text - 1, static_cast<uint32_t>(std::fabs(f))).ptr = '\0';
      } else {
        *std::to_chars(text, text + sizeof text - 1, static_cast<double>(f), std::chars_format::general, 9).ptr = '\0';
      }
      break;
    }
    case LabelFormat::kMulticlass:
    case LabelFormat::kMulticlassOrCost:
      if (!(value == std::floor(value)) || !(std::fabs(value) < 1e15)) ctx.fail("a class must be an integer");
      *std::to_chars(text, text + sizeof text - 1, value, std::chars_format::fixed, 0).ptr = '\0';  // "%.0f"
      break;
    default:
      ctx.fail("a numeric label needs simple or multiclass labels; give this label as a string, e.g. \"1:0.5 2:1\"");
  }
  label_from_text(text, options, ex, ctx, scratch);
}

}  // namespace learner
