// Private to src/parse: VW's continuous-action label (label_format.h,
// kContinuousAction), read token by token so that label_part.cc's tag
// handling stays in one place and nothing is allocated per example.
//
//   ca action[:cost[:pdf_value]] [pdf left:right:value ...] [chosen_action a]
//
// Contract: the first token is `ca`; the next is the observation (the
// action, any finite number; its cost, finite; the density the logging
// policy gave the action, finite and >= 0). `pdf` starts a list of
// segments `left:right:value` (finite, left <= right, value >= 0) and
// `chosen_action` is followed by one finite number: VW's --cats labels,
// checked and not kept (--cbzo reads neither). Anything else, a second
// observation, an empty element or a fourth ':' field is an InputError at
// file:line. No token, or `ca` alone, is an unlabeled example.
// Result: Example::label = the action, Example::costs = {0, cost,
// pdf_value} (kUnknownCost when the cost is absent), Example::has_label
// when the cost is known and pdf_value > 0 (VW's test for a labeled
// continuous-action example).
#pragma once

#include <string_view>

#include "learner/example.h"
#include "learner/parse/parse_detail.h"

namespace learner::detail {

class ContinuousLabelReader {
 public:
  ContinuousLabelReader(Example& ex, const LineContext& ctx) : ex_(ex), ctx_(ctx) {}
  void token(std::string_view token);  // the next label token (the tag excluded)
  void finish() const;                 // after the last token

 private:
  enum class Expect { kCa, kObservation, kKeyword, kSegment, kChosen };
  Example& ex_;
  const LineContext& ctx_;
  Expect expect_ = Expect::kCa;
  bool seen_pdf_ = false;
  bool seen_chosen_ = false;
};

}  // namespace learner::detail
