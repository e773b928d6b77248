// Each user's positives in time order and the context of every position, for the
// Gramian loss's sequence history (gramian.h, learner-topn --history --sequence L).
//
// A user's sequence is its distinct positives (the pairs rated at least
// min_rating, as UserItems keeps them) ordered by time, ties by the later line;
// a pair that occurs on several lines takes its last line's (time, line). The
// context of position t is the up to L positives just before it, t-m..t-1 with
// m = min(t, L); the recommend-time context is the user's last m = min(n_u, L)
// positives (the context of the next, unseen, position). Each context's items
// are a contiguous run of the sequence, so context() is a span. A context of m
// items is scaled by m^-e (scale()); an empty one (a user's first position) is 0.
//
// This is the Markov-chain part of FPMC / Fossil (Rendle et al. 2010; He & McAuley
// 2016) on the dyadic model's user side: the item at t is predicted from the items
// before it, so the leave-one-out protocol's held-out item (the last by time) is
// scored with the context it follows.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "learner/topn/interactions.h"

namespace learner::topn {

class SequenceContexts {
 public:
  SequenceContexts() = default;
  // rows: the training rows (indices below the sizes); window L >= 1; exponent e >= 0.
  SequenceContexts(std::size_t n_users, std::size_t n_items, std::span<const Interaction> rows, float min_rating,
                   unsigned window, double exponent);

  std::size_t slots() const { return items_.size(); }  // one per positive
  // The user's positives in time order (their slots are consecutive).
  std::span<const uint32_t> sequence(uint32_t user) const {
    return {items_.data() + offsets_[user], items_.data() + offsets_[user + 1]};
  }
  // The slot of positive (user, item); it must be one of the user's positives.
  std::size_t slot(uint32_t user, uint32_t item) const;
  uint32_t user_of(std::size_t slot) const { return slot_user_[slot]; }
  uint32_t item_of(std::size_t slot) const { return items_[slot]; }
  // The items before the slot's position (at most L) and their scale m^-e.
  std::span<const uint32_t> context(std::size_t slot) const;
  double scale(std::size_t slot) const { return scale_of(context(slot).size()); }
  // The recommend-time context: the user's last min(n_u, L) positives.
  std::span<const uint32_t> final_context(uint32_t user) const;
  double final_scale(uint32_t user) const { return scale_of(final_context(user).size()); }

 private:
  double scale_of(std::size_t m) const { return m < scales_.size() ? scales_[m] : 0.0; }

  std::vector<std::size_t> offsets_;  // per user, into items_
  std::vector<uint32_t> items_;       // the sequences, user by user
  std::vector<uint32_t> slot_user_;
  // Per user, (item, slot) sorted by item: slot()'s lookup.
  std::vector<std::pair<uint32_t, uint32_t>> by_item_;
  std::vector<double> scales_;  // m^-e for m = 0..L (0 for m = 0)
  unsigned window_ = 0;
};

}  // namespace learner::topn
