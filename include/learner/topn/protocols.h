// The two evaluation protocols of learner-topn eval, and the splits behind them.
//
// Random folds (MovieLens u1..u5): each user's relevant items are the held-out
// items rated at least `relevant_min` (items unseen in training count in |R|
// and can never be hit); candidates are all catalogue (training) items not in
// the user's training pairs; metrics@k over the users with a relevant item.
//
// Leave-one-out (He et al. 2017): each user's last interaction by time is held
// out (split_last: the latest timestamp, a tie going to the later line); it is
// ranked among `negatives` items drawn uniformly, from a seeded stream, among
// the catalogue items the user never interacted with (training or held out).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "learner/topn/factors.h"
#include "learner/topn/interactions.h"
#include "learner/topn/metrics.h"

namespace learner::topn {

// One evaluated user's figures (learner-topn eval --per_user): the folds'
// metrics (m.users = 1), or leave-one-out's rank with its hit and NDCG in
// m.hit_rate and m.ndcg. The means above are the plain means of these.
struct UserResult {
  uint32_t user;
  std::size_t rank = 0;  // leave-one-out only; 0: not ranked (a user or item outside the catalogue, a miss)
  TopnMetrics m;
};

// per_user (optional): each evaluated user's figures, in user order.
TopnMetrics evaluate_folds(const Scorer& scorer, const UserItems& train, const UserItems& relevant, unsigned k,
                           unsigned threads, std::vector<UserResult>* per_user = nullptr);

struct LooResult {
  double hit_rate = 0, ndcg = 0;
  std::size_t users = 0;
};
// `known`: every user's training and held-out items (never drawn as negatives);
// `held_out`: one row per user (its item may be outside the catalogue: a miss).
// per_user (optional): each held-out row's figures, in the rows' order.
LooResult evaluate_loo(const Scorer& scorer, const UserItems& known, std::span<const Interaction> held_out,
                       unsigned negatives, unsigned k, uint64_t seed, std::vector<UserResult>* per_user = nullptr);

// Each user's latest row into `test` (one per user with at least `min_rows`
// rows), the rest into `train`, both in input order.
void split_last(std::span<const Interaction> rows, std::size_t n_users, std::size_t min_rows,
                std::vector<Interaction>& train, std::vector<Interaction>& test);
// Each row into `test` with probability `fraction` (seeded), else `train`.
void split_random(std::span<const Interaction> rows, double fraction, uint64_t seed, std::vector<Interaction>& train,
                  std::vector<Interaction>& test);

}  // namespace learner::topn
