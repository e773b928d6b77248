// PerThread<State>: one State per calling thread, for a reader whose const
// parse() may run on several threads at once (ExampleParser::concurrent())
// but needs scratch of its own (a simdjson parser, a walker's stacks) that
// keeps its capacity from line to line. Private to the formats stage.
//
// get() returns the calling thread's State, made by `make` the first time
// that thread asks. The States belong to the PerThread (freed with it). The
// fast path is a thread_local (owner id, State*) pair: no lock once a thread
// has its State. A thread alternating between two owners takes the lock once
// per switch and finds its State again (keyed by std::thread::id), so nothing
// grows; a thread id reused after its thread ended takes over that State,
// which no other thread uses any more.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace learner {

// Owner ids: unique for the process's life, so a cached pointer is never
// taken for a later owner's (0: none).
inline std::atomic<uint64_t> per_thread_next_owner{1};

template <class State>
class PerThread {
 public:
  explicit PerThread(std::function<std::unique_ptr<State>()> make)
      : make_(std::move(make)), owner_(per_thread_next_owner.fetch_add(1, std::memory_order_relaxed)) {}
  PerThread(const PerThread&) = delete;
  PerThread& operator=(const PerThread&) = delete;

  State& get() const {
    Cache& cache = cache_of_thread();
    if (cache.owner == owner_) return *cache.state;
    return find(cache);
  }

 private:
  struct Cache {
    uint64_t owner = 0;
    State* state = nullptr;
  };
  static Cache& cache_of_thread() {
    thread_local Cache cache;
    return cache;
  }

  State& find(Cache& cache) const {
    const std::thread::id me = std::this_thread::get_id();
    std::lock_guard<std::mutex> lock(mutex_);
    State* state = nullptr;
    for (const auto& [id, s] : states_)
      if (id == me) state = s.get();
    if (state == nullptr) {
      states_.emplace_back(me, make_());
      state = states_.back().second.get();
    }
    cache = Cache{owner_, state};
    return *state;
  }

  std::function<std::unique_ptr<State>()> make_;
  uint64_t owner_;
  mutable std::mutex mutex_;
  mutable std::vector<std::pair<std::thread::id, std::unique_ptr<State>>> states_;
};

}  // namespace learner
