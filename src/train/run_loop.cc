// Trainer::run: the loop over a stream of parsed examples (run_loop.h).
#include <cstdio>
#include <exception>

#include "learner/parse/line_bytes.h"
#include "learner/train/trainer.h"
#include "malformed_lines.h"

namespace learner {

bool Trainer::reach_pass(const ParsedExample& slot, RunEnd& end) {
  while (slot.pass != pass_) {
    if (next_pass(end.source)) {
      end.early_stop = true;
      return true;
    }
  }
  return false;
}

void Trainer::skip_malformed_slot(const ParsedExample& slot, const RunLoopOptions& options) {
  train_detail::skip_malformed(slot, options.lenient, stats_);
  if (options.pad_skipped) {
    predictions_.write_line("nan");
    raw_.write_line("nan");
  }
}

void Trainer::add_observer(RunObserver& observer) {
  const unsigned hooks = observer.hooks();
  if (hooks & RunObserver::kBefore) before_observers_.push_back(&observer);
  if (hooks & RunObserver::kAfter) after_observers_.push_back(&observer);
  if (hooks & RunObserver::kAfterGroup) group_observers_.push_back(&observer);
  if (hooks & RunObserver::kStop) stop_observers_.push_back(&observer);
}

bool Trainer::observer_stops() const {
  for (const RunObserver* o : stop_observers_)
    if (o->stop()) return true;
  return false;
}

RunEnd Trainer::run(ExampleStream& stream, const RunLoopOptions& options) {
  if (group_reduction_) return run_groups(stream, options);
  RunEnd end;
  while (const ParsedExample* slot = stream.next()) {
    if (reach_pass(*slot, end)) break;
    end.any = true;
    end.source = slot->source;
    if (slot->error) {
      skip_malformed_slot(*slot, options);
      continue;
    }
    // Start fetching the next example's weights while this one is learned
    // (the learner prefetches only within an example).
    if (const ParsedExample* ahead = stream.peek()) learner_.prefetch(ahead->ex, ahead->features);
    bool wanted = true;
    for (RunObserver* o : before_observers_)
      if (!o->before(*slot)) {  // the later observers do not see a skipped example
        wanted = false;
        break;
      }
    if (wanted) {
      const Outcome& outcome = process(slot->ex, slot->features);
      for (RunObserver* o : after_observers_) o->after(*slot, outcome);
    }
    if (observer_stops()) {
      end.stopped = true;
      break;
    }
  }
  stats_.skipped_lines += stream.cached_skipped();
  end.bytes = stream.bytes_read();
  return end;
}

}  // namespace learner
