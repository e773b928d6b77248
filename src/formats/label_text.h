// Labels that come from outside a VW text line (a JSON "_label", a CSV _label
// cell) go through the text format's label grammar (parse/parse_detail.h), so
// every label format and every check (class range, loss domain, finite
// numbers) is the same whatever the input format. Private to the formats stage.
#pragma once

#include <string>
#include <string_view>

#include "learner/example.h"
#include "learner/parse/parse_detail.h"

namespace learner {

// The label part `text` ("1 2 0.5", "2:0.5 3:1", "1,3"): sets the label of
// `ex` as the text format does. A tag in it is an error (the formats carry
// the tag in its own field). `scratch` is reused storage.
void label_from_text(std::string_view text, const ParseOptions& options, Example& ex, const LineContext& ctx,
                     std::string& scratch);

// A numeric label: a simple label, or a class id for the multiclass grammars
// (an integer); other grammars need a text label. `what` names the field.
void label_from_number(double value, const ParseOptions& options, Example& ex, const LineContext& ctx,
                       std::string& scratch);

}  // namespace learner
