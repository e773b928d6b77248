// TaggedReduction's -p/-r lines and the shown scalar prediction.
#include "learner/reduction/reduction.h"

#include <cmath>

#include "learner/reduction/score_text.h"

namespace learner {

void TaggedReduction::prediction_text(const std::string& tag, std::string& out) const {
  out.clear();
  write_prediction(out);
  append_tag(out, tag);
}

void TaggedReduction::raw_text(const std::string& tag, std::string& out) const {
  out.clear();
  write_raw(out);
  append_tag(out, tag);
}

double shown_prediction(const ReductionSpec& spec, double p) {
  if (spec.binary) return p > 0 ? 1.0 : -1.0;
  switch (spec.link) {
    case Link::kLogistic: return 1.0 / (1.0 + std::exp(-p));
    case Link::kPoisson: return std::exp(p);
    case Link::kIdentity: break;
  }
  return p;
}

}  // namespace learner
