// VW's progress table on stderr (docs/vw-compat.md section 4): a row each
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
//
// --allreduce (docs/allreduce.md): every rank keeps a table and decides its
// rows by its own weighted count, but a row is a collective point: the
// RowSums hook (Trainer) sums the statistics over the ranks, and the row shows
// those sums. Ranks other than 0 are `mute`: they take part and print nothing.
// The current label, prediction and features are those of the printing rank's
// last example.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>

#include "learner/report/run_stats.h"

namespace learner {

struct ProgressOptions {
  bool quiet = false;        // --quiet: no rows (the same on every rank)
  bool mute = false;         // rows are decided, and summed under --allreduce, but not printed (ranks > 0)
  bool additive = false;     // -P N: a row every N weighted examples
  float interval = 2.0f;     // multiplier, or N when additive (float, as VW's)
  bool show_pass = false;    // trailing pass column (set by the driver when passes > 1)
  bool holdout = false;      // holdout rows from pass 2 on

  // Whether this process prints the preamble, rows and summary.
  bool prints() const { return !quiet && !mute; }
};

class ProgressTable {
 public:
  // Given a rank's own statistics when its row is due, returns what the row
  // shows (the sums over ranks); a collective.
  using RowSums = std::function<const RunStats&(const RunStats&)>;

  ProgressTable(std::FILE* out, ProgressOptions options);
  // Whether rows are due at all (not --quiet): then every rank calls the hook
  // at each of its rows.
  bool has_rows() const { return !options_.quiet; }
  void sum_rows_with(RowSums sums) { sums_ = std::move(sums); }
  // --allreduce: a row another rank called while this one had finished its
  // pass, with the sums over ranks (printed unless mute or quiet).
  void peer_row(const RunStats& sums) {
    if (options_.prints()) row(sums);
  }
  // Call after stats.add() for each example; prints a row when due.
  // `labeled` false prints "unknown" as the label.
  void after_example(const RunStats& stats, bool labeled, double label, double prediction, uint64_t features);
  // The same with the label and prediction columns as text (a multi-line
  // example's "known" and "2", or "2....." for a ranking, as VW prints them).
  void after_example(const RunStats& stats, const std::string& label, const std::string& prediction,
                     uint64_t features);
  // Prints the last row if examples were added since the previous one.
  void flush(const RunStats& stats);
  // The pass (0-based) of the examples that follow.
  void start_pass(unsigned pass) { pass_ = pass; }
  double elapsed_seconds() const;
  // The last row the schedule made due (not flush's; none under --quiet): the
  // labeled loss and weight it showed and the weighted count of the next
  // (VW's sum_loss_since_last_dump base, old_weighted_labeled_examples and
  // dump_interval).
  struct DumpPoint {
    float next = 1.0f;
    double sum_loss = 0.0;
    double weighted_labeled = 0.0;
  };
  DumpPoint last_dump() const { return {next_dump_, dump_loss_, dump_weight_}; }

 private:
  void header();
  void row(const RunStats& stats);
  void due(const RunStats& stats);  // prints a row when the weighted count reached the next one

  std::FILE* out_;
  ProgressOptions options_;
  RowSums sums_;  // empty: rows show this process's statistics
  float next_dump_ = 1.0f;
  double dump_loss_ = 0.0, dump_weight_ = 0.0;  // the stats at the last due row (last_dump())
  double last_loss_ = 0.0, last_weight_ = 0.0;
  double last_holdout_loss_ = 0.0, last_holdout_weight_ = 0.0;
  unsigned pass_ = 0;
  bool header_printed_ = false;
  bool pending_ = false;
  bool last_labeled_ = false;
  double last_label_ = 0.0, last_prediction_ = 0.0;
  uint64_t last_features_ = 0;
  bool texts_ = false;  // the last row's columns are last_label_text_ and last_prediction_text_
  std::string last_label_text_, last_prediction_text_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace learner
