// Exact top-N lists (learner-topn recommend, and the metrics' random-fold protocol).
//
// For each user asked for: every catalogue item is scored (Scorer: one pass
// over the items, vectorised for factor models), the user's excluded items
// (their training pairs) are skipped, and the N best are kept in a heap of N
// (no allocation per item: one score buffer and one heap per thread, made
// before the loop). Order: higher score first, a tie by lower item index; a
// NaN score is never recommended. Users are shared among `threads` threads
// (dynamic chunks); the result does not depend on the thread count.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "learner/topn/factors.h"
#include "learner/topn/interactions.h"

namespace learner::topn {

struct TopItem {
  uint32_t item;
  float score;
};

struct TopLists {
  unsigned n = 0;
  std::vector<TopItem> entries;   // row r at [r n, r n + counts[r])
  std::vector<uint32_t> counts;   // per asked user: how many items (< n when few remain)
  uint64_t scored = 0;            // items scored in all
  std::span<const TopItem> row(std::size_t r) const { return {entries.data() + r * n, counts[r]}; }
};

// `exclude` may be null (nothing excluded). Throws UsageError for n == 0 or threads == 0.
TopLists recommend(const Scorer& scorer, const UserItems* exclude, std::span<const uint32_t> users, unsigned n,
                   unsigned threads);

}  // namespace learner::topn
