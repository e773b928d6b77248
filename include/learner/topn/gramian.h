// The whole-catalogue ("Gramian") loss for the dyadic ranker (learner-topn
// --loss gramian): implicit ALS's objective, every unobserved (user, item) pair
// a weak negative, trained by SGD on the dyadic model's shape (biases
// included).
//
// Model: p_ui = a_u . b_i with a_u = [x_u, beta_u, 1] and b_i = [y_i, 1,
// gamma_i] (k latent dimensions, a user bias beta_u and an item bias gamma_i),
// so p_ui = beta_u + gamma_i + x_u . y_i: the dyadic model's score with global
// 0.
//
// Loss, over the distinct positive pairs P (n_u / n_i: a user's / item's
// positives):
//   L = c * sum_{(u,i) in P} (1 - p_ui)^2                       observed term
//     + alpha0 * sum_{every u, every i} w_i p_ui^2              whole-catalogue
//     term
//     + l2 * sum_u (n_u + alpha0 * I)^nu |x_u|^2 + l2 * sum_i (n_i + alpha0 *
//     w_i U)^nu |y_i|^2
//     + bias_l2 * (sum_u beta_u^2 + sum_i gamma_i^2)
// (U users, I items; the latent L2 scaled by frequency as Rendle et al. 2021
// tune iALS: nu = l2_exponent, 0 is plain L2 as in Hu et al.'s iALS, 1
// Rendle's; w_i = 1, or popularity weights under unobserved_exponent > 0:
// gramian_weights.h.) The second term is alpha0 * trace(G_U G_V) with the
// Gramians G_U = sum_u a_u a_u^T and G_V = sum_i w_i b_i b_i^T ((k+2) x (k+2));
// its gradient for a_u is 2 alpha0 G_V a_u and for b_i 2 alpha0 w_i G_U b_i
// (Krichene et al. 2018),
// so it costs O(k^2) per step, not O(I k).
//
// Training: alternating SGD with a block (per-row Newton) preconditioner; plain
// gradient steps, no exact per-pair path. A pass is two sweeps over the
// positives, each in a seeded shuffled order: the first steps the users (items
// held), the second the items (users held). The step on (u, i) moves that
// sweep's row against the pair's share of L's gradient: its observed term plus
// 1/n_u of user u's (1/n_i of item i's) whole-catalogue and L2 terms, so one
// sweep's shares add up to L's gradient for that side (rows with positives; the
// others are never stepped). The row moves by lr * share * H^-1, H being L's
// Hessian in that row
// ((k+2) x (k+2): 2 (c sum_{i in I_u} b_i b_i^T + alpha0 G_V + L2) for a user),
// so one sweep moves it by about lr times its Newton step (lr 1: about the
// exact alternating least-squares solve); the bias coordinates, whose curvature
// is about alpha0 I, and the latent ones get steps of their own scale. The
// Gramians and the H^-1 are recomputed at the start of each sweep. joint: one
// sweep per pass that moves both rows of each pair at once (from their values
// before the step); it can overshoot the bilinear term from a small start when
// the L2 is weak (the guard below then refuses steps), and scored higher on
// MovieLens 100K's validation cuts. A step that would write a non-finite value
// or one over 1e30 writes nothing and is counted (skipped_steps).
//
// pairwise W > 0 adds a BPR term (gramian_pairwise.h): each step on (u, i)
// also draws `negatives` items j uniformly among those u has no positive with
// (seeded, afresh each sweep) and adds W / negatives times the gradient of
// log(1 + exp(-(p_ui - p_uj))) to the shares: to a_u in a user sweep, to b_i
// and to each b_j (moved by lr * its share * b_j's H^-1) in an item sweep, all
// three in a joint one, from the values before the step. loss() and gradient()
// stay the Gramian L above (the sampled term has no fixed value); the term's
// own gradient is gramian_pairwise.h's.
//
// history (Koren 2008's SVD++ implicit part; Kabbur et al. 2013's FISM): the
// user's latent vector becomes x_u + h_u with h_u = s_u sum_{j in N(u)} z_j,
// N(u) the user's positives, s_u = |N(u)|^-history_exponent and z_j a second
// latent vector per item (history(), start 0, L2 weighted as y_j's). In the
// observed term of (u, i) the target is left out of its own history (h_u - s_u
// z_i, FISM's j != i): otherwise z_i . y_i fits every positive of i by itself,
// a route no held-out item has (a held-out item is never in N(u)), so the fit
// would overstate what the history predicts; the whole-catalogue term and
// recommend use the full h_u (every candidate is outside N(u)). So
//   L_h = c sum_P (1 - p_ui + s_u z_i . y_i)^2 + alpha0 sum_{u,i} w_i pbar_ui^2
//         + the L2 terms above + l2 sum_j (n_j + alpha0 w_j U)^nu |z_j|^2
// (pbar: the score with h_u; history_target: keep the target in, the naive
// asymmetric model). A user step moves x_u as before (the composed vector in
// every term); h_u is computed at each sweep start and held through the sweep,
// so the whole-catalogue term still needs only the Gramians. The sweep also
// sums each user's x-gradient (without the L2), and at its end every z_j moves
// by lr * D_j^-1 g_j, g_j = dL_h/dz_j = sum_{u: j in N(u)} s_u (x-gradient of
// u) - [target left out] + its L2, D_j = sum_u s_u^2 |N(u)| H_u (H_u: the user's
// latent Hessian without L2) + the L2's 2 l2 I: the row-sum (Gershgorin) bound
// of the z block of L_h's Hessian, so the step cannot overshoot on that block.
// factors() writes x_u + h_u: recommend and eval need nothing else (the z_j
// would only matter for users unseen in training). Not combined with pairwise
// or average_passes (UsageError). history_only: x_u is held at 0 (no longer a
// weight: gradient() gives it 0), so the user's latent vector is h_u alone, as
// in FISM (Kabbur et al. 2013); the user bias still moves.
//
// sequence L > 0 (with history; sequence_contexts.h): the history is per
// position, not per user. A user's positives in time order i_0..i_{n-1}; the
// score of i_t uses a_ut = x_u + h_ut with h_ut = m^-e sum of z_j over the m =
// min(t, L) positives just before it (FPMC / Fossil's Markov part), and
// recommend uses the context of the next position (the user's last L). No
// target is ever in its own context, so the observed term needs no exclusion.
// Every context also carries the whole-catalogue term, each user's n contexts
// weighted 1/n (so a user weighs as much as without a sequence):
//   L_s = c sum_{(u,t)} (1 - a_ut . b_{i_t})^2 + alpha0 sum_u (1/n_u) sum_t sum_i w_i (a_ut . b_i)^2
//         + the L2 terms of L_h,
// so G_U = sum_u (1/n_u) sum_t a_ut a_ut^T and the step on (u, i_t) takes the
// share of position t: its observed term and (1/n_u) of the whole-catalogue
// term at a_ut. The contexts' h_ut are computed at each sweep start from z and
// held through the sweep; each step adds m^-e times its x-gradient share to
// the z_j of its context, and at the sweep's end z_j moves by lr D_j^-1 g_j,
// D_j = sum_{(u,t): j in ctx} 2 m_t s_t^2 (c b b^T + alpha0/n_u G_V) + the L2's
// 2 l2 I (the block row-sum bound, as above). x_u's Hessian is the one without
// history (sum_t of the same b b^T, and alpha0 G_V). The item rows' Hessians
// use each pair's own a_ut.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "learner/topn/factors.h"
#include "learner/topn/interactions.h"
#include "learner/topn/sampler.h"
#include "learner/topn/sequence_contexts.h"

