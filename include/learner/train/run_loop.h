// Trainer::run (trainer.h): the loop over a stream of parsed examples, with
// the run's per-example policies as observers, so that a server, an MPI
// program or a test drives a run as the CLI does (tests/train/run_loop_test.cc
// drives one without the CLI).
//
//   for each slot of the stream:
//     a slot of the next pass: the Trainer closes the pass (next_pass); an
//       early stop (holdout, a converged learner) ends the loop
//     a malformed line: an error, rethrown, unless RunLoopOptions::lenient
//       (warns about the first 10, counts every one; binary data is an error
//       even then); with pad_skipped its -p and -r lines are "nan"
//     else: the learner prefetches the next example's weights; every
//       observer's before() (false from any: the example is not processed);
//       the example, with its --classweight factor unless -t, goes through
//       Trainer::process; every observer's after()
//     after each slot an observer's stop() may end the run (--examples,
//       a signal, --audit_regressor having found every weight)
//
// Multi-line examples (a Trainer over a GroupReduction): each line's slot
// goes through the observers' before() (false: the line is left out of its
// group) and is copied into the group being gathered; a blank-line slot, a
// new pass or the end of the stream closes the group, which goes through
// Trainer::process_group, then every observer's after_group(), then the
// stop() checks (so --examples counts groups, as VW does). --pad_skipped
// writes "nan" for a malformed line as it does for single lines.
//
// Observers run in the order added. An observer's hooks() (read once, when
// it is added) names the calls it wants; the others are not made (the loop
// costs nothing per example for an observer with nothing to do). The loop
// allocates nothing per example.
#pragma once

#include <cstdint>

#include "learner/example.h"
#include "learner/example_group.h"
#include "learner/reduction/reduction.h"
#include "learner/stream/example_stream.h"

namespace learner {

class RunObserver {
 public:
  // The calls an observer wants (hooks()).
  enum Hook : unsigned { kBefore = 1, kAfter = 2, kAfterGroup = 4, kStop = 8, kAllHooks = 15 };

  virtual ~RunObserver() = default;
  // Which of the calls below the loop makes; read once, when the observer
  // is added (Trainer::add_observer). Every call by default.
  virtual unsigned hooks() const { return kAllHooks; }
  // A well-formed example of the stream, before it is processed; false:
  // skip it (--audit_regressor reads examples without learning from them).
  virtual bool before(const ParsedExample& slot) { return true; }
  // After Trainer::process.
  virtual void after(const ParsedExample& slot, const Outcome& outcome) {}
  // After Trainer::process_group (multi-line examples; after() is not called).
  virtual void after_group(const ExampleGroup& group, const Outcome& outcome) {}
  // Checked after every slot: true ends the run there.
  virtual bool stop() const { return false; }
};

struct RunLoopOptions {
  bool lenient = false;       // --lenient: malformed lines are warned about, counted and skipped
  bool pad_skipped = false;   // --pad_skipped: "nan" -p/-r lines for them
};

// How the loop ended.
struct RunEnd {
  bool any = false;          // a slot was seen
  bool early_stop = false;   // holdout's early termination or a converged learner ended it
  bool stopped = false;      // an observer's stop() ended it
  PassSource source = PassSource::kText;  // where the last pass came from
  uint64_t bytes = 0;        // input bytes read (the stream's)
};

}  // namespace learner
