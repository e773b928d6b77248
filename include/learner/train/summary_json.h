// --summary_json FILE: the run's summary figures as one JSON object (learner's
// own keys), written at the end of the run through OutputFile (atomically; a
// failed run writes none):
//   examples, weighted_examples, weighted_labels, passes,
//   average_loss (null without labels; the best pass's holdout loss with
//   holdout, then "holdout": true), rmse and mae (regression runs without
//   holdout: trainer.h measure_errors), best_constant and
//   best_constant_loss (when the summary prints them), seconds.
// Numbers are written with 17 significant digits; non-finite ones as null.
// (VW's --extra_metrics writes VW's own keys: cli/vw_metrics.h.)
#pragma once

#include <string>

#include "learner/loss/loss.h"
#include "learner/report/holdout.h"
#include "learner/report/run_stats.h"
#include "learner/report/summary.h"

namespace learner {

// The JSON text (no newline at the end).
std::string summary_json(const RunStats& stats, const Loss& loss, bool no_constant, const RunTiming& timing,
                         const HoldoutTracker* holdout);
// Writes summary_json() and a newline to `path` (throws learner::Error).
void write_summary_json(const std::string& path, const RunStats& stats, const Loss& loss, bool no_constant,
                        const RunTiming& timing, const HoldoutTracker* holdout);

}  // namespace learner
