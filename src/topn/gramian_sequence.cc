// The Gramian loss's sequence history (GramianOptions::sequence; the
// contexts: learner/topn/sequence_contexts.h): learner/topn/gramian.h's L_s.
#include "learner/topn/gramian.h"

namespace learner::topn {

void GramianRanker::context_sums(Rows& out) const {
  out.setZero(static_cast<Eigen::Index>(seq_->slots()), k_);
  for (std::size_t t = 0; t < seq_->slots(); ++t) {
    const auto r = static_cast<Eigen::Index>(t);
    for (const uint32_t j : seq_->context(t)) out.row(r) += z_.row(j);
    out.row(r) *= seq_->scale(t);
  }
}

GramianRanker::Rows GramianRanker::composed_slots(const Rows& ctx) const {
  Rows c(ctx.rows(), users_.cols());
  for (std::size_t t = 0; t < seq_->slots(); ++t) {
    const auto r = static_cast<Eigen::Index>(t);
    c.row(r) = users_.row(seq_->user_of(t));
    c.row(r).head(k_) += ctx.row(r);
  }
  return c;
}

Eigen::MatrixXd GramianRanker::slots_gram(const Rows& slots) const {
  Eigen::VectorXd weight(slots.rows());
  for (std::size_t t = 0; t < seq_->slots(); ++t)
    weight[static_cast<Eigen::Index>(t)] = 1.0 / static_cast<double>(seq_->sequence(seq_->user_of(t)).size());
  return slots.transpose() * weight.asDiagonal() * slots;
}

void GramianRanker::sequence_share(uint32_t u, uint32_t i, const Eigen::MatrixXd& gram_users,
                                   const Eigen::MatrixXd& gram_items) {
  const std::size_t t = seq_->slot(u, i);
  comp_ = users_.row(u);
  comp_.head(k_) += ctx_.row(static_cast<Eigen::Index>(t));
  share_of(u, i, comp_, comp_, users_.row(u), gram_users, gram_items, &xg_);
  if (o_.history_only) ga_.head(k_).setZero();  // x_u stays 0
  // dL/dh_ut reaches each z_j of the context, times the context's scale.
  const double s = seq_->scale(t);
  for (const uint32_t j : seq_->context(t)) z_grad_.row(j) += s * xg_;
}

void GramianRanker::sequence_history_step(const Eigen::MatrixXd& gram_items) {
  finish_history_gradient();  // the L2 part (the steps added the rest)
  // D_j = sum_{(u,t): j in ctx(t)} 2 m_t s_t^2 (c b_{i_t} b_{i_t}^T + alpha0 / n_u G_V) + the L2's:
  // the b b^T parts summed as matrices, the G_V parts as one coefficient per item.
  const Eigen::Index k = k_;
  Rows d = Rows::Zero(z_.rows() * k, k);
  std::vector<double> g_coef(static_cast<std::size_t>(z_.rows()), 0.0);
  Eigen::MatrixXd bb(k, k);
  for (std::size_t t = 0; t < seq_->slots(); ++t) {
    const auto ctx = seq_->context(t);
    if (ctx.empty()) continue;
    const uint32_t u = seq_->user_of(t), i = seq_->item_of(t);
    const double s = seq_->scale(t), m = static_cast<double>(ctx.size());
    const double n_u = static_cast<double>(seq_->sequence(u).size());
    const double coef = 2.0 * m * s * s;
    bb.noalias() = (coef * o_.observed) * items_.row(i).head(k).transpose() * items_.row(i).head(k);
    for (const uint32_t j : ctx) {
      d.middleRows(j * k, k) += bb;
      g_coef[j] += coef * o_.unobserved / n_u;
    }
  }
  move_history_rows(d, ctx_count_, g_coef, gram_items);  // an item in no context: z_j is never used in training
}

}  // namespace learner::topn
