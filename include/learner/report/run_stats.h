// What a run has seen, for the progress table and the summary
// (docs/vw-compat.md section 4). The label distribution is kept as a
// weighted histogram (LabelHistogram: exact for up to 4096 distinct labels,
// bounded beyond) so the best constant can be computed for any loss (VW only
// tracks two labels).
#pragma once

#include <cstdint>

#include "learner/report/label_histogram.h"

namespace learner {

struct RunStats {
  uint64_t examples = 0;              // non-holdout examples
  double weighted_examples = 0.0;     // labeled + unlabeled importance
  double weighted_labeled = 0.0;
  double weighted_label_sum = 0.0;
  double sum_loss = 0.0;              // importance-weighted progressive loss
  uint64_t total_features = 0;
  uint64_t skipped_lines = 0;         // --lenient
  LabelHistogram labels;              // label -> summed importance
  // Labeled holdout examples (predicted, not learned from; VW keeps them out
  // of every field above): importance and importance-weighted loss, all passes.
  double holdout_weight = 0.0;
  double holdout_sum_loss = 0.0;
  // Regression errors (Trainer::measure_errors; not of holdout examples):
  // importance-weighted sums of (p - y)^2 and |p - y|, p clipped to the
  // training labels' range, and their weight. error_weight 0: not measured.
  double error_weight = 0.0;
  double sum_squared_error = 0.0;
  double sum_absolute_error = 0.0;
  // Counts for VW's --extra_metrics (train/extra_metrics.h): labeled
  // examples among `examples`, and labeled holdout examples, all passes.
  uint64_t labeled_examples = 0;
  uint64_t holdout_examples = 0;

  void add_error(double importance, double error) {
    error_weight += importance;
    sum_squared_error += importance * error * error;
    sum_absolute_error += importance * (error < 0 ? -error : error);
  }

  void add_holdout(double importance, double loss) {
    ++holdout_examples;
    holdout_weight += importance;
    holdout_sum_loss += importance * loss;
  }

  void add(bool labeled, double label, double importance, double loss, uint64_t features) {
    ++examples;
    weighted_examples += importance;
    total_features += features;
    if (!labeled) return;
    ++labeled_examples;
    weighted_labeled += importance;
    weighted_label_sum += importance * label;
    sum_loss += importance * loss;
    labels.add(label, importance);
  }
};

}  // namespace learner
