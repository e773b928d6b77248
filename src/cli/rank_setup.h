// Private to src/cli: what --allreduce changes in a run, apart from the run
// loop itself (driver.cc): the group, each rank's view of the command line,
// and the label range shared by the ranks (docs/allreduce.md).
#pragma once

#include <memory>

#include "learner/cli/options.h"
#include "learner/learners/gd/label_range.h"
#include "learner/parallel/allreduce.h"
#include "learner/plugin.h"

namespace learner {

// --allreduce and --shard_by: what can be checked before MPI starts (the
// driver checks what needs the number of ranks).
void fill_allreduce(const OptionValues& v, Options& o);

// The MPI group (parallel/mpi_group.h), initialising MPI; throws UsageError
// when learner was built without MPI.
std::unique_ptr<AllReduce> make_group();

// This rank's options: '%r' in -d, -p, -r, --cache_file and the model
// outputs becomes the rank; ranks other than 0 print nothing but errors and
// write no model unless its name holds %r (rank 0 holds the same averaged
// model). Throws UsageError for a command line that cannot be split over
// group.size() ranks (-d without %r nor --shard_by line; -p, -r or a cache
// without %r: every rank writes its own), and for an output that is one of
// this rank's inputs once %r is replaced (output_guard.h).
Options for_rank(const Options& all, const AllReduce& group);

// The label range (which clips predictions and is stored in the model)
// becomes the widest any rank has seen. A collective.
void widen_over_ranks(AllReduce& group, LabelRange& range);

}  // namespace learner
