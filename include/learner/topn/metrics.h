// Top-N ranking metrics (learner-topn eval), binary relevance, ranks from 1.
//
// For one user with top-k list L (best first) and relevant set R (|R| > 0):
//   precision@k = |L ∩ R| / k
//   recall@k    = |L ∩ R| / |R|
//   NDCG@k      = DCG / IDCG, DCG = sum over hits at rank r of 1 / log2(r + 1),
//                 IDCG = sum_{r=1}^{min(k, |R|)} 1 / log2(r + 1)
//   AP@k        = (sum over hits at rank r of precision@r) / min(k, |R|)   (MAP@k: its mean)
//   hit@k       = 1 if |L ∩ R| > 0
// Means are over the users with at least one relevant item. Coverage@k is the
// share of the catalogue that appears in at least one user's top k.
//
// Leave-one-out (He et al. 2017, NCF): one held-out item t per user ranked
// among sampled negatives; rank = 1 + #(negatives scoring above t) + #(ties),
// ties counted against t (so a constant scorer gets no credit);
// HR@k = [rank <= k], NDCG@k = [rank <= k] / log2(rank + 1).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace learner::topn {

struct TopnMetrics {
  double precision = 0, recall = 0, ndcg = 0, map = 0, hit_rate = 0, coverage = 0;
  std::size_t users = 0;  // users averaged over
};

// One user's metrics; `relevant` sorted ascending, non-empty; `ranked` may be
// shorter than k (the missing places hold no hit).
TopnMetrics user_metrics(std::span<const uint32_t> ranked, std::span<const uint32_t> relevant, unsigned k);

// Sums user metrics and then means them (coverage from the lists seen).
class MetricsSum {
 public:
  MetricsSum(std::size_t catalogue, unsigned k) : seen_(catalogue, 0), k_(k) {}
  // Returns the user's own metrics (users = 1), or zeros (users = 0) when
  // `relevant` is empty: such a user only counts towards coverage.
  TopnMetrics add(std::span<const uint32_t> ranked, std::span<const uint32_t> relevant);
  TopnMetrics mean() const;

 private:
  TopnMetrics sum_;
  std::vector<char> seen_;
  unsigned k_;
};

// Rank of the held-out score among `negatives` (ties counted against it).
std::size_t loo_rank(float held_out, std::span<const float> negatives);
double loo_ndcg(std::size_t rank, unsigned k);

}  // namespace learner::topn
