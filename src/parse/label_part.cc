// The label part of a VW line: up to three numbers and a tag (kSimple), or
// one of the reductions' label grammars (parse/label_format.h).
#include <algorithm>
#include <array>
#include <charconv>
#include <sstream>

#include "learner/error.h"
#include "learner/parse/number.h"
#include "learner/parse/parse_detail.h"
#include "number_inline.h"
#include "continuous_label.h"

namespace learner {
namespace {

// `shown`: the token named in an error (default: the number itself).
float parse_label_number(std::string_view token, const char* what, const LineContext& ctx,
                         std::string_view shown = {}) {
  if (shown.empty()) shown = token;
  float value = 0.0f;
  switch (parse_number_inline(token, value)) {
    case NumberStatus::kOk:
      return value;
    case NumberStatus::kNonFinite:
      ctx.fail(std::string(what) + " is not a finite number", shown);
    case NumberStatus::kOverflow:
      ctx.fail(std::string(what) + " " + kOverflowReason, shown);
    default:
      ctx.fail(std::string("malformed ") + what, shown);
  }
}

void add_number(std::array<std::string_view, 3>& numbers, std::size_t& count, std::string_view token,
                const LineContext& ctx) {
  if (count == numbers.size()) ctx.fail("too many tokens before the first '|' (label importance base 'tag)", token);
  numbers[count++] = token;
}

// The label part split into its label tokens and the tag: the tag is the last
// token when it starts with ' (stripped) or touches the '|'. No allocation:
// tokens are visited in place.
class LabelTokens {
 public:
  explicit LabelTokens(std::string_view part) : part_(part) {
    std::size_t i = part.size();
    while (i > 0 && is_blank(part[i - 1])) --i;
    std::size_t start = i;
    while (start > 0 && !is_blank(part[start - 1])) --start;
    std::string_view last = part.substr(start, i - start);
    end_ = part.size();
    if (!last.empty() && (last.front() == '\'' || i == part.size())) {
      tag_ = last.front() == '\'' ? last.substr(1) : last;
      has_tag_ = true;
      end_ = start;
    }
  }
  // Calls f(token) for each label token, in order.
  template <class F>
  void each(F&& f) const {
    std::size_t i = 0;
    while (i < end_) {
      while (i < end_ && is_blank(part_[i])) ++i;
      if (i == end_) break;
      const std::size_t start = i;
      while (i < end_ && !is_blank(part_[i])) ++i;
      f(part_.substr(start, i - start));
    }
  }
  void set_tag(Example& ex) const {
    if (has_tag_) ex.tag.assign(tag_);
  }

 private:
  std::string_view part_;
  std::string_view tag_;
  std::size_t end_ = 0;
  bool has_tag_ = false;
};

// A class id: a plain decimal integer in 1..K (K = 0: any id >= 1), or as
// `labels` writes classes (--named_labels, --indexing 0; class_labels.h).
uint32_t parse_class(std::string_view token, std::string_view shown, uint32_t classes, const ClassLabels* labels,
                     const LineContext& ctx) {
  if (labels) {
    const std::optional<uint32_t> k = labels->id(token);
    if (!k || *k < 1 || (classes > 0 && *k > classes)) ctx.fail("a class must be " + labels->expected(classes), shown);
    return *k;
  }
  uint32_t k = 0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), k);
  if (token.empty() || ec != std::errc() || end != token.data() + token.size())
    ctx.fail("a class must be an integer" + std::string(classes ? " in 1.." + std::to_string(classes) : " >= 1"),
             shown);
  if (k < 1 || (classes > 0 && k > classes))
    ctx.fail("class out of range" + std::string(classes ? " 1.." + std::to_string(classes) : " (classes start at 1)") +
                 (k == 0 ? " (0-based classes need --indexing 0)" : ""),
             shown);
  return k;
}

void parse_cost_sensitive(const LabelTokens& tokens, uint32_t classes, const ClassLabels* labels, Example& ex,
                          const LineContext& ctx) {
  tokens.each([&](std::string_view token) {
    const std::size_t colon = token.find(':');
    ClassCost c{parse_class(token.substr(0, colon), token, classes, labels, ctx), kUnknownCost};
    if (colon != std::string_view::npos) c.cost = parse_label_number(token.substr(colon + 1), "cost", ctx, token);
    for (const ClassCost& seen : ex.costs)
      if (seen.klass == c.klass) ctx.fail("class listed twice in a cost-sensitive label", token);
    ex.costs.push_back(c);
    if (c.cost != kUnknownCost) ex.has_label = true;
  });
  tokens.set_tag(ex);
}

