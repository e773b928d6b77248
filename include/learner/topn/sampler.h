// Negative sampling for ranking losses (learner-topn): items drawn for a user
// from the training catalogue, never one of the user's own items.
//
//  * Uniform over the catalogue's items, or proportional to count^alpha (count
//    = the item's training interactions; alpha = 0 is uniform, 1 is
//    popularity; Rendle & Freudenthaler 2014 and word2vec's 0.75 use such).
//  * Draws come from a splitmix64 stream of `seed` alone: the same seed, data
//    and calls give the same negatives on every platform.
//  * A draw that lands on one of the user's items is redrawn (rejection);
//    after kMaxRejections it scans for the non-excluded items and draws among
//    them, so a user who has nearly every item still gets a correct draw.
//    A user with every item has no negative: draw() returns kNoItem.
#pragma once

#include <cstdint>
#include <vector>

#include "learner/topn/interactions.h"

namespace learner::topn {

// splitmix64: a small seeded generator (Steele, Lea & Flood 2014).
class SplitMix {
 public:
  explicit SplitMix(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n > 0 (Lemire's multiply-shift on the top 32 bits; the bias is < n / 2^32).
  uint32_t below(uint32_t n) { return static_cast<uint32_t>(((next() >> 32) * n) >> 32); }
  // Uniform in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  uint64_t state_;
};

class NegativeSampler {
 public:
  static constexpr uint32_t kNoItem = 0xffffffffu;
  static constexpr int kMaxRejections = 64;

  // `exclude`: each user's items that must never be drawn (the training
  // pairs); `alpha` >= 0 the popularity exponent; counts come from `exclude`.
  NegativeSampler(const UserItems& exclude, double alpha, uint64_t seed);

  uint32_t draw(uint32_t user);
  SplitMix& rng() { return rng_; }

 private:
  uint32_t draw_any();
  const UserItems& exclude_;
  SplitMix rng_;
  std::vector<double> cumulative_;  // empty: uniform
  std::vector<uint32_t> scratch_;
};

}  // namespace learner::topn
