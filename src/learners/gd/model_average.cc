// The gradient learner across --allreduce ranks (docs/allreduce.md).
#include <span>

#include "learner/learners/gd/model.h"
#include "learner/error.h"
#include "learner/model/table_average.h"
#include "learner/parallel/allreduce.h"

namespace learner {

void Model::average(AllReduce& group) {
  settle_l1();  // the ranks' G differ: average the weights as predictions read them
  if (group.size() == 1) return;
  // VW's rule with the adaptive rule on (G at index 1 of [w, G, s, r]), the
  // plain mean without it (VW's accumulate_avg).
  average_table(group, weights_.data(), weights_.slots(), weights_.stride(), config_.rule.adaptive ? 1 : -1);
  if (dot_) dot_->average(group);
  // N and T: last synced value + the sum of every rank's growth since. The
  // first call (before training) only records them: every rank starts alike.
  if (synced_states_.empty()) {
    synced_states_ = states_;
    return;
  }
  std::vector<double> growth(2 * states_.size());
  for (std::size_t i = 0; i < states_.size(); ++i) {
    growth[2 * i] = states_[i].normalized_sum_norm_x - synced_states_[i].normalized_sum_norm_x;
    growth[2 * i + 1] = states_[i].total_weight - synced_states_[i].total_weight;
  }
  group.sum(std::span<double>(growth));
  for (std::size_t i = 0; i < states_.size(); ++i) {
    states_[i].normalized_sum_norm_x = synced_states_[i].normalized_sum_norm_x + growth[2 * i];
    states_[i].total_weight = synced_states_[i].total_weight + growth[2 * i + 1];
  }
  synced_states_ = states_;
}

void DotProduct::average(AllReduce& group) {
  if (group.size() == 1) return;
  if (freq_alpha_ != 0)
    throw Error("--dotproduct_freq_l2 cannot be combined with --allreduce (its per-side feature counts are not "
                "averaged across ranks)");
  const unsigned stride = rank_ + 1;
  start_all_rows();  // a row this rank has not gathered holds its start on the others
  average_table(group, latent_.data(), latent_.slots(), stride, static_cast<int>(rank_));
  if (!gradient_.frozen) {  // every rank's updates so far make the automatic rate's scale
    double growth[2] = {gradient_.sum - synced_gradient_.sum, gradient_.weight - synced_gradient_.weight};
    group.sum(std::span<double>(growth));
    gradient_.sum = synced_gradient_.sum + growth[0];
    gradient_.weight = synced_gradient_.weight + growth[1];
    synced_gradient_ = gradient_;
  }
  merge_unseen(group);
  refresh_unseen();
  if (!tracking_) return;  // trained_slots() will scan the averaged table
  std::vector<bool> known(latent_.slots(), false);
  for (uint32_t s : trained_) known[s] = true;
  const float* v = latent_.data();
  for (std::size_t s = 0; s < latent_.slots(); ++s)
    if (!known[s] && v[s * stride + rank_] != 0.0f) trained_.push_back(static_cast<uint32_t>(s));
}

}  // namespace learner