void parse_multiclass(const LabelTokens& tokens, uint32_t classes, const ClassLabels* labels, Example& ex,
                      const LineContext& ctx) {
  std::size_t count = 0;
  tokens.each([&](std::string_view token) {
    switch (count++) {
      case 0:
        ex.label = static_cast<float>(parse_class(token, token, classes, labels, ctx));
        ex.has_label = true;
        break;
      case 1:
        ex.importance = parse_label_number(token, "importance weight", ctx);
        if (ex.importance < 0.0f) ctx.fail("negative importance weight", token);
        break;
      case 2:
        ex.base = parse_label_number(token, "base (initial prediction)", ctx);
        break;
      default:
        ctx.fail("too many tokens before the first '|' (class importance base 'tag)", token);
    }
  });
  tokens.set_tag(ex);
}

void parse_multilabel(const LabelTokens& tokens, uint32_t classes, const ClassLabels* labels, Example& ex,
                      const LineContext& ctx) {
  std::size_t count = 0;
  tokens.each([&](std::string_view token) {
    if (count++ == 1) {
      ex.importance = parse_label_number(token, "importance weight", ctx);
      if (ex.importance < 0.0f) ctx.fail("negative importance weight", token);
      return;
    }
    if (count > 2) ctx.fail("too many tokens before the first '|' (classes importance 'tag)", token);
    std::size_t begin = 0;
    while (true) {
      const std::size_t comma = std::min(token.find(',', begin), token.size());
      const uint32_t k = parse_class(token.substr(begin, comma - begin), token, classes, labels, ctx);
      if (std::find(ex.label_set.begin(), ex.label_set.end(), k) != ex.label_set.end())
        ctx.fail("class listed twice in a multilabel label", token);
      ex.label_set.push_back(k);
      if (comma == token.size()) break;
      begin = comma + 1;
    }
    std::sort(ex.label_set.begin(), ex.label_set.end());
    ex.has_label = true;
  });
  tokens.set_tag(ex);
}

// One line of a multi-line example (label_format.h, kLabelDependent).
void parse_label_dependent(const LabelTokens& tokens, const ClassLabels* labels, Example& ex, const LineContext& ctx) {
  std::size_t count = 0;
  tokens.each([&](std::string_view token) {
    if (count++ > 0) ctx.fail("an ldf line has one label, `class[:cost]` or `shared`", token);
    if (token == "shared") {
      ex.shared = true;
      return;
    }
    const std::size_t colon = token.find(':');
    if (token.substr(0, colon) == "shared") ctx.fail("a `shared` line has no cost", token);
    ClassCost c{parse_class(token.substr(0, colon), token, 0, labels, ctx), kUnknownCost};
    if (colon != std::string_view::npos) c.cost = parse_label_number(token.substr(colon + 1), "cost", ctx, token);
    ex.costs.push_back(c);
    ex.has_label = c.cost != kUnknownCost;
  });
  if (count == 0) ctx.fail("an ldf line needs a label: `class[:cost]` (one action) or `shared`");
  tokens.set_tag(ex);
}

// The ":cost[:probability]" after a cb label's action (its first ':' at
// `first`, npos: none), into c; the probability must lie in [0, 1].
void parse_cost_and_probability(std::string_view token, std::size_t first, ClassCost& c, const LineContext& ctx) {
  if (first == std::string_view::npos) return;
  const std::string_view rest = token.substr(first + 1);
  const std::size_t second = rest.find(':');
  c.cost = parse_label_number(rest.substr(0, second), "cost", ctx, token);
  if (second == std::string_view::npos) return;
  const std::string_view p = rest.substr(second + 1);
  if (p.find(':') != std::string_view::npos) ctx.fail("malformed cb label: expected action:cost:probability", token);
  c.probability = parse_label_number(p, "probability", ctx, token);
  if (!(c.probability >= 0.0f && c.probability <= 1.0f)) ctx.fail("a probability must be in [0, 1]", token);
}

// VW's contextual-bandit label (label_format.h, kContextualBandit).
// `eval`: --cb --eval's label, the evaluated policy's action first (in Example::label).
void parse_contextual_bandit(const LabelTokens& tokens, uint32_t classes, Example& ex, const LineContext& ctx,
                             bool eval = false) {
  bool first_token = eval;
  tokens.each([&](std::string_view token) {
    if (first_token) {
      first_token = false;
      ex.label = static_cast<float>(parse_class(token, token, classes, nullptr, ctx));
      return;
    }
    const std::size_t first = token.find(':');
    const std::string_view action = token.substr(0, first);
    if (action == "shared")
      ctx.fail("`shared` starts a multi-line example (--cb_adf); a --cb label is action:cost:probability", token);
    ClassCost c{parse_class(action, token, classes, nullptr, ctx), kUnknownCost, 0.0f};
    parse_cost_and_probability(token, first, c, ctx);
    for (const ClassCost& seen : ex.costs)
      if (seen.klass == c.klass) ctx.fail("action listed twice in a cb label", token);
    ex.costs.push_back(c);
    if (c.cost != kUnknownCost && c.probability > 0.0f) ex.has_label = true;
  });
  tokens.set_tag(ex);
}

