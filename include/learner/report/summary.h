// VW's final summary block (design/vw-compat.md section 4), plus throughput.
// The best constant is exact for any label distribution (best_constant.h).
#pragma once

#include <cstdio>

#include "learner/loss/loss.h"
#include "learner/report/run_stats.h"

namespace learner {

struct RunTiming {
  double seconds = 0.0;
  double bytes = 0.0;  // input bytes read (decompressed)
  unsigned passes = 1;
};

void print_summary(std::FILE* out, const RunStats& stats, const Loss& loss, const LossSpec& spec, bool binary,
                   const RunTiming& timing);

}  // namespace learner
