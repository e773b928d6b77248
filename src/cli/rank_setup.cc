#include "rank_setup.h"

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "learner/error.h"
#include "output_guard.h"

#ifdef LEARNER_HAVE_MPI
#include "learner/parallel/mpi_group.h"
#endif

namespace learner {

void fill_allreduce(const OptionValues& v, Options& o) {
  o.allreduce = v.flag("allreduce");
  const std::string by = v.text("shard_by");
  if (by != "file" && by != "line") throw UsageError("--shard_by takes 'file' or 'line', got '" + by + "'");
  if (v.given("shard_by") && !o.allreduce) throw UsageError("--shard_by needs --allreduce");
  o.shard_by_line = by == "line";
  if (!o.allreduce) return;
  if (o.data.empty() || o.data == "-")
    throw UsageError("--allreduce reads files (-d FILE, or -d part-%r.vw for one file per rank), not standard input");
  if (o.save_on_signal) throw UsageError("--save_on_signal cannot be combined with --allreduce");
}

namespace {

// `path` with every "%r" replaced by `rank`.
std::string with_rank(const std::string& path, int rank) {
  std::string out;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (path.compare(i, 2, "%r") == 0) {
      out += std::to_string(rank);
      ++i;
    } else {
      out += path[i];
    }
  }
  return out;
}

}  // namespace

std::unique_ptr<AllReduce> make_group() {
#ifdef LEARNER_HAVE_MPI
  return make_mpi_group();
#else
  throw UsageError("--allreduce needs learner built with MPI (install openmpi-bin and libopenmpi-dev, then rebuild; "
                   "docs/allreduce.md)");
#endif
}

Options for_rank(const Options& all, const AllReduce& group) {
  Options o = all;
  const int n = group.size(), r = group.rank();
  if (n > 1 && !o.shard_by_line && o.data.find("%r") == std::string::npos)
    throw UsageError("--allreduce over " + std::to_string(n) + " ranks: every rank would read all of " + o.data +
                     "; name one file per rank with %r (-d part-%r.vw) or split it with --shard_by line");
  for (const std::string* out : {&o.predictions, &o.raw_predictions})
    if (n > 1 && !out->empty() && out->find("%r") == std::string::npos)
      throw UsageError("--allreduce over " + std::to_string(n) + " ranks: every rank writes its own predictions; put %r "
                       "in the file name (-p pred-%r.txt)");
  if (n > 1 && !o.cache_path.empty() && o.cache_path.find("%r") == std::string::npos)
    throw UsageError("--allreduce over " + std::to_string(n) + " ranks: every rank keeps its own cache of its shard; put "
                     "%r in the file name (--cache_file c-%r.cache)");
  o.data = with_rank(o.data, r);
  o.predictions = with_rank(o.predictions, r);
  o.raw_predictions = with_rank(o.raw_predictions, r);
  o.cache_path = with_rank(o.cache_path, r);
  // Model outputs: rank 0's, unless the name holds %r (then every rank
  // writes its copy of the same averaged model: a check, and for tests).
  for (std::string* out : {&o.final_regressor, &o.readable_model, &o.invert_hash})
    *out = out->find("%r") != std::string::npos ? with_rank(*out, r) : r > 0 ? std::string() : *out;
  if (r > 0) {
    o.progress.mute = true;  // rows are still collective points (report/progress.h)
    if (o.final_regressor.empty()) o.save_per_pass = false;
  }
  refuse_outputs_over_inputs(o);  // the names this rank opens: -p d-%r.vw is -d d-%r.vw
  return o;
}

// With only a sum to hand, each rank puts its (min, max, lowest, highest) in
// its own place of a 4N vector; after the sum every rank holds them all.
void widen_over_ranks(AllReduce& group, LabelRange& range) {
  if (group.size() == 1) return;
  std::vector<double> all(4 * static_cast<std::size_t>(group.size()), 0.0);
  const std::size_t mine = 4 * static_cast<std::size_t>(group.rank());
  all[mine] = range.min;
  all[mine + 1] = range.max;
  all[mine + 2] = range.lowest;
  all[mine + 3] = range.highest;
  group.sum(std::span<double>(all));
  for (std::size_t r = 0; r < all.size(); r += 4) {
    range.widen_clipping(all[r]);
    range.widen_clipping(all[r + 1]);
    range.lowest = std::min(range.lowest, all[r + 2]);
    range.highest = std::max(range.highest, all[r + 3]);
  }
}

}  // namespace learner
