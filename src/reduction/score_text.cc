#include "learner/reduction/score_text.h"

#include <cmath>
#include <cstdio>

#include "learner/parse/class_labels.h"

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

void append_class_scores(std::string& out, const std::vector<double>& scores, const ClassLabels* labels) {
  char buf[32];
  for (std::size_t k = 0; k < scores.size(); ++k) {
    if (k > 0) out.push_back(' ');
    if (labels) {
      labels->append(out, static_cast<uint32_t>(k + 1));
      out.push_back(':');
    } else {
      const int n = std::snprintf(buf, sizeof buf, "%zu:", k + 1);
      out.append(buf, static_cast<std::size_t>(n));
    }
    append_number(out, scores[k]);
  }
}

void append_class(std::string& out, double k, const ClassLabels* labels) {
  if (labels && k >= 1 && k == std::nearbyint(k)) return labels->append(out, static_cast<uint32_t>(k));
  append_number(out, k);
}

}  // namespace learner
