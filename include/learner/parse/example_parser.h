// What the reading side asks of a line parser: one input line in, at most one
// Example out (or, for a contextual-bandit JSON event, a whole multi-line
// example: see pending() below). TextParser (VW text, text_parser.h) and the readers of
// learner/formats (--json, --dsjson, --csv) implement it, and all of them fill
// the same Example (features hashed as VW, namespaces as spans), so
// everything downstream (feature builder, cache, learners) is shared.
//
// Contract:
//  * parse() clears `ex`, sets ex.line = line_no and returns true when the
//    line holds an example, false when it holds none (a blank line, a CSV
//    header line, a skipped decision-service event).
//  * Bad input throws InputError naming file:line and what was wrong.
//  * parse() is const but a reader may keep per-run state (the CSV header,
//    scratch buffers): one parser serves one reading thread.
//    concurrent() says when a parser keeps none (thread_local scratch
//    aside) and parse() may run on several threads at once.
//  * A line may hold a whole multi-line example (a --json / --dsjson
//    contextual-bandit event: the shared context, then one example per
//    action). parse() then returns the first of them and pending() is true
//    until the others have been taken, in order, by parse_pending(), which
//    follows parse()'s convention (false: no example; in multi-line mode the
//    end of the group, as a blank text line). parse_pending() does not
//    throw: parse() reads and checks the whole line. parse() drops whatever
//    an earlier line left pending.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "learner/example.h"

namespace learner {

class ExampleParser {
 public:
  virtual ~ExampleParser() = default;
  virtual bool parse(std::string_view line, Example& ex, const std::string& file, uint64_t line_no) const = 0;
  virtual bool concurrent() const { return false; }
  virtual bool pending() const { return false; }
  virtual bool parse_pending(Example& ex) const {
    ex.clear();
    return false;
  }
};

}  // namespace learner