namespace learner::topn {

struct GramianOptions {
  unsigned rank = 32;
  unsigned passes = 30;
  double observed = 1.0;    // c
  double unobserved = 0.1;  // alpha0
  double learning_rate = 0.02;
  double l2 = 0.01;          // latent L2 (see L above)
  double l2_exponent = 1.0;  // nu: the L2's frequency exponent, [0, 2]
  double bias_l2 = 0.0;
  double init = 0.1;  // latent start uniform in [-init, init]; biases start at 0
  float min_rating = -3.4e38f;
  bool joint = false;  // one sweep moving both sides per pass (see above)
  double unobserved_exponent = 0.0;  // e: popularity weights of the unobserved term (gramian_weights.h)
  unsigned average_passes = 1;  // train(): the weights end as the mean of the last N passes' ends (1..passes)
  double pairwise = 0.0;   // W: weight of the BPR term (0: none)
  unsigned negatives = 1;  // its draws per step, 1..1000
  bool history = false;             // the history factor (see above)
  double history_exponent = 0.5;    // its s_u = |N(u)|^-this, [0, 2]
  bool history_target = false;      // keep the target in its own history
  bool history_only = false;        // x_u held at 0: the user is its history (FISM); needs history
  unsigned sequence = 0;            // > 0: the history is the L positives before each one (see above)
  uint64_t seed = 1;
};

class GramianRanker {
 public:
  using Rows = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

