// learner-topn --loss softmax: the ranking-trained dyadic model's listwise
// pass (dyadic_ranker.h, "kSoftmax"; the step is sampled_softmax.h's).
#include <algorithm>
#include <cmath>

#include "learner/topn/dyadic_ranker.h"
#include "ranker_features.h"

namespace learner::topn {

const SoftmaxCandidates& DyadicRanker::softmax_candidates(uint32_t user, std::span<const uint32_t> positives,
                                                          std::span<const uint32_t> negatives) {
  Model& m = *model_;
  WeightTable& latent = m.dotproduct()->latent();
  const std::size_t p = positives.size(), n = negatives.size() + p;
  cand_items_.resize(n);
  cand_bias_.resize(n);
  cand_log_q_.resize(log_count_.empty() ? 0 : n);
  for (std::size_t x = 0; x < n; ++x) {
    const uint32_t item = x < p ? positives[x] : negatives[x - p];
    const uint32_t slot = m.slot_of(topn_detail::ranker_item_index(item), 0);
    cand_items_[x] = latent.slot(slot);
    cand_bias_[x] = m.weights().slot(slot);  // the linear weight is the slot's first float
    if (!log_count_.empty()) cand_log_q_[x] = log_count_[item];
  }
  candidates_.user = latent.slot(m.slot_of(topn_detail::ranker_user_index(user), 0));
  candidates_.item = cand_items_;
  candidates_.bias = cand_bias_;
  candidates_.log_q = cand_log_q_;
  candidates_.rank = options_.rank;
  candidates_.positives = p;
  return candidates_;
}

double DyadicRanker::softmax_loss(uint32_t user, std::span<const uint32_t> positives,
                                  std::span<const uint32_t> negatives) {
  return softmax_.loss(softmax_candidates(user, positives, negatives));
}

bool DyadicRanker::learn_softmax(uint32_t user, std::span<const uint32_t> positives,
                                 std::span<const uint32_t> negatives, double rate_scale) {
  const SoftmaxCandidates& c = softmax_candidates(user, positives, negatives);
  const double latent = options_.latent_rate > 0 ? options_.latent_rate : options_.learning_rate;
  const SoftmaxRates rates{latent * rate_scale, options_.learning_rate * rate_scale, options_.l2, options_.linear_l2,
                           options_.max_norm};
  ++updates_;
  if (!softmax_.step(c, rates)) {
    ++skipped_;
    return false;
  }
  // Mark the vectors trained (the latent slot's last float, G_f > 0: dotproduct.h),
  // so the factors and the pass-end averaging treat them as the model's own.
  const unsigned k = options_.rank;
  c.user[k] = 1.0f;
  for (float* v : c.item) v[k] = 1.0f;
  return true;
}

void DyadicRanker::pass_softmax(std::span<const uint32_t> order, std::span<const Interaction> rows,
                                NegativeSampler& sampler, double rate_scale) {
  for (const uint32_t r : order) {
    const uint32_t u = rows[r].user;
    negatives_.clear();
    for (unsigned n = 0; n < options_.negatives; ++n) {
      const uint32_t j = sampler.draw(u);
      if (j == NegativeSampler::kNoItem) break;
      negatives_.push_back(j);
    }
    if (negatives_.empty()) continue;  // the user has every item
    learn_softmax(u, rows[r].item, negatives_, rate_scale);
  }
}

void DyadicRanker::pass_full_softmax(std::span<const uint32_t> order, std::span<const Interaction> rows,
                                     const UserItems& exclude, double rate_scale, SplitMix& shuffle) {
  if (user_positives_.empty()) {  // each user's positives, in row order (order is a permutation of them)
    user_positives_.resize(users_);
    std::vector<uint32_t> sorted(order.begin(), order.end());
    std::sort(sorted.begin(), sorted.end());
    for (const uint32_t r : sorted) user_positives_[rows[r].user].push_back(rows[r].item);
    for (std::vector<uint32_t>& p : user_positives_) {  // a pair listed twice is one positive
      std::sort(p.begin(), p.end());
      p.erase(std::unique(p.begin(), p.end()), p.end());
    }
  }
  user_order_.clear();
  for (uint32_t u = 0; u < users_; ++u)
    if (!user_positives_[u].empty()) user_order_.push_back(u);
  for (std::size_t k = user_order_.size(); k > 1; --k)  // the users' order, Fisher-Yates
    std::swap(user_order_[k - 1], user_order_[shuffle.below(static_cast<uint32_t>(k))]);
  for (const uint32_t u : user_order_) {
    negatives_.clear();
    const std::span<const uint32_t> own = exclude.items(u);  // sorted
    std::size_t at = 0;
    for (uint32_t i = 0; i < items_; ++i) {
      while (at < own.size() && own[at] < i) ++at;
      if (at < own.size() && own[at] == i) continue;
      negatives_.push_back(i);
    }
    if (negatives_.empty()) continue;
    learn_softmax(u, user_positives_[u], negatives_, rate_scale);
  }
}

}  // namespace learner::topn
