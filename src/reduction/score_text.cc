#include "learner/reduction/score_text.h"

#include <cmath>
#include <cstdio>

namespace learner {

void append_number(std::string& out, double value) {
  char buf[64];
  const int n = std::isfinite(value) && value == std::nearbyint(value) && std::fabs(value) < 1e15
                    ? std::snprintf(buf, sizeof buf, "%.0f", value)
                    : std::snprintf(buf, sizeof buf, "%f", value);
  out.append(buf, static_cast<std::size_t>(n));
}

void append_tag(std::string& out, const std::string& tag) {
  if (tag.empty()) return;
  out.push_back(' ');
  out.append(tag);
}

void append_class_scores(std::string& out, const std::vector<double>& scores) {
  char buf[32];
  for (std::size_t k = 0; k < scores.size(); ++k) {
    if (k > 0) out.push_back(' ');
    const int n = std::snprintf(buf, sizeof buf, "%zu:", k + 1);
    out.append(buf, static_cast<std::size_t>(n));
    append_number(out, scores[k]);
  }
}

}  // namespace learner