  // Throws UsageError for an option out of range. `rows`: the training pairs
  // (indices below the sizes); the positives are their distinct pairs rated at
  // least min_rating.
  GramianRanker(const GramianOptions& options, std::size_t n_users, std::size_t n_items,
                std::span<const Interaction> rows);

  void train();  // options.passes passes (then the mean of the last average_passes ends)
  void pass();   // one pass: a user sweep, then an item sweep (joint: one sweep
                 // of both)

  // L at the current weights; whole_catalogue_term() is its second term (via
  // the Gramians).
  double loss() const;
  double whole_catalogue_term() const;
  // dL/d(every weight), same shapes as users() / items(); the constant entries
  // get 0.
  // history: dL_h/dz into *history (same shape as history()).
  void gradient(Rows& users, Rows& items, Rows* history = nullptr) const;

  // The recommend-time score (with the full history sum under history).
  double score(uint32_t user, uint32_t item) const;
  Rows& users() { return users_; }  // [x_u, beta_u, 1] per row
  Rows& items() { return items_; }  // [y_i, 1, gamma_i] per row
  Rows& history() { return z_; }    // z_j per row (empty without history)
  const UserItems& positives() const { return positives_; }
  uint64_t updates() const { return updates_; }
  uint64_t skipped_steps() const { return skipped_; }

  // Dense factors (score(u, i) as here, global 0, rounded to float).
  Factors factors(const IdMap& users, const IdMap& items) const;

