// The run loop's per-example and per-pass logic, one path for every problem
// (the scalar problem is a Reduction too): the Trainer holds the learner and
// the reduction, the statistics, the holdout bookkeeping and the progress
// table, and knows nothing of options, files or threads, so a server or an
// MPI program can drive it as the CLI does.
//
//   trainer.process(ex, features)   predict, learn unless -t or held out,
//                                   -p/-r lines, statistics, progress row
//   trainer.next_pass()             closes the pass (holdout verdict, the
//                                   end-of-pass hooks, learner.end_pass())
//                                   and opens the next; true when early
//                                   termination stops the run or the
//                                   learner has converged (--bfgs)
//   trainer.finish()                closes the last pass (no next one), then learner.end_training()
//   trainer.run(stream, options)    the loop over a stream: process() per
//                                   example, next_pass() between passes,
//                                   the observers' policies (run_loop.h)
//
// Multi-line examples: a Trainer made with a GroupReduction
// (reduction/group_reduction.h) gathers each group of the stream's lines
// (example_group.h) and handles it as the others handle one example:
// process_group() predicts and learns it, writes its -p/-r lines, counts it
// once in the statistics, --examples and the progress rows (VW counts
// groups), and holdout holds out whole groups (the N-th group of a pass).
//
// Holdout (VW's rule, docs/vw-compat.md 1a): with holdout on, the N-th
// example of each pass (every --holdout_period-th, or all after
// --holdout_after) is predicted and scored but not learned from; its loss
// goes to the holdout statistics instead of the training ones.
//
// Hooks run at the end of every pass, in the order added, with the pass
// (0-based) and the holdout verdict (kNoHoldout without holdout): saving the
// best model, --save_per_pass.
//
// --allreduce (set_group): every pass end, before the verdict and the hooks,
// is a collective point of the ranks: agree_failed() (another rank failed:
// throws PeerFailed, parallel/peer_failed.h), the pass's holdout sums summed
// over ranks (so every rank reaches the same verdict and stops at the same
// pass), then learner.average(). Every rank must close the same number of
// passes, whatever its shard holds (the driver closes the passes an empty or
// short shard never reached).
//
// Progress rows under --allreduce (report/progress.h) are collective points
// too, each one agree_failed() then one sum of the row's statistics and a
// flag "this rank is still in the pass". Ranks reach their rows at their own
// counts, so at its pass end a rank keeps answering the others' rows (flag 0)
// until no rank is still in the pass; then all meet the pass-end collectives
// together, whatever number of rows each shard gave.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "learner/learners/gd/label_range.h"
#include "learner/example_group.h"
#include "learner/learner.h"
#include "learner/learners/averaging.h"
#include "learner/parallel/allreduce.h"
#include "learner/reduction/group_reduction.h"
#include "learner/reduction/reduction.h"
#include "learner/report/holdout.h"
#include "learner/report/progress.h"
#include "learner/report/run_stats.h"
#include "learner/report/summary.h"
#include "learner/train/prediction_writer.h"
#include "learner/train/run_loop.h"

namespace learner {

struct TrainerOptions {
  bool testonly = false;           // -t: never learn
  bool holdout = false;            // resolved: passes > 1 or --holdout_after, unless --holdout_off
  unsigned holdout_period = 10;    // --holdout_period
  uint64_t holdout_after = 0;      // --holdout_after (0: the period rule)
  unsigned early_terminate = 3;    // --early_terminate
};

struct PassEnd {
  unsigned pass = 0;  // 0-based
  HoldoutTracker::Verdict verdict = HoldoutTracker::Verdict::kNoHoldout;
};

class Trainer {
 public:
  using Hook = std::function<void(const PassEnd&)>;

  // `predictions` / `raw`: -p / -r writers (inactive ones write nothing).
  Trainer(Learner& learner, Reduction& reduction, const TrainerOptions& options, ProgressTable& progress,
          PredictionWriter& predictions, PredictionWriter& raw);
  // A run of multi-line examples (the stream reads groups).
  Trainer(Learner& learner, GroupReduction& reduction, const TrainerOptions& options, ProgressTable& progress,
          PredictionWriter& predictions, PredictionWriter& raw);

