#include "learner/topn/recommend.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <mutex>
#include <thread>

#include "learner/error.h"

namespace learner::topn {

namespace {

// a ranks before b.
inline bool ranks_before(const TopItem& a, const TopItem& b) {
  return a.score > b.score || (a.score == b.score && a.item < b.item);
}

// The top `n` of `scores` outside the sorted `skip`, best first, into `out`; returns the count.
uint32_t select_top(std::span<const float> scores, std::span<const uint32_t> skip, unsigned n, TopItem* heap) {
  uint32_t size = 0;
  std::size_t k = 0;
  const auto n_items = static_cast<uint32_t>(scores.size());
  for (uint32_t i = 0; i < n_items; ++i) {
    while (k < skip.size() && skip[k] < i) ++k;
    if (k < skip.size() && skip[k] == i) continue;
    const float s = scores[i];
    if (std::isnan(s)) continue;
    const TopItem t{i, s};
    if (size < n) {
      heap[size++] = t;
      std::push_heap(heap, heap + size, ranks_before);  // front: the worst kept
    } else if (ranks_before(t, heap[0])) {
      std::pop_heap(heap, heap + size, ranks_before);
      heap[size - 1] = t;
      std::push_heap(heap, heap + size, ranks_before);
    }
  }
  std::sort_heap(heap, heap + size, ranks_before);
  return size;
}

}  // namespace

TopLists recommend(const Scorer& scorer, const UserItems* exclude, std::span<const uint32_t> users, unsigned n,
                   unsigned threads) {
  if (n == 0) throw UsageError("-n must be at least 1");
  if (threads == 0) throw UsageError("--threads must be at least 1");
  TopLists out;
  out.n = n;
  out.entries.resize(users.size() * n);
  out.counts.assign(users.size(), 0);
  const std::size_t n_items = scorer.items();
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_lock;
  constexpr std::size_t kChunk = 16;
  const auto work = [&] {
    try {
      std::vector<float> scores(n_items);
      for (;;) {
        const std::size_t begin = next.fetch_add(kChunk);
        if (begin >= users.size()) break;
        for (std::size_t r = begin; r < std::min(users.size(), begin + kChunk); ++r) {
          const uint32_t u = users[r];
          scorer.score(u, scores);
          const std::span<const uint32_t> skip = exclude ? exclude->items(u) : std::span<const uint32_t>{};
          out.counts[r] = select_top(scores, skip, n, out.entries.data() + r * n);
        }
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(failure_lock);
      if (!failure) failure = std::current_exception();
    }
  };
  const unsigned t = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(users.size(), 1)));
  std::vector<std::thread> pool;
  for (unsigned i = 1; i < t; ++i) pool.emplace_back(work);
  work();
  for (std::thread& th : pool) th.join();
  if (failure) std::rethrow_exception(failure);
  out.scored = static_cast<uint64_t>(users.size()) * n_items;
  return out;
}

}  // namespace learner::topn
