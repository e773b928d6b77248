// VW's progress table on stderr (design/vw-compat.md section 4): a row each
// time the weighted example count reaches the dump interval, which starts at
// 1 and doubles (-P F with F > 1: multiplies by F; -P N integer: adds N).
// As VW (shared_data.cc update_dump_interval) the interval and the factor
// are single-precision floats: next = float(weighted) * F (or + N), so
// -P 1.5 prints rows at 1, 2, 3, 5, 8, 12, 18, 27, 41, ... exactly as VW.
//
//   average  since         example        example        current        current  current
//   loss     last          counter         weight          label        predict features
//
// average loss = sum_loss / weighted labeled examples (progressive
// validation: each loss is of the prediction made before learning from the
// example); since last = the same over the examples since the previous row.
//
// With holdout (passes > 1 or --holdout_after), rows from pass 2 on show the
// holdout loss instead (all holdout examples so far; since last: those since
// the previous row) and end with " h", as VW's do. With show_pass (passes >
// 1) every row gets a trailing "pass" column (1-based) after "features" and
// before " h"; single-pass tables are exactly VW's.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>

#include "learner/report/run_stats.h"

namespace learner {

struct ProgressOptions {
  bool quiet = false;
  bool additive = false;     // -P N: a row every N weighted examples
  float interval = 2.0f;     // multiplier, or N when additive (float, as VW's)
  bool show_pass = false;    // trailing pass column (set by the driver when passes > 1)
  bool holdout = false;      // holdout rows from pass 2 on
};

class ProgressTable {
 public:
  ProgressTable(std::FILE* out, ProgressOptions options);
  // Call after stats.add() for each example; prints a row when due.
  // `labeled` false prints "unknown" as the label.
  void after_example(const RunStats& stats, bool labeled, double label, double prediction, uint64_t features);
  // Prints the last row if examples were added since the previous one.
  void flush(const RunStats& stats);
  // The pass (0-based) of the examples that follow.
  void start_pass(unsigned pass) { pass_ = pass; }
  double elapsed_seconds() const;

 private:
  void header();
  void row(const RunStats& stats);

  std::FILE* out_;
  ProgressOptions options_;
  float next_dump_ = 1.0f;
  double last_loss_ = 0.0, last_weight_ = 0.0;
  double last_holdout_loss_ = 0.0, last_holdout_weight_ = 0.0;
  unsigned pass_ = 0;
  bool header_printed_ = false;
  bool pending_ = false;
  bool last_labeled_ = false;
  double last_label_ = 0.0, last_prediction_ = 0.0;
  uint64_t last_features_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace learner