  void add_pass_hook(Hook hook) { hooks_.push_back(std::move(hook)); }
  // Regression: each labeled example that is not held out adds its error
  // p - y to the statistics (RunStats::add_error), p the shown prediction
  // clipped to [range.lowest, range.highest] (the labels learned from so
  // far, or the -i model's) when there are any. `range` must outlive the
  // Trainer.
  void measure_errors(const LabelRange& range) { error_range_ = &range; }
  // --allreduce: the group of ranks; a collective (agree_failed, then one
  // average so that every rank starts from the same model).
  void set_group(AllReduce& group);
  // --allreduce, after the last pass: the run's statistics become their sums
  // over ranks (a collective; the summary rank 0 prints).
  void sum_stats();
  // Processes one example of the current pass.
  const Outcome& process(const Example& ex, const std::vector<Feature>& features);
  // Processes one multi-line example of the current pass (a GroupReduction's Trainer).
  const Outcome& process_group(const ExampleGroup& group);
  // Closes the current pass and opens the next (the learner's end_pass()
  // runs in between); true when early termination says stop.
  bool next_pass(PassSource source);
  // Closes the last pass (when any example was seen).
  void finish(PassSource source);
  // The current pass, 0-based.
  unsigned pass() const { return pass_; }

  // The loop over `stream` (run_loop.h), with the observers added, in order;
  // the caller closes the last pass (finish()) when the run ended normally.
  // `observer` must outlive the run; its hooks() is read here.
  void add_observer(RunObserver& observer);
  RunEnd run(ExampleStream& stream, const RunLoopOptions& options);

  RunStats& stats() { return stats_; }
  const RunStats& stats() const { return stats_; }
  const HoldoutTracker& holdout() const { return holdout_; }
  const std::vector<PassTime>& pass_times() const { return pass_times_; }

 private:
  Trainer(Learner& learner, Reduction* reduction, GroupReduction* group_reduction, const TrainerOptions& options,
          ProgressTable& progress, PredictionWriter& predictions, PredictionWriter& raw);
  void close_pass(PassSource source);
  RunEnd run_groups(ExampleStream& stream, const RunLoopOptions& options);  // run() of multi-line examples
  // The two loops' shared steps. reach_pass closes passes until the slot's
  // one; true (and end.early_stop) when early stopping ends the run.
  // skip_malformed_slot counts or rethrows a malformed line (--lenient) and
  // writes its --pad_skipped "nan" lines.
  bool reach_pass(const ParsedExample& slot, RunEnd& end);
  void skip_malformed_slot(const ParsedExample& slot, const RunLoopOptions& options);
  // Whether the next example (or group) of the pass is held out; counts it.
  bool next_held_out();
  // An observer's stop() is true (they are asked in order, up to the first true).
  bool observer_stops() const;
  void check_peers();
  // One progress-row collective; returns how many ranks are still in the pass.
  double sum_row(bool in_pass);

  Learner& learner_;
  const LabelRange* error_range_ = nullptr;  // measure_errors()
  Averaging* averaging_ = nullptr;  // an averaged learner (learners/averaging.h)
  Reduction* reduction_ = nullptr;             // one of the two
  GroupReduction* group_reduction_ = nullptr;
  ExampleGroup gathered_;                      // the group being gathered (run_groups)
  std::string row_label_, row_prediction_;     // a group's progress-row columns, reused
  AllReduce* group_ = nullptr;
  TrainerOptions options_;
  ProgressTable& progress_;
  PredictionWriter& predictions_;
  PredictionWriter& raw_;
  RunStats stats_;
  HoldoutTracker holdout_;
  std::vector<Hook> hooks_;
  // The observers, in the order added, by the calls they want (RunObserver::hooks()).
  std::vector<RunObserver*> before_observers_, after_observers_, group_observers_, stop_observers_;
  std::vector<PassTime> pass_times_;
  std::chrono::steady_clock::time_point pass_start_;
  unsigned pass_ = 0;
  uint64_t in_pass_ = 0;
  std::string line_;  // a -p / -r line, reused
  bool row_collectives_ = false;  // --allreduce with a progress table
  RunStats row_sums_;             // the last row's statistics summed over ranks (no label histogram)
};

}  // namespace learner
