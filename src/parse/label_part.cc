// The label part of a VW line: up to three numbers and a tag.
#include <array>

#include "learner/error.h"
#include "learner/parse/number.h"
#include "learner/parse/parse_detail.h"

namespace learner {
namespace {

float parse_label_number(std::string_view token, const char* what, const LineContext& ctx) {
  float value = 0.0f;
  switch (parse_number(token, value)) {
    case NumberStatus::kOk:
      return value;
    case NumberStatus::kNonFinite:
      ctx.fail(std::string(what) + " is not a finite number", token);
    default:
      ctx.fail(std::string("malformed ") + what, token);
  }
}

void add_number(std::array<std::string_view, 3>& numbers, std::size_t& count, std::string_view token,
                const LineContext& ctx) {
  if (count == numbers.size()) ctx.fail("too many tokens before the first '|' (label importance base 'tag)", token);
  numbers[count++] = token;
}

}  // namespace

void parse_label_part(std::string_view part, Example& ex, const LineContext& ctx) {
  // Numeric tokens are at most label, importance, base; a fourth is an error.
  std::array<std::string_view, 3> numbers;
  std::size_t count = 0;
  std::string_view last;
  std::size_t i = 0;
  const std::size_t n = part.size();
  while (i < n) {
    while (i < n && is_blank(part[i])) ++i;
    if (i == n) break;
    std::size_t start = i;
    while (i < n && !is_blank(part[i])) ++i;
    if (!last.empty()) add_number(numbers, count, last, ctx);  // not last: not the tag
    last = part.substr(start, i - start);
  }
  if (!last.empty()) {
    bool touches_bar = last.data() + last.size() == part.data() + part.size();
    if (last.front() == '\'' || touches_bar) {
      if (last.front() == '\'') last.remove_prefix(1);
      ex.tag.assign(last);
    } else {
      add_number(numbers, count, last, ctx);
    }
  }
  if (count >= 1) {
    ex.label = parse_label_number(numbers[0], "label", ctx);
    ex.has_label = true;
  }
  if (count >= 2) {
    ex.importance = parse_label_number(numbers[1], "importance weight", ctx);
    if (ex.importance < 0.0f) ctx.fail("negative importance weight", numbers[1]);
  }
  if (count >= 3) ex.base = parse_label_number(numbers[2], "base (initial prediction)", ctx);
}

}  // namespace learner
