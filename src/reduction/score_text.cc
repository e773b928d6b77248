#include "learner/reduction/score_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

#include "learner/error.h"
#include "learner/io/prediction_text.h"
#include "learner/parse/class_labels.h"

namespace learner {
void append_number(std::string& out, double value) { append_prediction(out, value); }

void append_fixed(std::string& out, float value, int decimals) {
  char text[64];
  const int n = std::snprintf(text, sizeof text, "%.*f", decimals, static_cast<double>(value));
  if (n <= 0 || static_cast<std::size_t>(n) >= sizeof text) {  // beyond 1e50: every digit, as append_number
    append_number(out, value);
    return;
  }
  std::size_t end = static_cast<std::size_t>(n);
  if (std::memchr(text, '.', end)) {
    while (end > 0 && text[end - 1] == '0') --end;
    if (end > 0 && text[end - 1] == '.') --end;
  }
  out.append(text, end);
}

void append_tag(std::string& out, const std::string& tag) {
  if (tag.empty()) return;
  out.push_back(' ');
  out.append(tag);
}

void append_class_scores(std::string& out, const std::vector<double>& scores, const ClassLabels* labels) {
  for (std::size_t k = 0; k < scores.size(); ++k) {
    if (k > 0) out.push_back(' ');
    if (labels) {
      labels->append(out, static_cast<uint32_t>(k + 1));
    } else {
      char buf[std::numeric_limits<std::size_t>::digits10 + 1];
      const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, k + 1);
      if (ec != std::errc()) throw Error("internal: a class number's text does not fit its buffer");
      out.append(buf, end);
    }
    out.push_back(':');
    append_number(out, scores[k]);
  }
}

void append_class(std::string& out, double k, const ClassLabels* labels) {
  if (labels && k >= 1 && k == std::nearbyint(k)) return labels->append(out, static_cast<uint32_t>(k));
  append_number(out, k);
}

}  // namespace learner
