// VW's JSON example format (--json) and decision-service JSON (--dsjson),
// one JSON object per line, parsed by simdjson (DOM API, fully validated). Features are
// hashed exactly as VW 9.11 hashes them (vowpalwabbit/json_parser), so a JSON
// example and its VW text equivalent give the same feature indices.
//
// --json: the line is an object; its members are, by key and value:
//   "_label": number      simple label (or a multiclass class, an integer in 1..K)
//   "_label": "text"      the label part of a VW text line: "1 2 0.5", "2:0.5 3:1", "1,3"
//   "_label": {"Label": l, "Weight": w, "Initial": b}   simple label (keys any case)
//   "_label_Label"/"_label_Weight"/"_label_Initial": number   the same, one property each
//   "_tag": "text"        the example's tag
//   "_text": "a b c"      split on spaces and tabs; each word a feature of value 1 in the
//                         enclosing namespace (':' and '|' in a word become '_')
//   "k": number           feature k (index hash(k, ns)), value the number; 0 is dropped
//   "k": true / false     feature k of value 1 / nothing
//   "k": "v"              one feature of value 1: hash(k + v, ns), k and v concatenated, with
//                         ' ', tab, '|', ':' in v made '_' (VW); with --chain_hash
//                         hash(v, hash(k, ns)), as the text format's k:v
//   "k": null             nothing
//   "k": {...}            namespace k (first letter k[0] for -q/--ignore), its members read
//                         as above; nested objects are namespaces of their own (not prefixed)
//   "k": [1, 2, ...]      namespace k with anonymous features: index hash(k) + i for the
//                         i-th number (0s dropped but counted; nulls skipped); an object in
//                         the array adds its members to namespace k
//   other "_..." keys     ignored, as VW does, except the contextual-bandit / CCB / slates
//                         keys (_multi, _slots, _labelIndex, _a, _p, _inc, _graph, _slot_id,
//                         __aid, _definitely_bad, _original_label_cost, _label_Action,
//                         _label_Cost, _label_Probability, _label_ca*): an error, learner has
//                         no contextual bandits
// The top-level members form the default namespace (hash of " ", as VW).
//
// --dsjson: the line is a decision-service event. Read: "c" (the context: an
// object read as a --json example), "_label" and "_label_Label/Weight/Initial"
// (as above), "_skipLearn" (true: the event is skipped). Ignored: "EventId",
// "Timestamp", "VersionNumber", "pdrop", "_original_label_cost" and any other
// key. Rejected as bandit-only content: "a", "p", "_p", "o", "pdf", "_outcomes",
// "_ba", "_labelIndex" and the bandit label properties (_label_cost, ...).
//
// Strict: malformed JSON, a line that is not one object, a wrong type for a
// reserved key (_label, _tag, _text), a number that overflows a float, a string
// or boolean in an array, a nested array: InputError naming file:line and the
// JSON path of the field ("c.a[2]"); malformed JSON names the line only (the
// parser validates the whole line first). Blank lines hold no example.
#pragma once

#include <memory>

#include "learner/parse/example_parser.h"
#include "learner/parse/text_parser.h"

namespace learner {

std::unique_ptr<ExampleParser> make_json_reader(const ParseOptions& options, bool decision_service);

}  // namespace learner
