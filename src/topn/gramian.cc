// The whole-catalogue (Gramian) loss: learner/topn/gramian.h.
#include "learner/topn/gramian.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "learner/error.h"
#include "learner/topn/gramian_pairwise.h"
#include "learner/topn/gramian_weights.h"

namespace learner::topn {

namespace {

void check_gramian_options(const GramianOptions& o) {
  if (o.rank < 1 || o.rank > 512) throw UsageError("--rank must be between 1 and 512");
  if (o.passes > 100000) throw UsageError("--passes must be at most 100000");
  if (!(o.observed > 0 && o.observed <= 1e6)) throw UsageError("--observed_weight must be in (0, 1e6]");
  if (!(o.unobserved >= 0 && o.unobserved <= 1e6)) throw UsageError("--unobserved must be in [0, 1e6]");
  if (!(o.learning_rate > 0 && o.learning_rate <= 1e3)) throw UsageError("--lr must be in (0, 1000]");
  if (!(o.l2 >= 0 && o.l2 <= 1e6)) throw UsageError("--l2 must be in [0, 1e6]");
  if (!(o.bias_l2 >= 0 && o.bias_l2 <= 1e6)) throw UsageError("--bias_l2 must be in [0, 1e6]");
  if (!(o.init >= 0 && o.init <= 10)) throw UsageError("--init must be in [0, 10]");
  if (!(o.l2_exponent >= 0 && o.l2_exponent <= 2)) throw UsageError("--l2_exponent must be in [0, 2]");
  if (std::isnan(o.min_rating)) throw UsageError("--min_rating must be a number");
  if (!(o.pairwise >= 0 && o.pairwise <= 1e6)) throw UsageError("--pairwise must be in [0, 1e6]");
  if (o.average_passes < 1 || o.average_passes > std::max(o.passes, 1u))
    throw UsageError("--average_passes must be between 1 and --passes");
  if (o.negatives < 1 || o.negatives > 1000) throw UsageError("--negatives must be between 1 and 1000");
  if (!(o.history_exponent >= 0 && o.history_exponent <= 2)) throw UsageError("--history_exponent must be in [0, 2]");
  if (o.history && o.pairwise > 0) throw UsageError("--history does not combine with --pairwise");
  if (o.history && o.average_passes > 1) throw UsageError("--history does not combine with --average_passes");
  if (o.history_only && !o.history) throw UsageError("--history_only needs --history");
  if (o.sequence > 10000) throw UsageError("--sequence must be at most 10000");
  if (o.sequence > 0 && !o.history) throw UsageError("--sequence needs --history");
  if (o.sequence > 0 && o.history_target) throw UsageError("--sequence does not combine with --history_target");
}

// Every entry finite and at most 1e30 in size.
bool gramian_row_ok(const Eigen::RowVectorXd& v) {
  for (Eigen::Index j = 0; j < v.size(); ++j)
    if (!(std::fabs(v[j]) <= 1e30)) return false;
  return true;
}

}  // namespace

GramianRanker::GramianRanker(const GramianOptions& options, std::size_t n_users, std::size_t n_items,
                             std::span<const Interaction> rows)
    : o_(options), k_(options.rank), shuffle_state_(options.seed ^ 0x6a09e667f3bcc909ull) {
  check_gramian_options(o_);
  positives_ = UserItems(n_users, n_items, rows, o_.min_rating);
  item_count_.assign(n_items, 0);
  for (uint32_t u = 0; u < n_users; ++u)
    for (const uint32_t i : positives_.items(u)) {
      ++item_count_[i];
      pairs_.emplace_back(u, i);
    }
  if (o_.unobserved_exponent != 0.0 || std::isnan(o_.unobserved_exponent))
    item_weight_ = unobserved_item_weights(item_count_, o_.unobserved_exponent);
  const Eigen::Index w = k_ + 2;
  users_ = Rows::Zero(static_cast<Eigen::Index>(n_users), w);
  items_ = Rows::Zero(static_cast<Eigen::Index>(n_items), w);
  SplitMix rng(o_.seed);
  for (Eigen::Index r = 0; r < users_.rows(); ++r) {
    for (unsigned j = 0; j < k_; ++j) users_(r, j) = o_.init * (2.0 * rng.uniform() - 1.0);
    users_(r, k_ + 1) = 1.0;
  }
  for (Eigen::Index r = 0; r < items_.rows(); ++r) {
    for (unsigned j = 0; j < k_; ++j) items_(r, j) = o_.init * (2.0 * rng.uniform() - 1.0);
    items_(r, k_) = 1.0;
  }
  a_.resize(w);
  b_.resize(w);
  ga_.resize(w);
  gb_.resize(w);
  gj_.resize(w);
  bj_.resize(w);
  neg_grads_.resize(o_.negatives, w);
  negs_.reserve(o_.negatives);
  if (o_.history) {  // z starts at 0: the first sweep starts where the model without history does
    if (o_.history_only) users_.leftCols(k_).setZero();
    z_ = Rows::Zero(items_.rows(), k_);
    hist_ = Rows::Zero(users_.rows(), k_);
    hist_scale_.resize(n_users);
    for (uint32_t u = 0; u < n_users; ++u) {
      const double n = static_cast<double>(positives_.items(u).size());
      hist_scale_[u] = n > 0 ? std::pow(n, -o_.history_exponent) : 0.0;
    }
    comp_.resize(w);
    obs_.resize(w);
    xg_.resize(k_);
    if (o_.sequence > 0) {
      seq_.emplace(n_users, n_items, rows, o_.min_rating, o_.sequence, o_.history_exponent);
      ctx_count_.assign(n_items, 0);
      for (std::size_t t = 0; t < seq_->slots(); ++t)
        for (const uint32_t j : seq_->context(t)) ++ctx_count_[j];
    }
  }
}

double GramianRanker::score(uint32_t u, uint32_t i) const {
  if (!o_.history) return users_.row(u).dot(items_.row(i));
  return users_.row(u).dot(items_.row(i)) + user_history(u).dot(items_.row(i).head(k_));
}

double GramianRanker::l2_weight(double positives, double others) const {
  return o_.l2 * std::pow(positives + o_.unobserved * others, o_.l2_exponent);
}

void GramianRanker::pair_share(uint32_t u, uint32_t i, const Eigen::MatrixXd& gram_users,
                               const Eigen::MatrixXd& gram_items) {
  if (!o_.history) {
    share_of(u, i, users_.row(u), users_.row(u), users_.row(u), gram_users, gram_items, nullptr);
    return;
  }
  if (seq_) {
    sequence_share(u, i, gram_users, gram_items);
    return;
  }
  comp_ = users_.row(u);
  comp_.head(k_) += hist_.row(u);
  obs_ = comp_;
  if (!o_.history_target) obs_.head(k_) -= hist_scale_[u] * z_.row(i);
  const double e = share_of(u, i, comp_, obs_, users_.row(u), gram_users, gram_items, &xg_);
  if (o_.history_only) ga_.head(k_).setZero();  // x_u stays 0
  // The user's x-gradient share reaches every z_j of its history (finish_history_gradient);
  // the target's own z_i has no part in the observed term.
  hist_grad_.row(u) += xg_;
  if (!o_.history_target) z_grad_.row(i) -= (hist_scale_[u] * e) * items_.row(i).head(k_);
}

template <class A, class O, class X>
double GramianRanker::share_of(uint32_t u, uint32_t i, const A& a, const O& a_obs, const X& x,
                               const Eigen::MatrixXd& gram_users, const Eigen::MatrixXd& gram_items,
                               Eigen::RowVectorXd* xgrad) {
  const auto b = items_.row(i);
  const double nu = static_cast<double>(positives_.items(u).size()), ni = item_count_[i];
  const double n_users = static_cast<double>(users_.rows()), n_items = static_cast<double>(items_.rows());
  const double e = -2.0 * o_.observed * (1.0 - a_obs.dot(b));  // d(observed term)/dp
  ga_.noalias() = e * b + (2.0 * o_.unobserved / nu) * (a * gram_items);
  gb_.noalias() = e * a_obs + (2.0 * o_.unobserved * item_weight(i) / ni) * (b * gram_users);
  if (xgrad) *xgrad = ga_.head(k_);
  const double lu = 2.0 * l2_weight(nu, n_items) / nu, li = 2.0 * l2_weight(ni, item_weight(i) * n_users) / ni;
  ga_.head(k_) += lu * x.head(k_);
  gb_.head(k_) += li * b.head(k_);
  ga_[k_] += 2.0 * o_.bias_l2 / nu * a[k_];
  gb_[k_ + 1] += 2.0 * o_.bias_l2 / ni * b[k_ + 1];
  ga_[k_ + 1] = 0.0;  // the constants
  gb_[k_] = 0.0;
  return e;
}

void GramianRanker::pairwise_shares(uint32_t u, uint32_t i, int sides, NegativeSampler& sampler) {
  const bool users = sides & kUsers, items = sides & kItems;
  const double weight = o_.pairwise / o_.negatives;
  a_ = users_.row(u);
  b_ = items_.row(i);
  negs_.clear();
  for (unsigned n = 0; n < o_.negatives; ++n) {
    const uint32_t j = sampler.draw(u);
    if (j == NegativeSampler::kNoItem) break;  // u has every item
    bj_ = items_.row(j);
    if (!items) {
      add_pairwise_gradient(weight, a_, b_, bj_, k_, &ga_, nullptr, nullptr);
      continue;
    }
    // A negative drawn twice gets both shares in one row.
    const std::size_t slot = static_cast<std::size_t>(std::find(negs_.begin(), negs_.end(), j) - negs_.begin());
    if (slot == negs_.size()) {
      negs_.push_back(j);
      neg_grads_.row(static_cast<Eigen::Index>(slot)).setZero();
    }
    gj_ = neg_grads_.row(static_cast<Eigen::Index>(slot));
    add_pairwise_gradient(weight, a_, b_, bj_, k_, users ? &ga_ : nullptr, &gb_, &gj_);
    neg_grads_.row(static_cast<Eigen::Index>(slot)) = gj_;
  }
}

void GramianRanker::step(uint32_t u, uint32_t i, const Eigen::MatrixXd& gram_users, const Eigen::MatrixXd& gram_items,
                         int sides, NegativeSampler* sampler) {
  pair_share(u, i, gram_users, gram_items);
  negs_.clear();
  if (sampler) pairwise_shares(u, i, sides, *sampler);
  // Preconditioned: a row moves by lr * share H^-1 (H: L's Hessian in that row
  // at the sweep start); the shares of a sweep add up to the gradient, so one
  // sweep moves each row by about lr times its Newton step with the other side
  // held.
  const Eigen::Index w = k_ + 2;
  const bool users = sides & kUsers, items = sides & kItems;
  if (users) a_.noalias() = users_.row(u) - o_.learning_rate * (ga_ * user_inv_.middleRows(u * w, w));
  if (users && o_.history_only) a_.head(k_).setZero();  // H^-1 mixes the bias's share into x_u
  if (items) b_.noalias() = items_.row(i) - o_.learning_rate * (gb_ * item_inv_.middleRows(i * w, w));
  bool ok = (!users || gramian_row_ok(a_)) && (!items || gramian_row_ok(b_));
  for (std::size_t n = 0; ok && n < negs_.size(); ++n) {
    const auto r = static_cast<Eigen::Index>(n);
    // The negative's new row replaces its share (the old row stays until every row is checked).
    gj_.noalias() = items_.row(negs_[n]) - o_.learning_rate * (neg_grads_.row(r) * item_inv_.middleRows(negs_[n] * w, w));
    ok = gramian_row_ok(gj_);
    neg_grads_.row(r) = gj_;
  }
  ++updates_;
  if (!ok) {
    ++skipped_;
    return;
  }
  if (users) users_.row(u) = a_;
  if (items) items_.row(i) = b_;
  for (std::size_t n = 0; n < negs_.size(); ++n) items_.row(negs_[n]) = neg_grads_.row(static_cast<Eigen::Index>(n));
}

// One side's inverse Hessians: row r's block is H_r^-1 with H_r = 2 (c sum_{x
// in P_r} v_x v_x^T
// + alpha0 G + its L2), the constant coordinate's row and column replaced by
// the identity's.
void GramianRanker::inverse_hessians(const Rows& own, const Rows& other, const Eigen::MatrixXd& gram_other,
                                     bool user_side, Rows& out) {
  const Eigen::Index w = k_ + 2, constant = user_side ? k_ + 1 : k_, bias = user_side ? k_ : k_ + 1;
  // The L2 weight (n + alpha0 x the other side's count)^nu: users or items, never the sequence's slots.
  const double n_other = static_cast<double>(user_side ? items_.rows() : users_.rows());
  out.resize(own.rows() * w, w);
  std::vector<std::vector<uint32_t>> by_row;
  if (!user_side) {  // the rows of `other` each item's pairs use (users, or sequence slots)
    by_row.resize(static_cast<std::size_t>(own.rows()));
    for (const auto& [u, i] : pairs_) by_row[i].push_back(seq_ ? static_cast<uint32_t>(seq_->slot(u, i)) : u);
  }
  Eigen::MatrixXd h(w, w);
  for (Eigen::Index r = 0; r < own.rows(); ++r) {
    h = (user_side ? o_.unobserved : o_.unobserved * item_weight(static_cast<uint32_t>(r))) * gram_other;
    std::size_t n = 0;
    auto add = [&](uint32_t x) {
      h.noalias() += o_.observed * other.row(x).transpose() * other.row(x);
      ++n;
    };
    if (user_side)
      for (const uint32_t x : positives_.items(static_cast<uint32_t>(r))) add(x);
    else
      for (const uint32_t x : by_row[static_cast<std::size_t>(r)]) add(x);
    h.diagonal().head(k_).array() +=
        l2_weight(static_cast<double>(n), user_side ? n_other : item_weight(static_cast<uint32_t>(r)) * n_other);
    h(bias, bias) += o_.bias_l2;
    h *= 2.0;
    h.row(constant).setZero();
    h.col(constant).setZero();
    h(constant, constant) = 1.0;
    out.middleRows(r * w, w) = h.ldlt().solve(Eigen::MatrixXd::Identity(w, w));
  }
}

void GramianRanker::sweep(int sides) {
  Rows slots;  // sequence: each position's a_ut, built once for the sweep's Gramian and Hessians
  if (o_.history) {
    if (seq_) {  // held through the sweep
      context_sums(ctx_);
      slots = composed_slots(ctx_);
    } else {
      history_sums(hist_);
    }
    hist_grad_.setZero(users_.rows(), k_);
    z_grad_.setZero(items_.rows(), k_);
  }
  const Eigen::MatrixXd gram_users = seq_ ? slots_gram(slots) : users_gram(), gram_items = items_gram();
  if (sides & kUsers) inverse_hessians(users_, items_, gram_items, true, user_inv_);
  if (sides & kItems) {
    if (seq_)
      inverse_hessians(items_, slots, gram_users, false, item_inv_);
    else if (o_.history)
      inverse_hessians(items_, composed_users(), gram_users, false, item_inv_);
    else
      inverse_hessians(items_, users_, gram_users, false, item_inv_);
  }
  SplitMix rng(shuffle_state_);
  shuffle_state_ = rng.next();
  for (std::size_t n = pairs_.size(); n > 1; --n) std::swap(pairs_[n - 1], pairs_[rng.below(static_cast<uint32_t>(n))]);
  std::optional<NegativeSampler> sampler;  // the sweep's own seeded draws
  if (o_.pairwise > 0) sampler.emplace(positives_, 0.0, rng.next());
  for (const auto& [u, i] : pairs_) step(u, i, gram_users, gram_items, sides, sampler ? &*sampler : nullptr);
  if (seq_ && (sides & kUsers))
    sequence_history_step(gram_items);
  else if (o_.history && (sides & kUsers))
    history_step(gram_items);
}

Eigen::RowVectorXd GramianRanker::user_history(uint32_t u) const {
  Eigen::RowVectorXd h = Eigen::RowVectorXd::Zero(k_);
  if (seq_) {  // recommend's context: the user's last L positives
    for (const uint32_t j : seq_->final_context(u)) h += z_.row(j);
    return h * seq_->final_scale(u);
  }
  for (const uint32_t j : positives_.items(u)) h += z_.row(j);
  return h * hist_scale_[u];
}

void GramianRanker::history_sums(Rows& out) const {
  out.resize(users_.rows(), k_);
  for (uint32_t u = 0; u < users_.rows(); ++u) out.row(u) = user_history(u);
}

GramianRanker::Rows GramianRanker::composed_users() const {
  Rows h;
  history_sums(h);
  Rows c = users_;
  c.leftCols(k_) += h;
  return c;
}

void GramianRanker::finish_history_gradient() {
  for (uint32_t u = 0; !seq_ && u < users_.rows(); ++u)  // sequence: each step added its context's
    for (const uint32_t j : positives_.items(u)) z_grad_.row(j) += hist_scale_[u] * hist_grad_.row(u);
  const double n_users = static_cast<double>(users_.rows());
  for (uint32_t j = 0; j < z_.rows(); ++j)
    z_grad_.row(j) += 2.0 * l2_weight(item_count_[j], item_weight(j) * n_users) * z_.row(j);
}

void GramianRanker::history_step(const Eigen::MatrixXd& gram_items) {
  finish_history_gradient();
  // D_j = sum_{u: j in N(u)} s_u^2 |N(u)| H_u + 2 l2 I, H_u = 2 (c sum_{i in N(u)} y_i y_i^T + alpha0 G_V)
  // on the latent block.
  const Eigen::Index k = k_;
  Rows d = Rows::Zero(z_.rows() * k, k);
  Eigen::MatrixXd h(k, k);
  for (uint32_t u = 0; u < users_.rows(); ++u) {
    const auto its = positives_.items(u);
    if (its.empty()) continue;
    h = o_.unobserved * gram_items.topLeftCorner(k, k);
    for (const uint32_t i : its) h.noalias() += o_.observed * items_.row(i).head(k).transpose() * items_.row(i).head(k);
    h *= 2.0 * hist_scale_[u] * hist_scale_[u] * static_cast<double>(its.size());
    for (const uint32_t j : its) d.middleRows(j * k, k) += h;
  }
  move_history_rows(d, item_count_, {}, gram_items);  // an item in no history: z_j is never used
}

void GramianRanker::move_history_rows(const Rows& d, const std::vector<uint32_t>& in_use,
                                      const std::vector<double>& gram_coef, const Eigen::MatrixXd& gram_items) {
  const Eigen::Index k = k_;
  const double n_users = static_cast<double>(users_.rows());
  Rows next = z_;
  bool ok = true;
  Eigen::MatrixXd dj(k, k);
  for (uint32_t j = 0; ok && j < z_.rows(); ++j) {
    if (in_use[j] == 0) continue;
    dj = d.middleRows(j * k, k);
    if (!gram_coef.empty()) dj.noalias() += gram_coef[j] * gram_items.topLeftCorner(k, k);
    dj.diagonal().array() += 2.0 * l2_weight(item_count_[j], item_weight(j) * n_users);
    const Eigen::VectorXd move = dj.ldlt().solve(z_grad_.row(j).transpose());
    next.row(j) -= o_.learning_rate * move.transpose();
    ok = gramian_row_ok(next.row(j));
  }
  ++updates_;
  if (!ok) {
    ++skipped_;
    return;
  }
  z_ = next;
}

Eigen::MatrixXd GramianRanker::users_gram() const {
  if (!o_.history) return users_.transpose() * users_;
  if (seq_) {
    Rows ctx;
    context_sums(ctx);
    return slots_gram(composed_slots(ctx));
  }
  const Rows c = composed_users();
  return c.transpose() * c;
}

Eigen::MatrixXd GramianRanker::items_gram() const {
  if (item_weight_.empty()) return items_.transpose() * items_;
  const Eigen::Map<const Eigen::VectorXd> w(item_weight_.data(), static_cast<Eigen::Index>(item_weight_.size()));
  return items_.transpose() * w.asDiagonal() * items_;
}

void GramianRanker::pass() {
  if (o_.joint) {
    sweep(kUsers | kItems);
  } else {
    sweep(kUsers);
    sweep(kItems);
  }
}

void GramianRanker::train() {
  // Polyak averaging of the pass ends (the steps' noise averages out; the
  // Gramian steps' SGD order is shuffled each sweep).
  const unsigned average = std::min(o_.average_passes, o_.passes);
  Rows sum_users, sum_items;
  for (unsigned p = 0; p < o_.passes; ++p) {
    pass();
    if (average <= 1 || p + average < o_.passes) continue;
    if (sum_users.size() == 0) {
      sum_users = users_;
      sum_items = items_;
    } else {
      sum_users += users_;
      sum_items += items_;
    }
  }
  if (average > 1) {
    users_ = sum_users / static_cast<double>(average);
    items_ = sum_items / static_cast<double>(average);
  }
}

double GramianRanker::whole_catalogue_term() const {
  const Eigen::MatrixXd gu = users_gram(), gv = items_gram();
  return o_.unobserved * (gu.cwiseProduct(gv)).sum();  // trace(G_U G_V), both symmetric
}

double GramianRanker::loss() const {
  double l = whole_catalogue_term();
  const double n_users = static_cast<double>(users_.rows()), n_items = static_cast<double>(items_.rows());
  Rows hist, ctx;
  if (seq_)
    context_sums(ctx);
  else if (o_.history)
    history_sums(hist);
  for (uint32_t u = 0; u < users_.rows(); ++u) {
    const auto its = positives_.items(u);
    for (const uint32_t i : its) {
      double p = users_.row(u).dot(items_.row(i));
      if (seq_) {
        p += ctx.row(static_cast<Eigen::Index>(seq_->slot(u, i))).dot(items_.row(i).head(k_));
      } else if (o_.history) {
        p += hist.row(u).dot(items_.row(i).head(k_));
        if (!o_.history_target) p -= hist_scale_[u] * z_.row(i).dot(items_.row(i).head(k_));
      }
      l += o_.observed * std::pow(1.0 - p, 2);
    }
    l += l2_weight(static_cast<double>(its.size()), n_items) * users_.row(u).head(k_).squaredNorm();
    l += o_.bias_l2 * users_(u, k_) * users_(u, k_);
  }
  for (uint32_t i = 0; i < items_.rows(); ++i) {
    l += l2_weight(item_count_[i], item_weight(i) * n_users) * items_.row(i).head(k_).squaredNorm();
    l += o_.bias_l2 * items_(i, k_ + 1) * items_(i, k_ + 1);
    if (o_.history) l += l2_weight(item_count_[i], item_weight(i) * n_users) * z_.row(i).squaredNorm();
  }
  return l;
}

void GramianRanker::gradient(Rows& gu, Rows& gi, Rows* gz) const {
  // The pass's shares summed at fixed weights (a const copy does the
  // arithmetic).
  GramianRanker self = *this;
  if (o_.history) {
    if (seq_)
      context_sums(self.ctx_);
    else
      history_sums(self.hist_);
    self.hist_grad_.setZero(users_.rows(), k_);
    self.z_grad_.setZero(items_.rows(), k_);
  }
  const Eigen::MatrixXd gram_users = users_gram(), gram_items = items_gram();
  gu = Rows::Zero(users_.rows(), users_.cols());
  gi = Rows::Zero(items_.rows(), items_.cols());
  for (const auto& [u, i] : pairs_) {
    self.pair_share(u, i, gram_users, gram_items);
    gu.row(u) += self.ga_;
    gi.row(i) += self.gb_;
  }
  if (o_.history) self.finish_history_gradient();
  if (gz) *gz = self.z_grad_;
}

Factors GramianRanker::factors(const IdMap& users, const IdMap& items) const {
  Factors f;
  f.resize(users, items, k_);
  Rows hist;  // the recommend-time user vector is x_u + h_u
  if (o_.history) history_sums(hist);
  for (std::size_t u = 0; u < std::min<std::size_t>(users_.rows(), users.size()); ++u) {
    f.user_bias[u] = static_cast<float>(users_(static_cast<Eigen::Index>(u), k_));
    for (unsigned j = 0; j < k_; ++j)
      f.user_vec[u * k_ + j] = static_cast<float>(
          o_.history ? users_(static_cast<Eigen::Index>(u), j) + hist(static_cast<Eigen::Index>(u), j)
                     : users_(static_cast<Eigen::Index>(u), j));
  }
  for (std::size_t i = 0; i < std::min<std::size_t>(items_.rows(), items.size()); ++i) {
    f.item_bias[i] = static_cast<float>(items_(static_cast<Eigen::Index>(i), k_ + 1));
    for (unsigned j = 0; j < k_; ++j)
      f.item_vec[i * k_ + j] = static_cast<float>(items_(static_cast<Eigen::Index>(i), j));
  }
  return f;
}

}  // namespace learner::topn
