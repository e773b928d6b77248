#include "learner/parallel/mpi_group.h"

#include <mpi.h>

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "learner/error.h"

namespace learner {
namespace {

// Values per collective call: keeps the double scratch of a float sum small
// and every count within MPI's int.
constexpr std::size_t kChunk = std::size_t{1} << 20;

// What a collective is, as its step header announces it.
enum Step : int64_t { kAgree = 1, kSumDouble, kSumFloat, kSumU64, kGather };

const char* step_name(int64_t step) {
  switch (step) {
    case kAgree: return "the failure check";
    case kSumDouble: return "a sum of doubles";
    case kSumFloat: return "a sum of floats";
    case kSumU64: return "a sum of integers";
    case kGather: return "the exchange of texts";
    default: return "an unknown collective";
  }
}

class MpiGroup final : public AllReduce {
 public:
  MpiGroup() {
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (initialised) throw Error("internal: MPI is already initialised (one --allreduce group per process)");
    int provided = 0;
    check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "MPI_Comm_rank");
    check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "MPI_Comm_size");
  }
  // After an MPI error the other ranks may be blocked in a collective this
  // one will never join, and MPI_Finalize may wait for them: a broken group
  // exits without it (mpirun then ends the job).
  ~MpiGroup() override {
    if (!broken_) MPI_Finalize();
  }

  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void sum(std::span<double> values) override {
    if (size_ == 1) return;
    step(kSumDouble, values.size(), false);
    for (std::size_t at = 0; at < values.size(); at += kChunk) {
      const std::size_t n = std::min(kChunk, values.size() - at);
      reduce_broadcast(values.data() + at, n, MPI_DOUBLE);
    }
  }

  void sum(std::span<float> values) override {
    if (size_ == 1) return;
    step(kSumFloat, values.size(), false);
    for (std::size_t at = 0; at < values.size(); at += kChunk) {
      const std::size_t n = std::min(kChunk, values.size() - at);
      scratch_.assign(values.begin() + static_cast<std::ptrdiff_t>(at),
                      values.begin() + static_cast<std::ptrdiff_t>(at + n));
      reduce_broadcast(scratch_.data(), n, MPI_DOUBLE);
      for (std::size_t i = 0; i < n; ++i) values[at + i] = static_cast<float>(scratch_[i]);
    }
  }

  void sum(std::span<uint64_t> values) override {
    if (size_ == 1) return;
    step(kSumU64, values.size(), false);
    for (std::size_t at = 0; at < values.size(); at += kChunk) {
      const std::size_t n = std::min(kChunk, values.size() - at);
      reduce_broadcast(values.data() + at, n, MPI_UINT64_T);
    }
  }

  // The step header is the whole collective: its flag is the failure.
  bool agree_failed(bool failed) override {
    if (size_ == 1) return failed;
    if (broken_) return true;  // the group cannot agree any more: this rank stops
    return step(kAgree, 0, failed);
  }

  // Lengths first (one fixed-size exchange), so every rank sizes its
  // receive buffer from what the others send.
  std::vector<std::string> gather(const std::string& mine) override {
    if (size_ == 1) return {mine};
    step(kGather, 0, false);
    const auto n = static_cast<std::size_t>(size_);
    std::vector<uint64_t> lengths(n);
    uint64_t length = mine.size();
    check(MPI_Allgather(&length, 1, MPI_UINT64_T, lengths.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD), "MPI_Allgather");
    std::vector<int> counts(n), offsets(n);
    uint64_t total = 0;
    for (std::size_t r = 0; r < n; ++r) {
      if (lengths[r] > INT_MAX - total)  // the same verdict on every rank: all have the same lengths
        throw Error("MPI: the ranks' texts exceed " + std::to_string(INT_MAX) + " bytes together");
      offsets[r] = static_cast<int>(total);
      counts[r] = static_cast<int>(lengths[r]);
      total += lengths[r];
    }
    std::string all(total, '\0');
    check(MPI_Allgatherv(mine.data(), static_cast<int>(mine.size()), MPI_CHAR, all.data(), counts.data(),
                         offsets.data(), MPI_CHAR, MPI_COMM_WORLD),
          "MPI_Allgatherv");
    std::vector<std::string> texts(n);
    for (std::size_t r = 0; r < n; ++r) texts[r] = all.substr(static_cast<std::size_t>(offsets[r]), lengths[r]);
    return texts;
  }

 private:
  void check(int code, const char* what) {
    if (code == MPI_SUCCESS) return;
    broken_ = true;
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(code, text, &length);
    throw Error(std::string("MPI: ") + what + " failed: " + std::string(text, static_cast<std::size_t>(length)));
  }

  // The step header every collective begins with: one MPI_Allreduce (max)
  // of a fixed size, {step, -step, count, -count, flag}, from which every
  // rank learns the group's largest and smallest step and count. So ranks
  // that reach different collectives (or the same with different sizes)
  // all see it at the same call and throw, instead of truncating a message,
  // overflowing a buffer or waiting forever; then the group is still in
  // step (its next collective is every rank's failure check). Returns
  // whether any rank set the flag.
  bool step(Step what, std::size_t count, bool flag) {
    if (broken_) throw Error("MPI: the group failed earlier");
    ++steps_;
    const auto n = static_cast<int64_t>(count);
    const int64_t mine[5] = {what, -what, n, -n, flag ? 1 : 0};
    int64_t all[5] = {};
    check(MPI_Allreduce(mine, all, 5, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
    if (all[0] != -all[1] || all[2] != -all[3]) {
      std::string mine_text = step_name(what), group;
      if (what != kAgree && what != kGather) mine_text += ", " + std::to_string(count) + " values";
      if (all[0] != -all[1]) group = std::string("kinds from ") + step_name(-all[1]) + " to " + step_name(all[0]);
      if (all[2] != -all[3])
        group += (group.empty() ? "" : ", ") + std::string("sizes from ") + std::to_string(-all[3]) + " to " +
                 std::to_string(all[2]) + " values";
      throw Error("the ranks are out of step at collective " + std::to_string(steps_) + " (this rank: " + mine_text +
                  "; the group: " + group + "): ranks that disagree on the data or options; no model is written");
    }
    return all[4] != 0;
  }

  // In place: rank 0 receives the sum, then every rank receives rank 0's bits.
  void reduce_broadcast(void* data, std::size_t n, MPI_Datatype type) {
    const int count = static_cast<int>(n);
    if (rank_ == 0)
      check(MPI_Reduce(MPI_IN_PLACE, data, count, type, MPI_SUM, 0, MPI_COMM_WORLD), "MPI_Reduce");
    else
      check(MPI_Reduce(data, nullptr, count, type, MPI_SUM, 0, MPI_COMM_WORLD), "MPI_Reduce");
    check(MPI_Bcast(data, count, type, 0, MPI_COMM_WORLD), "MPI_Bcast");
  }

  int rank_ = 0, size_ = 1;
  bool broken_ = false;  // an MPI call failed: no more collectives, no MPI_Finalize
  uint64_t steps_ = 0;   // collectives begun (for messages)
  std::vector<double> scratch_;
};

}  // namespace

std::unique_ptr<AllReduce> make_mpi_group() { return std::make_unique<MpiGroup>(); }

}  // namespace learner
