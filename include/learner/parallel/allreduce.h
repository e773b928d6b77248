// The group of processes a run belongs to, and the one collective operation
// data-parallel training needs (Agarwal, Chapelle, Dudik & Langford, "A
// Reliable Effective Terascale Linear Learning System", JMLR 2014): an
// element-wise sum that leaves the same result on every member.
//
// Users of this contract (the run loop's end-of-pass averaging, --bfgs and
// --conjugate_gradient summing gradients and losses) hold an AllReduce& and
// never know whether it is one process (SingleProcess, below) or N ranks
// under mpirun (src/parallel, built when CMake finds MPI).
//
// Contract:
//  * Every member calls the same operations in the same order with spans of
//    the same length; after sum() every member holds the same values, bit
//    for bit (the reduction order is fixed, not arrival order).
//  * agree_failed() is the only way a run ends early across the group: each
//    member says whether it failed, and every member learns whether any did,
//    so no member waits forever on a collective a failed member never joins.
//  * gather() is the one exchange whose size may differ between members: each
//    member's text, every member receiving all of them in rank order (the
//    start-up check that the ranks run the same options, cli/rank_agreement.h).
//  * With size() == 1, sum() leaves the values unchanged and costs nothing.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace learner {

class AllReduce {
 public:
  virtual ~AllReduce() = default;
  // 0-based rank of this process, and the number of processes.
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // In place: values[i] becomes the sum over all members of their values[i].
  virtual void sum(std::span<double> values) = 0;
  virtual void sum(std::span<float> values) = 0;
  virtual void sum(std::span<uint64_t> values) = 0;
  // True on every member when any member passed true.
  virtual bool agree_failed(bool failed) = 0;
  // Every member's `mine`, indexed by rank, on every member.
  virtual std::vector<std::string> gather(const std::string& mine) = 0;
};

// The group of one: what every run without --allreduce uses.
class SingleProcess final : public AllReduce {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  void sum(std::span<double>) override {}
  void sum(std::span<float>) override {}
  void sum(std::span<uint64_t>) override {}
  bool agree_failed(bool failed) override { return failed; }
  std::vector<std::string> gather(const std::string& mine) override { return {mine}; }
};

}  // namespace learner
