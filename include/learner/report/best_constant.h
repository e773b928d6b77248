// The best constant predictor of the labels seen and its average loss.
//
// Unlike VW (two-label shortcut, nothing printed for > 2 labels with most
// losses), this is exact for any label distribution. The loss says how
// (Loss::constant_rule): squared/classic the weighted mean; quantile and
// absolute the weighted tau-quantile (the minimiser of the pinball loss);
// hinge and logistic the minimiser over the +-1 labels; poisson log(mean);
// others (expectile) a 1-D convex minimisation. The loss reported is
// sum_y w_y loss(c, y) / sum w over the weighted label histogram. With more
// distinct labels than LabelHistogram keeps exactly, squared and classic stay
// exact (weighted mean and variance) and the others are read from its
// equal-weight bins.
#pragma once

#include <optional>

#include "learner/loss/loss.h"
#include "learner/report/label_histogram.h"

namespace learner {

struct BestConstant {
  double value;
  double loss;
};

std::optional<BestConstant> best_constant(const Loss& loss, const LabelHistogram& labels);

}  // namespace learner
