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
//  * agree_failed() is one MPI_Allreduce of an int with MPI_MAX (exact).
//  * An MPI error (a lost peer) throws learner::Error; with MPI's default
//    handler (MPI_ERRORS_ARE_FATAL) it ends the job, which mpirun reports.
#pragma once

#include <memory>

#include "learner/parallel/allreduce.h"

namespace learner {

std::unique_ptr<AllReduce> make_mpi_group();

}  // namespace learner
