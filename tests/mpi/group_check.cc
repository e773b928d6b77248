// Run under mpirun by tests/mpi/run.sh: the MPI group's step headers
// (parallel/mpi_group.h). Ranks that reach collectives of different sizes or
// kinds must all throw "out of step" at that call, not truncate, overflow or
// wait, and the group must still answer the failure check afterwards; texts
// of different lengths must arrive whole.
//
//   mpirun -np 3 mpi_group_check sizes|kinds|gather
//
// Prints one line per rank and exits 0 when every expectation held on it.
#include <cstdio>
#include <exception>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "learner/error.h"
#include "learner/parallel/mpi_group.h"

namespace {

using learner::AllReduce;

// Runs `bad` (a collective the ranks disagree on) and says whether it threw
// the out-of-step error; then checks that the group still agrees.
bool out_of_step(AllReduce& g, void (*bad)(AllReduce&)) {
  std::string what;
  try {
    bad(g);
  } catch (const learner::Error& e) {
    what = e.what();
  }
  const bool threw = what.find("out of step") != std::string::npos;
  std::printf("rank %d: %s\n", g.rank(), threw ? what.c_str() : "no error");
  const bool failed = g.agree_failed(true);  // every rank reports; every rank hears it
  std::vector<double> one{1.0};
  g.sum(std::span<double>(one));  // and the group is in step again
  return threw && failed && one[0] == g.size();
}

void sizes(AllReduce& g) {
  std::vector<double> v(static_cast<std::size_t>(3 + 1000 * g.rank()), 1.0);  // rank 1 sends more than rank 0 takes
  g.sum(std::span<double>(v));
}

void kinds(AllReduce& g) {
  if (g.rank() == 0) {
    g.agree_failed(false);
  } else {
    std::vector<uint64_t> v(4, 1);
    g.sum(std::span<uint64_t>(v));
  }
}

bool gather(AllReduce& g) {
  const auto text = [](int r) { return std::string(static_cast<std::size_t>(1 + 100000 * r), char('a' + r)); };
  const std::vector<std::string> all = g.gather(text(g.rank()));
  bool ok = all.size() == static_cast<std::size_t>(g.size());
  for (int r = 0; ok && r < g.size(); ++r) ok = all[static_cast<std::size_t>(r)] == text(r);
  std::printf("rank %d: gather %s\n", g.rank(), ok ? "whole" : "wrong");
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  try {
    const std::unique_ptr<AllReduce> g = learner::make_mpi_group();
    bool ok = false;
    if (mode == "sizes") ok = out_of_step(*g, sizes);
    else if (mode == "kinds") ok = out_of_step(*g, kinds);
    else if (mode == "gather") ok = gather(*g);
    else std::fprintf(stderr, "usage: mpi_group_check sizes|kinds|gather\n");
    std::fflush(stdout);
    return ok ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mpi_group_check: %s\n", e.what());
    return 1;
  }
}
