// Sequences and contexts of the Gramian loss's sequence history:
// learner/topn/sequence_contexts.h.
#include "learner/topn/sequence_contexts.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "learner/error.h"

namespace learner::topn {

SequenceContexts::SequenceContexts(std::size_t n_users, std::size_t n_items, std::span<const Interaction> rows,
                                   float min_rating, unsigned window, double exponent)
    : window_(window) {
  if (window < 1) throw UsageError("a sequence context needs a window of at least 1");
  // (user, item, time, line) of every positive row, then per (user, item) the last line's.
  struct Seen {
    uint32_t user, item;
    double time;
    std::size_t line;
  };
  std::vector<Seen> seen;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const Interaction& x = rows[r];
    if (x.user >= n_users || x.item >= n_items || !(x.rating >= min_rating)) continue;
    seen.push_back({x.user, x.item, x.time, r});
  }
  std::sort(seen.begin(), seen.end(), [](const Seen& a, const Seen& b) {
    return std::tie(a.user, a.item, a.line) < std::tie(b.user, b.item, b.line);
  });
  std::vector<Seen> last;  // one per distinct pair: its last line
  for (std::size_t n = 0; n < seen.size(); ++n)
    if (n + 1 == seen.size() || seen[n + 1].user != seen[n].user || seen[n + 1].item != seen[n].item)
      last.push_back(seen[n]);
  std::sort(last.begin(), last.end(), [](const Seen& a, const Seen& b) {
    if (a.user != b.user) return a.user < b.user;
    return a.time != b.time ? a.time < b.time : a.line < b.line;
  });
  offsets_.assign(n_users + 1, 0);
  for (const Seen& s : last) {
    items_.push_back(s.item);
    slot_user_.push_back(s.user);
    ++offsets_[s.user + 1];
  }
  for (std::size_t u = 0; u < n_users; ++u) offsets_[u + 1] += offsets_[u];
  by_item_.resize(items_.size());
  for (std::size_t s = 0; s < items_.size(); ++s) by_item_[s] = {items_[s], static_cast<uint32_t>(s)};
  for (std::size_t u = 0; u < n_users; ++u)
    std::sort(by_item_.begin() + static_cast<std::ptrdiff_t>(offsets_[u]),
              by_item_.begin() + static_cast<std::ptrdiff_t>(offsets_[u + 1]));
  scales_.assign(static_cast<std::size_t>(window) + 1, 0.0);
  for (std::size_t m = 1; m <= window; ++m) scales_[m] = std::pow(static_cast<double>(m), -exponent);
}

std::size_t SequenceContexts::slot(uint32_t user, uint32_t item) const {
  const auto first = by_item_.begin() + static_cast<std::ptrdiff_t>(offsets_[user]);
  const auto end = by_item_.begin() + static_cast<std::ptrdiff_t>(offsets_[user + 1]);
  const auto it = std::lower_bound(first, end, std::pair<uint32_t, uint32_t>{item, 0});
  if (it == end || it->first != item) throw Error("SequenceContexts::slot: not a positive of the user");
  return it->second;
}

std::span<const uint32_t> SequenceContexts::context(std::size_t slot) const {
  const std::size_t t = slot - offsets_[slot_user_[slot]];
  const std::size_t m = std::min<std::size_t>(t, window_);
  return {items_.data() + slot - m, m};
}

std::span<const uint32_t> SequenceContexts::final_context(uint32_t user) const {
  const std::size_t n = offsets_[user + 1] - offsets_[user];
  const std::size_t m = std::min<std::size_t>(n, window_);
  return {items_.data() + offsets_[user + 1] - m, m};
}

}  // namespace learner::topn
