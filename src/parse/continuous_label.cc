#include "continuous_label.h"

#include <cmath>
#include <limits>

#include "learner/parse/number.h"
#include "number_inline.h"

namespace learner::detail {
namespace {

// 10^e as VW 9.11's fast_pow10 table holds it: products of 10.f for e >= 0,
// repeated float divisions by 10.f for e < 0 (0 below 1e-37, inf above 1e38).
float vw_pow10(int e) {
  float p = 1.0f;
  if (e >= 0) {
    if (e > 39) return std::numeric_limits<float>::infinity();
    for (int i = 0; i < e; ++i) p = p * 10.0f;
  } else {
    if (-e > 37) return 0.0f;
    for (int i = 0; i < -e; ++i) p = p / 10.0f;
  }
  return p;
}

// VW 9.11's parse_float for its "easy case" ([-]digits[.digits][e[-]digits],
// the whole field): digits accumulated in float, then scaled by vw_pow10.
// False for anything else (VW then calls strtof: the caller reads the field
// correctly rounded, which is strtof's float).
bool vw_easy_float(std::string_view field, float& out) {
  std::size_t i = 0;
  const std::size_t n = field.size();
  float sign = 1.0f;
  if (i < n && field[i] == '-') {
    sign = -1.0f;
    ++i;
  }
  const std::size_t first_digit = i;
  float acc = 0.0f;
  for (; i < n && field[i] >= '0' && field[i] <= '9'; ++i) {
    acc = acc * 10.0f;  // VW: acc * 10 + *p - '0', left to right in float
    acc = acc + static_cast<float>(field[i]);
    acc = acc - static_cast<float>('0');
  }
  int decimals = 0;
  if (i < n && field[i] == '.') {
    for (++i; i < n && field[i] >= '0' && field[i] <= '9'; ++i) {
      if (decimals < 35) {
        acc = acc * 10.0f + static_cast<float>(field[i] - '0');
        ++decimals;
      }
    }
  }
  if (i == first_digit) return false;  // no digit at all: not VW's easy case for us
  int exponent = 0;
  if (i < n && (field[i] == 'e' || field[i] == 'E')) {
    ++i;
    int exponent_sign = 1;
    if (i < n && field[i] == '-') {
      exponent_sign = -1;
      ++i;
    }
    const std::size_t exponent_start = i;
    for (; i < n && field[i] >= '0' && field[i] <= '9'; ++i)
      if (exponent < 1000) exponent = exponent * 10 + (field[i] - '0');
    if (i == exponent_start) return false;
    exponent *= exponent_sign;
  }
  if (i != n) return false;
  const int scale = exponent - decimals;
  if (scale < -128 || scale > 127) return false;  // VW's int8_t exponent would wrap: leave it to strtof
  out = sign * (acc * vw_pow10(scale));
  return std::isfinite(out);
}

float continuous_number(std::string_view field, const char* what, std::string_view token, const LineContext& ctx) {
  float value = 0.0f;
  if (field.empty()) ctx.fail(std::string("empty ") + what + " in a continuous-action label", token);
  if (vw_easy_float(field, value)) return value;
  switch (parse_number_inline(field, value)) {
    case NumberStatus::kOk:
      return value;
    case NumberStatus::kNonFinite:
      ctx.fail(std::string(what) + " is not a finite number", token);
    case NumberStatus::kOverflow:
      ctx.fail(std::string(what) + " " + kOverflowReason, token);
    default:
      ctx.fail(std::string("malformed ") + what + " in a continuous-action label", token);
  }
}

// Splits `token` at ':' into at most `n` fields; returns how many.
std::size_t split_fields(std::string_view token, std::string_view* fields, std::size_t n, const char* shape,
                         const LineContext& ctx) {
  std::size_t count = 0;
  std::size_t begin = 0;
  while (true) {
    const std::size_t colon = token.find(':', begin);
    if (count == n) ctx.fail(std::string("too many ':' fields: expected ") + shape, token);
    fields[count++] = token.substr(begin, colon == std::string_view::npos ? colon : colon - begin);
    if (colon == std::string_view::npos) return count;
    begin = colon + 1;
  }
}

}  // namespace

void ContinuousLabelReader::token(std::string_view token) {
  switch (expect_) {
    case Expect::kCa:
      if (token != "ca")
        ctx_.fail("a continuous-action label starts with `ca` (ca action:cost:pdf_value)", token);
      expect_ = Expect::kObservation;
      return;
    case Expect::kObservation:
      if (token == "pdf" || token == "chosen_action") break;  // no observation: a keyword
      {
        std::string_view f[3];
        const std::size_t n = split_fields(token, f, 3, "action:cost:pdf_value", ctx_);
        ClassCost c{0, kUnknownCost, 0.0f};
        ex_.label = continuous_number(f[0], "action", token, ctx_);
        if (n > 1) c.cost = continuous_number(f[1], "cost", token, ctx_);
        if (n > 2) {
          c.probability = continuous_number(f[2], "pdf value", token, ctx_);
          if (c.probability < 0.0f) ctx_.fail("a pdf value must be >= 0", token);
        }
        ex_.costs.push_back(c);
        ex_.has_label = c.cost != kUnknownCost && c.probability > 0.0f;
        expect_ = Expect::kKeyword;
        return;
      }
    case Expect::kSegment:
      if (token != "pdf" && token != "chosen_action") {
        std::string_view f[3];
        if (split_fields(token, f, 3, "left:right:pdf_value", ctx_) != 3)
          ctx_.fail("a pdf segment is left:right:pdf_value", token);
        const float left = continuous_number(f[0], "segment start", token, ctx_);
        const float right = continuous_number(f[1], "segment end", token, ctx_);
        const float value = continuous_number(f[2], "pdf value", token, ctx_);
        if (!(left <= right)) ctx_.fail("a pdf segment's start is above its end", token);
        if (value < 0.0f) ctx_.fail("a pdf value must be >= 0", token);
        return;
      }
      break;
    case Expect::kChosen:
      continuous_number(token, "chosen action", token, ctx_);
      expect_ = Expect::kKeyword;
      return;
    case Expect::kKeyword:
      break;
  }
  // A keyword.
  if (token == "pdf") {
    if (seen_pdf_) ctx_.fail("`pdf` given twice in a continuous-action label", token);
    seen_pdf_ = true;
    expect_ = Expect::kSegment;
  } else if (token == "chosen_action") {
    if (seen_chosen_) ctx_.fail("`chosen_action` given twice in a continuous-action label", token);
    seen_chosen_ = true;
    expect_ = Expect::kChosen;
  } else {
    ctx_.fail("unexpected token in a continuous-action label (ca action:cost:pdf_value [pdf l:r:v ...] "
              "[chosen_action a])",
              token);
  }
}

void ContinuousLabelReader::finish() const {
  // `ca` alone, as no token, is an unlabeled example (VW's test label).
  if (expect_ == Expect::kChosen) ctx_.fail("`chosen_action` without an action");
}

}  // namespace learner::detail
