// Contextual-bandit events in VW's JSON (--json) and decision-service JSON
// (--dsjson), as VW 9.11 reads them for --cb_adf / --cb_explore_adf
// (vowpalwabbit/json_parser: MultiState, LabelIndexState,
// DecisionServiceState). One line is one multi-line example: the reader
// returns its shared example, then one example per action, then the end of
// the group (ExampleParser's pending()/parse_pending()), so the stream, the
// cache and --cb_adf see exactly what the text format's `shared` line, action
// lines and blank line give them. Features are hashed by JsonWalker, as --json
// hashes them (json_reader.h), so indices equal VW's.
//
// The context (--json: the line's object; --dsjson: the event's "c"):
//   its members other than "_multi"     the shared example (labelled `shared`,
//                                       even when it has no features, as VW)
//   "_multi": [{...}, ...]              one action example per object, read as
//                                       a --json example body; at least one.
//                                       As in VW it may sit in a namespace
//                                       object of the context (a decision-
//                                       service event read with --json:
//                                       "c":{"_multi":...}, "a" and "p" then
//                                       shared features); the label keys too.
// The label (--json: keys of the line's object; --dsjson: of the event):
//   "_labelIndex": i                    the logged action, 0-based in _multi
//   "_label_cost" / "_label_Cost"       its cost
//   "_label_probability"                the logging policy's probability, in [0, 1]
//   "_label_Action"                     the action's id (kept as the label's action)
// An event with an index and both cost and probability is labelled on the
// action line `i` as `Action:cost:probability`; one with none of the three is
// unlabelled (prediction only). The label's keys may come in any order.
//
// --dsjson only (the event's other keys):
//   "_skipLearn": true                  the event is skipped (VW)
//   "a": [ids]                          the actions in the logged ranking;
//                                       an event without it (or with []) is
//                                       skipped, as VW skips it for --cb_adf
//   "p": [probabilities]                checked (numbers in [0, 1]), not used
//   "pdrop": d, 0 <= d < 1              every line's importance is 1 / (1 - d)
//   "EventId", "Timestamp" (strings), "_original_label_cost" (a number):
//                                       read for --extra_metrics only (the
//                                       reader is a MetricsSource:
//                                       src/formats/dsjson_metrics.h)
//   "Version", "VWState", "o", "_p", "_a" and any other key: ignored
//   A line that does not start with '{' is skipped (VW: checkpoint lines of
//   decision-service logs).
//
// Rejected at file:line with the JSON path and what was wrong: malformed
// JSON, a missing or empty "_multi", two of them, an action that is not an
// object, "_multi" or label keys at any depth of an action, _labelIndex not
// a non-negative integer or beyond the last action, a cost without a
// probability (or the reverse), a label without _labelIndex, a probability
// outside [0, 1], a non-finite number, "_label" (a text label: give the
// _label_* keys), pdrop outside [0, 1) (VW refuses pdrop 1 too), "a" / "p"
// of the wrong type, and CCB / slates content (_slots, _outcomes).
#pragma once

#include <memory>

#include "learner/parse/example_parser.h"
#include "learner/parse/text_parser.h"

namespace learner {

std::unique_ptr<ExampleParser> make_json_bandit_reader(const ParseOptions& options, bool decision_service);

}  // namespace learner
