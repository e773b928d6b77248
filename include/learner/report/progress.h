// VW's progress table on stderr (design/vw-compat.md section 4): a row each
// time the weighted example count reaches the dump interval, which starts at
// 1 and doubles (-P F with F > 1: multiplies by F; -P N integer: adds N).
//
//   average  since         example        example        current        current  current
//   loss     last          counter         weight          label        predict features
//
// average loss = sum_loss / weighted labeled examples (progressive
// validation: each loss is of the prediction made before learning from the
// example); since last = the same over the examples since the previous row.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>

#include "learner/report/run_stats.h"

namespace learner {

struct ProgressOptions {
  bool quiet = false;
  bool additive = false;     // -P N: a row every N weighted examples
  double interval = 2.0;     // multiplier, or N when additive
};

class ProgressTable {
 public:
  ProgressTable(std::FILE* out, ProgressOptions options);
  // Call after stats.add() for each example; prints a row when due.
  // `labeled` false prints "unknown" as the label.
  void after_example(const RunStats& stats, bool labeled, double label, double prediction, uint64_t features);
  // Prints the last row if examples were added since the previous one.
  void flush(const RunStats& stats);
  double elapsed_seconds() const;

 private:
  void header();
  void row(const RunStats& stats);

  std::FILE* out_;
  ProgressOptions options_;
  double next_dump_ = 1.0;
  double last_loss_ = 0.0, last_weight_ = 0.0;
  bool header_printed_ = false;
  bool pending_ = false;
  bool last_labeled_ = false;
  double last_label_ = 0.0, last_prediction_ = 0.0;
  uint64_t last_features_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace learner