 private:
  double l2_weight(double positives, double others) const;
  // Item i's weight w_i in the whole-catalogue term (1 unless unobserved_exponent > 0).
  double item_weight(uint32_t i) const { return item_weight_.empty() ? 1.0 : item_weight_[i]; }
  // G_U, and G_V weighted by the w_i.
  Eigen::MatrixXd users_gram() const;
  Eigen::MatrixXd items_gram() const;
  // The pair's share of L's gradient (see above) into ga_ (for a_u) and gb_
  // (for b_i).
  void pair_share(uint32_t user, uint32_t item, const Eigen::MatrixXd& gram_users, const Eigen::MatrixXd& gram_items);
  // The same for any user row a (Gramian term), a_obs (observed term) and x
  // (its L2); returns the observed term's d/dp. xgrad: ga_'s value before the
  // L2 and bias terms (the user's x-gradient share).
  template <class A, class O, class X>
  double share_of(uint32_t user, uint32_t item, const A& a, const O& a_obs, const X& x,
                  const Eigen::MatrixXd& gram_users, const Eigen::MatrixXd& gram_items, Eigen::RowVectorXd* xgrad);
  // history: the user's h_u from the current z: s_u times the sum over its positives or, with
  // sequence, the recommend-time context's scale times the sum over its last L positives.
  Eigen::RowVectorXd user_history(uint32_t user) const;
  // history: user_history for every user (into out: users x k).
  void history_sums(Rows& out) const;
  // history: the user rows with h_u added (from hist_).
  Rows composed_users() const;
  // history: the z gradient from the sweep's sums (hist_grad_, z_grad_) into z_grad_.
  void finish_history_gradient();
  // history: the end-of-sweep z step (see above).
  void history_step(const Eigen::MatrixXd& gram_items);
  void inverse_hessians(const Rows& own, const Rows& other, const Eigen::MatrixXd& gram_other, bool user_side,
                        Rows& out);
  static constexpr int kUsers = 1, kItems = 2;
  void sweep(int sides);
  // sampler: the sweep's negative draws (null: no pairwise term).
  void step(uint32_t user, uint32_t item, const Eigen::MatrixXd& gram_users, const Eigen::MatrixXd& gram_items,
            int sides, NegativeSampler* sampler);
  // The BPR term of a step on (u, i): adds its shares to ga_ / gb_ and, for
  // item sides, puts the distinct negatives in negs_ and their shares in
  // neg_grads_.
  void pairwise_shares(uint32_t user, uint32_t item, int sides, NegativeSampler& sampler);

  GramianOptions o_;
  unsigned k_;
  UserItems positives_;
  std::vector<uint32_t> item_count_;
  std::vector<double> item_weight_;  // empty: every w_i = 1
  std::vector<std::pair<uint32_t, uint32_t>> pairs_;
  Rows users_, items_;
  Rows user_inv_, item_inv_;            // per row, H^-1 of L in that row at the pass start
                                        // ((k+2) rows each)
  Eigen::RowVectorXd a_, b_, ga_, gb_, gj_, bj_;  // step buffers
  std::vector<uint32_t> negs_;                  // a step's distinct negatives
  Rows neg_grads_;                              // their shares (one row each)
  // history: z_j, h_u (held through a sweep), s_u, the sweep's x-gradient sums
  // per user and z-gradient parts per item, the composed row buffers.
  Rows z_, hist_, hist_grad_, z_grad_;
  // sequence: the positions and contexts, each slot's h_ut (held through a
  // sweep) and how many contexts hold each item.
  std::optional<SequenceContexts> seq_;
  Rows ctx_;
  std::vector<uint32_t> ctx_count_;
  void context_sums(Rows& out) const;   // sequence: h_ut per slot (slots x k)
  Rows composed_slots(const Rows& ctx) const;        // sequence: a_ut per slot from context_sums' h_ut
  Eigen::MatrixXd slots_gram(const Rows& slots) const;  // sequence: G_U = sum_u (1/n_u) sum_t a_ut a_ut^T
  void sequence_share(uint32_t user, uint32_t item, const Eigen::MatrixXd& gram_users,
                      const Eigen::MatrixXd& gram_items);
  void sequence_history_step(const Eigen::MatrixXd& gram_items);
  // history and sequence: every z_j with in_use[j] > 0 moves by lr D_j^-1 g_j, D_j = d's block j
  // (+ gram_coef[j] G_V's latent block when gram_coef is not empty) + the L2's 2 l2 I; all or none
  // (a non-finite or huge row refuses the whole step).
  void move_history_rows(const Rows& d, const std::vector<uint32_t>& in_use, const std::vector<double>& gram_coef,
                         const Eigen::MatrixXd& gram_items);
  std::vector<double> hist_scale_;
  Eigen::RowVectorXd comp_, obs_, xg_;
  uint64_t shuffle_state_, updates_ = 0, skipped_ = 0;
};

}  // namespace learner::topn
