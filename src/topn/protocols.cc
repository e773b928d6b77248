#include "learner/topn/protocols.h"

#include <algorithm>

#include "learner/error.h"
#include "learner/topn/recommend.h"
#include "learner/topn/sampler.h"

namespace learner::topn {

TopnMetrics evaluate_folds(const Scorer& scorer, const UserItems& train, const UserItems& relevant, unsigned k,
                           unsigned threads, std::vector<UserResult>* per_user) {
  std::vector<uint32_t> users;
  for (uint32_t u = 0; u < relevant.users(); ++u)
    if (!relevant.items(u).empty()) users.push_back(u);
  const TopLists lists = recommend(scorer, &train, users, k, threads);
  MetricsSum sum(scorer.items(), k);
  std::vector<uint32_t> ranked;
  for (std::size_t r = 0; r < users.size(); ++r) {
    ranked.clear();
    for (const TopItem& t : lists.row(r)) ranked.push_back(t.item);
    const TopnMetrics m = sum.add(ranked, relevant.items(users[r]));
    if (per_user) per_user->push_back({users[r], 0, m});
  }
  return sum.mean();
}

LooResult evaluate_loo(const Scorer& scorer, const UserItems& known, std::span<const Interaction> held_out,
                       unsigned negatives, unsigned k, uint64_t seed, std::vector<UserResult>* per_user) {
  if (negatives == 0) throw UsageError("--loo_negatives must be at least 1");
  NegativeSampler sampler(known, 0.0, seed);
  std::vector<float> scores(scorer.items());
  std::vector<float> negative_scores;
  LooResult out;
  for (const Interaction& h : held_out) {
    negative_scores.clear();
    if (h.user < known.users() && h.item < scorer.items()) {
      scorer.score(h.user, scores);
      for (unsigned n = 0; n < negatives; ++n) {
        const uint32_t j = sampler.draw(h.user);
        if (j == NegativeSampler::kNoItem) break;
        negative_scores.push_back(scores[j]);
      }
      const std::size_t rank = loo_rank(scores[h.item], negative_scores);
      const double hit = rank <= k ? 1.0 : 0.0, ndcg = loo_ndcg(rank, k);
      out.hit_rate += hit;
      out.ndcg += ndcg;
      if (per_user) per_user->push_back({h.user, rank, TopnMetrics{.ndcg = ndcg, .hit_rate = hit, .users = 1}});
    } else {
      for (unsigned n = 0; n < negatives; ++n) sampler.draw(h.user < known.users() ? h.user : 0);
      if (per_user) per_user->push_back({h.user, 0, TopnMetrics{.users = 1}});  // a miss: rank unknown (0)
    }
    ++out.users;
  }
  if (out.users) {
    out.hit_rate /= static_cast<double>(out.users);
    out.ndcg /= static_cast<double>(out.users);
  }
  return out;
}

void split_last(std::span<const Interaction> rows, std::size_t n_users, std::size_t min_rows,
                std::vector<Interaction>& train, std::vector<Interaction>& test) {
  constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::vector<std::size_t> last(n_users, kNone), count(n_users, 0);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const uint32_t u = rows[r].user;
    if (u >= n_users) continue;
    ++count[u];
    if (last[u] == kNone || !(rows[r].time < rows[last[u]].time)) last[u] = r;
  }
  train.clear();
  test.clear();
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const uint32_t u = rows[r].user;
    if (u < n_users && last[u] == r && count[u] >= min_rows) test.push_back(rows[r]);
    else train.push_back(rows[r]);
  }
}

void split_random(std::span<const Interaction> rows, double fraction, uint64_t seed, std::vector<Interaction>& train,
                  std::vector<Interaction>& test) {
  if (!(fraction > 0 && fraction < 1)) throw UsageError("--fraction must be in (0, 1)");
  SplitMix rng(seed);
  train.clear();
  test.clear();
  for (const Interaction& r : rows) (rng.uniform() < fraction ? test : train).push_back(r);
}

}  // namespace learner::topn
