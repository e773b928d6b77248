// The MPI member of the AllReduce contract (allreduce.h): the processes
// mpirun (or srun) started, as one group. Built only when CMake finds MPI
// (src/parallel, library learner_parallel); `learner` initialises MPI only
// when --allreduce asks for it.
//
// Contract (beyond allreduce.h):
//  * make_mpi_group() initialises MPI (MPI_THREAD_FUNNELED: the run's reader
//    thread never calls MPI) and the group's destructor finalises it; at most
//    one group per process. Under no launcher it is a group of one.
//  * sum() is MPI_Reduce to rank 0 followed by MPI_Bcast, not MPI_Allreduce:
//    the MPI standard only advises, and does not require, that MPI_Allreduce
//    leave the same bits on every rank; one reduction broadcast from rank 0
//    does, for any reduction order MPI picks. Floats are summed in double
//    (the inputs converted exactly, the sum rounded to float once).
//  * Every collective begins with a step header: one MPI_Allreduce (max) of
//    a fixed size carrying what the collective is and how many values it
//    moves. Ranks that reach different collectives, or the same one with
//    different sizes, all throw learner::Error there ("out of step") instead
//    of truncating, overflowing or waiting; the group stays usable for the
//    failure check that follows. agree_failed() is the header alone (its
//    flag, reduced with max, is the answer). gather() sends the lengths
//    (fixed size) before the texts.
//  * An MPI error (a lost peer) throws learner::Error and breaks the group:
//    agree_failed() then answers true without communicating, and the
//    destructor skips MPI_Finalize (which could wait for ranks blocked in a
//    collective), so the rank exits non-zero and mpirun ends the job. A rank
//    killed outright (SIGKILL) is seen by mpirun, which ends the job.
#pragma once

#include <memory>

#include "learner/parallel/allreduce.h"

namespace learner {

std::unique_ptr<AllReduce> make_mpi_group();

}  // namespace learner
