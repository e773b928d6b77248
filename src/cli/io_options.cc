// -d, -p, -f and the other files of a run; passes, cache, holdout, progress.
#include <sched.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <thread>
#include <utility>

#include "learner/error.h"
#include "option_readers.h"
#include "rank_setup.h"

namespace learner {
namespace {

// --threads 0: the cores this process may run on (its CPU affinity, which
// taskset and cgroup cpusets narrow), else the machine's.
unsigned available_cores() {
#if defined(__linux__)
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return static_cast<unsigned>(CPU_COUNT(&set));
#endif
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace

void fill_io(const OptionValues& v, Options& o) {
  if (v.given("data")) o.data = v.text("data");
  else if (v.flag("no_stdin")) o.data = "/dev/null";  // VW's --no_stdin: no examples
  v.number("example_queue_limit");  // range-checked only: the parse queue's size is fixed (stream/example_stream.h)
  o.predictions = v.text("predictions");
  o.raw_predictions = v.text("raw_predictions");
  o.final_regressor = v.text("final_regressor");
  o.initial_regressor = v.text("initial_regressor");
  o.readable_model = v.text("readable_model");
  o.invert_hash = v.text("invert_hash");
  o.extra_metrics = v.text("extra_metrics");
  o.summary_json = v.text("summary_json");
  o.audit = v.flag("audit");
  o.audit_regressor = v.text("audit_regressor");
  // It learns and predicts nothing (driver.cc): an output it would drop is refused, not silently skipped.
  if (!o.audit_regressor.empty())
    for (const auto& [flag, path] : {std::pair<const char*, const std::string&>{"-f", o.final_regressor},
                                     {"-p", o.predictions},
                                     {"-r", o.raw_predictions},
                                     {"--readable_model", o.readable_model},
                                     {"--invert_hash", o.invert_hash}})
      if (!path.empty())
        throw UsageError(std::string("--audit_regressor lists the -i model's weights by feature name and neither "
                                     "trains nor predicts: it would not write ") +
                         flag + " " + path + "; drop " + flag + " (or run it without --audit_regressor)");
  if (!o.audit_regressor.empty() && o.audit)
    throw UsageError("--audit_regressor lists the -i model's weights and predicts nothing: -a/--audit would print "
                     "nothing; drop one of them");
  o.testonly = v.flag("testonly");
  o.lenient = v.flag("lenient");
  o.pad_skipped = v.flag("pad_skipped");
  if (o.pad_skipped && !o.lenient) throw UsageError("--pad_skipped needs --lenient (without it a malformed line stops the run)");
  o.predict_only_model = v.flag("predict_only_model");
  o.passes = static_cast<unsigned>(v.number("passes"));
  o.pass_memory_mib = static_cast<uint64_t>(v.number("pass_memory"));
  o.threads = static_cast<unsigned>(v.number("threads"));
  o.max_examples = static_cast<int64_t>(v.number("examples"));
  o.save_on_signal = v.flag("save_on_signal");
  fill_allreduce(v, o);
  // The default: every core, unless mpirun already starts a rank per core.
  if (o.threads == 0) o.threads = o.allreduce ? 1 : available_cores();

  const bool stdin_data = o.data.empty() || o.data == "-";
  if (v.given("cache_file")) {
    o.cache_path = v.text("cache_file");
    if (o.cache_path.empty() || o.cache_path == "-") throw UsageError("--cache_file needs a file name");
  } else if (v.flag("cache")) {
    if (stdin_data)
      throw UsageError("-c/--cache names the cache after the data file (<data>.cache); with standard input give "
                       "--cache_file FILE");
    // --shard_by line: every rank reads -d and caches its own lines, as <data>.<rank>.cache.
    o.cache_path = o.data + (o.allreduce && o.shard_by_line ? ".%r.cache" : ".cache");
  }
  if (!o.cache_path.empty() && !stdin_data) {
    std::error_code ec;
    if (o.cache_path == o.data || std::filesystem::equivalent(o.cache_path, o.data, ec))
      throw UsageError("--cache_file " + o.cache_path + " is the data file itself");
  }
  o.kill_cache = v.flag("kill_cache");
  o.compressed = v.flag("compressed");

  o.holdout_period = static_cast<unsigned>(v.number("holdout_period"));
  o.holdout_after = static_cast<uint64_t>(v.number("holdout_after"));
  o.holdout = !v.flag("holdout_off") && (o.passes > 1 || o.holdout_after > 0);
  o.early_terminate = static_cast<unsigned>(v.number("early_terminate"));
  o.save_per_pass = v.flag("save_per_pass");
  if (o.save_per_pass && o.final_regressor.empty()) throw UsageError("--save_per_pass needs -f (the model file to write)");
  o.decay_learning_rate = v.number("decay_learning_rate");
  o.progress.quiet = v.flag("quiet");
  if (v.given("progress")) o.progress = progress_rule(v.text("progress"), o.progress);
}
}  // namespace learner
