// Trainer::run: the loop over a stream of parsed examples (run_loop.h).
#include <cstdio>
#include <exception>

#include "learner/parse/line_bytes.h"
#include "learner/train/trainer.h"

namespace learner {
namespace {

constexpr uint64_t kMaxWarnings = 10;

bool is_binary(const std::exception_ptr& error) {
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
void skip_malformed(const ParsedExample& slot, bool lenient, RunStats& stats) {
  if (!lenient || is_binary(slot.error)) std::rethrow_exception(slot.error);
  if (slot.pass > 0) return;
  ++stats.skipped_lines;
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

}  // namespace

RunEnd Trainer::run(ExampleStream& stream, const RunLoopOptions& options) {
  RunEnd end;
  while (const ParsedExample* slot = stream.next()) {
    while (slot->pass != pass_) {
      if (next_pass(end.source)) {
        end.early_stop = true;
        break;
      }
    }
    if (end.early_stop) break;
    end.any = true;
    end.source = slot->source;
    if (slot->error) {
      skip_malformed(*slot, options.lenient, stats_);
      if (options.pad_skipped) {
        predictions_.write_line("nan");
        raw_.write_line("nan");
      }
      continue;
    }
    // Start fetching the next example's weights while this one is learned
    // (the learner prefetches only within an example).
    if (const ParsedExample* ahead = stream.peek()) learner_.prefetch(ahead->ex, ahead->features);
    bool wanted = true;
    for (RunObserver* o : observers_)
      if (!o->before(*slot)) {  // the later observers do not see a skipped example
        wanted = false;
        break;
      }
    if (wanted) {
      const Outcome& outcome = process(slot->ex, slot->features);
      for (RunObserver* o : observers_) o->after(*slot, outcome);
    }
    bool stop = false;
    for (const RunObserver* o : observers_) stop = stop || o->stop();
    if (stop) {
      end.stopped = true;
      break;
    }
  }
  stats_.skipped_lines += stream.cached_skipped();
  end.bytes = stream.bytes_read();
  return end;
}

}  // namespace learner
