// Text of the multiclass predictions (-p, -r): a class, or VW's per-class
// list "1:0.25 2:0.5 3:0.25". Appends to `out` (capacity reused, so nothing
// is allocated once the line has reached its length).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace learner {

class ClassLabels;

// The project's one number text for predictions (-p, -r, --audit), the
// reductions' name for learner/io/prediction_text.h's append_prediction: as
// VW prints them, "%f" (6 decimals), integral values without decimals; every
// digit, whatever the magnitude (1e300 is 301 digits), "nan", "inf", "-inf".
void append_number(std::string& out, double value);
// VW's action score text (its fmt_float): `value` as a float with at most
// `decimals` decimals, trailing zeros and a trailing point dropped
// ("0.066667", "1", "0.5").
void append_fixed(std::string& out, float value, int decimals);
// " tag" when the tag is not empty (as the scalar -p lines).
void append_tag(std::string& out, const std::string& tag);
// "1:s1 2:s2 ..." (`labels`: the classes as --named_labels / --indexing 0 write them).
void append_class_scores(std::string& out, const std::vector<double>& scores, const ClassLabels* labels = nullptr);
// Class k (1..K) as the input writes it: "3", or its name, or k - 1.
void append_class(std::string& out, double k, const ClassLabels* labels);

}  // namespace learner
