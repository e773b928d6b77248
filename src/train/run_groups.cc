// Trainer::run for multi-line examples (run_loop.h, "Multi-line examples"):
// the stream's lines gathered into groups, each group processed once.
#include "learner/train/trainer.h"

namespace learner {

RunEnd Trainer::run_groups(ExampleStream& stream, const RunLoopOptions& options) {
  RunEnd end;
  gathered_.clear();
  // Processes the group gathered so far (none: nothing happens); true when
  // an observer says stop.
  const auto close_group = [&]() {
    if (gathered_.actions() == 0) {  // a blank line after a blank line (or after lines left out)
      gathered_.clear();
      return false;
    }
    const Outcome& outcome = process_group(gathered_);
    for (RunObserver* o : group_observers_) o->after_group(gathered_, outcome);
    gathered_.clear();
    return observer_stops();
  };
  while (const ParsedExample* slot = stream.next()) {
    if (slot->pass != pass_) {
      if (close_group()) {  // the pass's last group had no blank line after it
        end.stopped = true;
        break;
      }
      if (reach_pass(*slot, end)) break;
    }
    end.any = true;
    end.source = slot->source;
    if (slot->error) {
      skip_malformed_slot(*slot, options);
      continue;
    }
    if (slot->ex.group_end) {
      if (close_group()) {
        end.stopped = true;
        break;
      }
      continue;
    }
    bool wanted = true;
    for (RunObserver* o : before_observers_)
      if (!o->before(*slot)) {
        wanted = false;
        break;
      }
    if (!wanted) continue;
    GroupLine& line = gathered_.add();
    line.ex = slot->ex;  // copy-assigned into a kept line: no allocation once grown
    line.features = slot->features;
    if (slot->pass == 0)
      line.names = slot->names;  // kept on pass 1 only (a reused slot's names are stale later)
    else
      line.names.clear();
  }
  if (!end.stopped && !end.early_stop && close_group()) end.stopped = true;  // the last group, at the end of the data
  stats_.skipped_lines += stream.cached_skipped();
  end.bytes = stream.bytes_read();
  return end;
}

}  // namespace learner
