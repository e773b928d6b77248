#include "label_text.h"

#include <cmath>
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
      std::snprintf(text, sizeof text, "%.9g", static_cast<double>(f));  // 9 digits: the float exactly
      break;
    }
    case LabelFormat::kMulticlass:
    case LabelFormat::kMulticlassOrCost:
      if (!(value == std::floor(value)) || !(std::fabs(value) < 1e15)) ctx.fail("a class must be an integer");
      std::snprintf(text, sizeof text, "%.0f", value);
      break;
    default:
      ctx.fail("a numeric label needs simple or multiclass labels; give this label as a string, e.g. \"1:0.5 2:1\"");
  }
  label_from_text(text, options, ex, ctx, scratch);
}

}  // namespace learner