// One line of a --cb_adf multi-line example (label_format.h, kContextualBanditAdf).
void parse_contextual_bandit_adf(const LabelTokens& tokens, Example& ex, const LineContext& ctx) {
  std::size_t count = 0;
  tokens.each([&](std::string_view token) {
    if (count++ > 0) ctx.fail("a --cb_adf line has one label, `shared` or action:cost:probability", token);
    if (token == "shared") {
      ex.shared = true;
      return;
    }
    const std::size_t first = token.find(':');
    const std::string_view action = token.substr(0, first);
    if (action == "shared") ctx.fail("a `shared` line has no cost", token);
    uint32_t a = 0;
    const auto [end, ec] = std::from_chars(action.data(), action.data() + action.size(), a);
    if (action.empty() || ec != std::errc() || end != action.data() + action.size())
      ctx.fail("a --cb_adf label is action:cost:probability with an integer action", token);
    ClassCost c{a, kUnknownCost, 0.0f};
    parse_cost_and_probability(token, first, c, ctx);
    ex.costs.push_back(c);
    ex.has_label = c.cost != kUnknownCost && c.probability > 0.0f;
  });
  tokens.set_tag(ex);
}

bool has_colon(const LabelTokens& tokens) {
  bool colon = false;
  tokens.each([&](std::string_view token) { colon = colon || token.find(':') != std::string_view::npos; });
  return colon;
}

}  // namespace

void parse_label_part(std::string_view part, Example& ex, const LineContext& ctx) {
  // A one-digit label and one blank ("4 ", "-1 ": ratings, binary labels),
  // as the loop below reads it: the digit's value, no importance, no tag.
  if (part.size() - 2 <= 1 && part.back() == ' ') {
    const bool minus = part.size() == 3;
    const auto digit = static_cast<unsigned>(static_cast<unsigned char>(part[minus ? 1 : 0])) - unsigned{'0'};
    if (digit <= 9 && (!minus || part[0] == '-')) {
      const auto value = static_cast<float>(digit);
      ex.label = minus ? -value : value;
      ex.has_label = true;
      return;
    }
  }
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

void parse_label_part(std::string_view part, const ParseOptions& options, Example& ex, const LineContext& ctx) {
  if (options.labels == LabelFormat::kSimple) {
    parse_label_part(part, ex, ctx);
    const LabelDomain& domain = options.label_domain;
    if (ex.has_label && !domain.signs.empty() && ex.label != 1.0f && ex.label != -1.0f) {
      std::ostringstream why;
      why << "label " << ex.label << " is not -1 or 1, the labels " << domain.signs
          << " needs (map 0/1 labels to -1/1, e.g. with scripts/libsvm2vw --binary01 for LIBSVM files)";
      ctx.fail(why.str());
    }
    if (ex.has_label && (ex.label < domain.min || ex.label > domain.max)) {
      std::ostringstream why;
      why << "label " << ex.label << " is outside [" << domain.min << ", " << domain.max << "], the labels of the "
          << domain.loss << " loss";
      ctx.fail(why.str());
    }
    return;
  }
  const LabelTokens tokens(part);
  switch (options.labels) {
    case LabelFormat::kMulticlass:
      return parse_multiclass(tokens, options.classes, options.class_labels.get(), ex, ctx);
    case LabelFormat::kCostSensitive:
      return parse_cost_sensitive(tokens, options.classes, options.class_labels.get(), ex, ctx);
    case LabelFormat::kMulticlassOrCost:
      if (has_colon(tokens)) return parse_cost_sensitive(tokens, options.classes, options.class_labels.get(), ex, ctx);
      return parse_multiclass(tokens, options.classes, options.class_labels.get(), ex, ctx);
    case LabelFormat::kMultilabel:
      return parse_multilabel(tokens, options.classes, options.class_labels.get(), ex, ctx);
    case LabelFormat::kLabelDependent:
      return parse_label_dependent(tokens, options.class_labels.get(), ex, ctx);
    case LabelFormat::kContextualBandit:
      return parse_contextual_bandit(tokens, options.classes, ex, ctx);
    case LabelFormat::kContextualBanditAdf:
      return parse_contextual_bandit_adf(tokens, ex, ctx);
    case LabelFormat::kContextualBanditEval:
      return parse_contextual_bandit(tokens, options.classes, ex, ctx, true);
    case LabelFormat::kContinuousAction: {
      detail::ContinuousLabelReader reader(ex, ctx);
      tokens.each([&](std::string_view token) { reader.token(token); });
      reader.finish();
      return tokens.set_tag(ex);
    }
    case LabelFormat::kSimple:
      break;
  }
}

}  // namespace learner
