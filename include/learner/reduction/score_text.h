// Text of the multiclass predictions (-p, -r): a class, or VW's per-class
// list "1:0.25 2:0.5 3:0.25". Appends to `out` (capacity reused, so nothing
// is allocated once the line has reached its length).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace learner {

void append_number(std::string& out, double value);  // integral: no decimals; else 6 decimals (as -p)
// " tag" when the tag is not empty (as the scalar -p lines).
void append_tag(std::string& out, const std::string& tag);
void append_class_scores(std::string& out, const std::vector<double>& scores);  // "1:s1 2:s2 ..."

}  // namespace learner
