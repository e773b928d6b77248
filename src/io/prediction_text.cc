#include "learner/io/prediction_text.h"

#include <charconv>
#include <cmath>

namespace learner {

void append_prediction(std::string& out, double value) {
  if (std::isnan(value)) {
    out += "nan";
    return;
  }
  if (std::isinf(value)) {
    out += value < 0 ? "-inf" : "inf";
    return;
  }
  char buf[320];  // the longest: "-" + 309 integral digits + "." + 6 decimals
  const int decimals = value == std::floor(value) ? 0 : 6;
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, decimals);
  out.append(buf, r.ptr);
}

std::string prediction_text(double value) {
  std::string s;
  append_prediction(s, value);
  return s;
}

}  // namespace learner
