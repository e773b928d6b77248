// --extra_metrics FILE: the run's figures as one JSON object, written at the
// end of the run through OutputFile (atomically; a failed run writes none).
//
// VW 9.11.2 (reductions/metrics.cc) writes, with no fixed schema, an object
// whose keys are its counters and one object per reduction that has metrics;
// for a plain run {"total_log_calls":0,"extra_metrics":{"total_learn_calls":N,
// "total_predict_calls":M}}. learner keeps the "extra_metrics" object with
// VW's two counts (learn: labeled examples trained on, holdout excluded;
// predict: the others; all passes) and adds its own figures at the top level:
//   examples, weighted_examples, weighted_labels, passes,
//   average_loss (null without labels; the best pass's holdout loss with
//   holdout, then "holdout": true), rmse and mae (regression runs without
//   holdout: trainer.h measure_errors), best_constant and
//   best_constant_loss (when the summary prints them), seconds.
// Numbers are written with 17 significant digits; non-finite ones as null.
#pragma once

#include <string>

#include "learner/loss/loss.h"
#include "learner/report/holdout.h"
#include "learner/report/run_stats.h"
#include "learner/report/summary.h"

namespace learner {

// The JSON text (no newline at the end). `testonly`: -t (nothing was learned).
std::string extra_metrics_json(const RunStats& stats, const Loss& loss, bool no_constant, const RunTiming& timing,
                               const HoldoutTracker* holdout, bool testonly);
// Writes extra_metrics_json() and a newline to `path` (throws learner::Error).
void write_extra_metrics(const std::string& path, const RunStats& stats, const Loss& loss, bool no_constant,
                         const RunTiming& timing, const HoldoutTracker* holdout, bool testonly);

}  // namespace learner
