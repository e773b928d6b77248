// Private to the train stage: the run loops' handling of a malformed line
// (Trainer::run for single lines and for multi-line examples).
#pragma once

#include <cstdint>
#include <cstdio>
#include <exception>

#include "learner/io/vw_log_lines.h"
#include "learner/parse/line_bytes.h"
#include "learner/report/run_stats.h"
#include "learner/stream/example_stream.h"

namespace learner::train_detail {

constexpr uint64_t kMaxWarnings = 10;

inline bool is_binary(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const BinaryData&) {
    return true;
  } catch (...) {
    return false;
  }
}

// A malformed line: an error (rethrown) unless --lenient, which warns about
// the first kMaxWarnings, counts the rest, and reports each line once (pass 0).
// Binary data (a NUL byte, line_bytes.h) is an error even with --lenient.
inline void skip_malformed(const ParsedExample& slot, bool lenient, RunStats& stats) {
  if (!lenient || is_binary(slot.error)) std::rethrow_exception(slot.error);
  if (slot.pass > 0) return;
  ++stats.skipped_lines;
  count_vw_log_lines();  // VW logs each malformed line it skips (--extra_metrics' total_log_calls)
  if (stats.skipped_lines <= kMaxWarnings) {
    try {
      std::rethrow_exception(slot.error);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "warning: skipping malformed line: %s\n", e.what());
    }
  }
  if (stats.skipped_lines == kMaxWarnings)
    std::fprintf(stderr, "warning: further malformed lines are skipped silently and counted in the summary\n");
}

}  // namespace learner::train_detail
