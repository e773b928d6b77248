// VW's final summary block (docs/vw-compat.md section 4), plus throughput.
// The best constant is exact for any label distribution (best_constant.h).
#pragma once

#include <cstdio>
#include <vector>

#include "learner/loss/loss.h"
#include "learner/report/holdout.h"
#include "learner/report/run_stats.h"
#include "learner/stream/pass_source.h"

namespace learner {

struct PassTime {
  double seconds = 0.0;
  PassSource source = PassSource::kText;
};

struct RunTiming {
  double seconds = 0.0;
  double bytes = 0.0;  // text bytes behind the examples (decompressed; cached passes count their text)
  unsigned passes = 1;  // passes used
  std::vector<PassTime> pass_times;  // "seconds per pass = 2.101 (text) 0.480 (cache) 0.020 (memory) ..." when > 1 or not text
};

// `holdout`: non-null when holdout was on; "average loss" is then the best
// pass's holdout loss followed by " h", or "undefined (no holdout)" (VW).
// Otherwise, when the run measured regression errors (RunStats::error_weight
// > 0), "rmse = " and "mae = " follow the average loss.
void print_summary(std::FILE* out, const RunStats& stats, const Loss& loss, bool binary,
                   const RunTiming& timing, const HoldoutTracker* holdout = nullptr);

}  // namespace learner
