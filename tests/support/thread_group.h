// Test support: an in-process AllReduce group (parallel/allreduce.h) of N
// members, one thread each, so that collectives (average_table, a learner's
// average()) can be tested without mpirun. sum() adds the members' spans in
// rank order (fixed, as the contract asks) and hands every member the result.
//
//   run_group(3, [&](AllReduce& g) { ... g.rank() ... });
#pragma once

#include <barrier>
#include <cstring>
#include <functional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "learner/parallel/allreduce.h"

namespace learner::test {

class ThreadGroupState {
 public:
  explicit ThreadGroupState(int n) : n_(n), barrier_(n), slots_(static_cast<std::size_t>(n)) {}

  template <class T>
  void sum(int rank, std::span<T> values) {
    slots_[static_cast<std::size_t>(rank)] = values.data();
    barrier_.arrive_and_wait();  // every member has published its span
    std::vector<T> total(values.size(), T{});
    for (int r = 0; r < n_; ++r) {
      const T* v = static_cast<const T*>(slots_[static_cast<std::size_t>(r)]);
      for (std::size_t i = 0; i < values.size(); ++i) total[i] += v[i];
    }
    barrier_.arrive_and_wait();  // every member has read every span
    std::memcpy(values.data(), total.data(), values.size() * sizeof(T));
    barrier_.arrive_and_wait();
  }
  std::vector<std::string> gather(int rank, const std::string& mine) {
    slots_[static_cast<std::size_t>(rank)] = &mine;
    barrier_.arrive_and_wait();
    std::vector<std::string> all;
    for (const void* s : slots_) all.push_back(*static_cast<const std::string*>(s));
    barrier_.arrive_and_wait();
    return all;
  }
  int size() const { return n_; }

 private:
  int n_;
  std::barrier<> barrier_;
  std::vector<const void*> slots_;
};

class ThreadGroup final : public AllReduce {
 public:
  ThreadGroup(ThreadGroupState& state, int rank) : state_(state), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return state_.size(); }
  void sum(std::span<double> v) override { state_.sum(rank_, v); }
  void sum(std::span<float> v) override {
    std::vector<double> d(v.begin(), v.end());
    state_.sum(rank_, std::span<double>(d));
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(d[i]);
  }
  void sum(std::span<uint64_t> v) override { state_.sum(rank_, v); }
  bool agree_failed(bool failed) override {
    uint64_t f = failed ? 1 : 0;
    state_.sum(rank_, std::span<uint64_t>(&f, 1));
    return f != 0;
  }
  std::vector<std::string> gather(const std::string& mine) override { return state_.gather(rank_, mine); }

 private:
  ThreadGroupState& state_;
  int rank_;
};

// Runs body(group) on n threads, one member each, and waits for them.
inline void run_group(int n, const std::function<void(AllReduce&)>& body) {
  ThreadGroupState state(n);
  std::vector<std::thread> threads;
  for (int r = 0; r < n; ++r)
    threads.emplace_back([&state, &body, r] {
      ThreadGroup g(state, r);
      body(g);
    });
  for (std::thread& t : threads) t.join();
}

}  // namespace learner::test
