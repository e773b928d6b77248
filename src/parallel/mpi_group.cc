#include "learner/parallel/mpi_group.h"

#include <mpi.h>

#include <algorithm>
#include <string>
#include <vector>

#include "learner/error.h"

namespace learner {
namespace {

// Values per collective call: keeps the double scratch of a float sum small
// and every count within MPI's int.
constexpr std::size_t kChunk = std::size_t{1} << 20;

void check(int code, const char* what) {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  throw Error(std::string("MPI: ") + what + " failed: " + std::string(text, static_cast<std::size_t>(length)));
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
  ~MpiGroup() override { MPI_Finalize(); }

  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void sum(std::span<double> values) override {
    if (size_ == 1) return;
    for (std::size_t at = 0; at < values.size(); at += kChunk) {
      const std::size_t n = std::min(kChunk, values.size() - at);
      reduce_broadcast(values.data() + at, n, MPI_DOUBLE);
    }
  }

  void sum(std::span<float> values) override {
    if (size_ == 1) return;
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
    for (std::size_t at = 0; at < values.size(); at += kChunk) {
      const std::size_t n = std::min(kChunk, values.size() - at);
      reduce_broadcast(values.data() + at, n, MPI_UINT64_T);
    }
  }

  bool agree_failed(bool failed) override {
    if (size_ == 1) return failed;
    int mine = failed ? 1 : 0, any = 0;
    check(MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
    return any != 0;
  }

 private:
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
  std::vector<double> scratch_;
};

}  // namespace

std::unique_ptr<AllReduce> make_mpi_group() { return std::make_unique<MpiGroup>(); }

}  // namespace learner
