// The dyadic model (learner/learners/gd/model.h, --dotproduct ui) trained to rank
// from positive pairs with sampled negatives (learner-topn train).
//
// Features: user u is feature 2u + 2 of namespace u, item i feature 2i + 3 of
// namespace i (one-hot, value 1, no hashing: no collisions), the constant
// feature 0. score(u, i) is the model's prediction on that one-hot pair:
// w_u + w_i + V_u.V_i - k c^2 (+ w_0 for the pointwise and rating losses).
//
// Pairwise losses (kBpr, kHinge, kWarp) learn from one example per positive
// (u, i) and sampled negative j: namespace u holds u, namespace i holds i with
// value +1 and j with value -1, and the linear part sees only i and j. Its
// prediction is then exactly score(u, i) - score(u, j) (the user's weight
// cancels, and so does the offset: s_b = 1 - 1 = 0), and the model's
// importance-aware update (the closed-form cosh/sinh path of a dyadic term,
// the same one the scoring filter tree uses for a difference of two class
// scores) moves that difference exactly along the loss's gradient flow:
//   kBpr:   logistic loss of the difference, label +1 (BPR-Opt, Rendle et al. 2009);
//   kHinge: max(0, 1 - difference) (never moves past a difference of 1);
//   kWarp:  kHinge on the first sampled j that violates the margin (s_j > s_i - 1),
//           found after t draws, with importance L(floor((N - 1) / t)), L(r) = sum_{q<=r} 1/q,
//           N the catalogue size (Weston, Bengio & Usunier 2011); no violator in
//           warp_trials draws: no update.
// hard_candidates K > 1 (kBpr, kHinge, kPointwise): each negative is the
// highest-scored of K draws under the current model (dynamic negative sampling,
// Zhang, Chen, Wang & Yu 2013); K = 1 is the plain draw (the same stream).
// kPointwise: logistic on (u, i) with label +1 and on each (u, j) with -1.
// kSoftmax: the listwise sampled softmax of each positive against `negatives`
// draws (sampled_softmax.h; log-q corrected when alpha > 0), trained by plain
// SGD on the latent vectors and item biases at the constant rates latent_rate
// and learning_rate (not the model's closed-form path; the pairwise losses
// keep theirs), L2 per occurrence, an optional norm constraint (max_norm); a
// step that would leave a non-finite value is skipped (skipped_steps()).
// negatives = 0 is the full softmax: each pass visits the users in a seeded
// shuffled order and makes one step per user, all of the user's positives
// against every catalogue item the user has not got (exclude), in one
// softmax each (the loss summed over the positives; no sampling, no log q).
// kRating: squared loss on the ratings themselves (all rows, no negatives): the
// rating-trained dyadic model, with the command line's defaults (adaptive linear
// rule, --dotproduct_lr auto, --dotproduct_l2 auto, centre 0.5) unless told.
//
// Ranking losses use constant rates by default (no adaptive sums, power_t 0),
// so the flow of one example is autonomous: two updates of importance h equal
// one of 2h. `adaptive` gives every feature AdaGrad's rate lr / sqrt(G_f)
// (the model's adaptive rule, G_f summing importance x squared gradient); one
// update is still the exact importance-aware step at the rates it starts
// with (so the hinge never passes its target), but the rates shrink between
// updates, so two updates of h move less than one of 2h. `freq_l2` alpha != 0
// (needs l2 > 0) scales a feature's rate by (n_f / mean n)^alpha under the
// shared L2 decay (dotproduct.h), so frequent users and items are shrunk
// less per occurrence (alpha = 1: equally in total); it too makes rates vary
// with counts, so the two-updates equality holds only for alpha = 0 (alpha in
// [-2, 2]; a negative alpha shrinks frequent features more).
// rate_decay d multiplies every rate by d at the end of each pass (the model's
// --decay_learning_rate; kSoftmax's own rates likewise); average_passes N > 1
// makes the final weights the mean of the last N passes' ends (the model's
// --average_passes, Polyak averaging of the iterates).
// Negatives come from NegativeSampler (never one of the user's training items),
// positives are the rows with rating >= min_rating, visited in a seeded
// shuffled order each pass.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "learner/learners/gd/model.h"
#include "learner/topn/factors.h"
#include "learner/topn/interactions.h"
#include "learner/topn/sampled_softmax.h"
#include "learner/topn/sampler.h"

namespace learner::topn {

enum class RankLoss { kBpr, kHinge, kWarp, kPointwise, kRating, kSoftmax };

// "bpr", "hinge", "warp", "pointwise", "rating", "softmax"; throws UsageError otherwise.
RankLoss parse_rank_loss(const std::string& name);

struct RankerOptions {
  RankLoss loss = RankLoss::kBpr;
  unsigned rank = 10;
  unsigned passes = 20;
  unsigned negatives = 4;        // per positive and pass (pairwise, pointwise)
  double alpha = 0.0;            // sampler's popularity exponent
  double learning_rate = 0.05;   // linear rate (constant); kRating: -l of the adaptive rule (0: 0.5)
  double latent_rate = 0.0;      // 0: learning_rate; kRating: 0 means auto
  double l2 = 0.01;              // latent L2; kRating: < 0 means auto
  double linear_l2 = 0.0;        // L2 of the linear weights (item biases)
  double init = 0.1;             // spread of the latent start
  double center = 0.0;           // --dotproduct_center
  float min_rating = -3.4e38f;   // positives: training rows rated at least this
  unsigned warp_trials = 100;    // kWarp: most draws looking for a violator
  unsigned hard_candidates = 1;  // each negative: the best-scored of this many draws (1: the draw)
  bool adaptive = false;         // per-coordinate AdaGrad rates (lr / sqrt(G_f)) instead of constant ones
  double freq_l2 = 0.0;          // --dotproduct_freq_l2 alpha: L2 per occurrence ~ (mean n / n_f)^alpha
  double rate_decay = 1.0;       // every rate's factor at each end of pass, (0, 1]
  unsigned average_passes = 1;   // final weights: the mean of the last N passes' ends (1: the last)
  double max_norm = 0.0;         // kSoftmax: vectors longer than this are scaled back (0: none)
  uint64_t seed = 1;
};

class DyadicRanker {
 public:
  // Throws UsageError for an option out of range.
  DyadicRanker(const RankerOptions& options, std::size_t n_users, std::size_t n_items);

  // Trains options.passes passes over `rows` (indices below the sizes given);
  // `exclude`: every user's training items (never drawn as negatives).
  void train(std::span<const Interaction> rows, const UserItems& exclude);

  // The model's prediction for (u, i) (the one-hot pair).
  double score(uint32_t user, uint32_t item);
  // The pairwise example's prediction, score(u, i) - score(u, j).
  double difference(uint32_t user, uint32_t pos, uint32_t neg);
  // One pairwise update of importance h on (u, pos, neg) with the options'
  // loss (kBpr: logistic, otherwise hinge); returns the difference after it.
  double learn_pair(uint32_t user, uint32_t pos, uint32_t neg, double importance);

  // One negative for `user` as training draws it: sampler.draw(user) when
  // hard_candidates is 1, else the highest-scored of hard_candidates draws (the
  // first on a tie); kNoItem when the user has every item.
  uint32_t draw_negative(uint32_t user, NegativeSampler& sampler);

  // The model as dense factors over `users` and `items` (same indices):
  // score(u, i) of Factors equals score(u, i) here.
  Factors factors(const IdMap& users, const IdMap& items) const;

  // kSoftmax: one step on user u's positive `pos` against `negatives`
  // (SoftmaxStep::step at the options' rates times `rate_scale`, log-q
  // corrected when alpha > 0); false (nothing written) when it was refused.
  // Several positives: their summed loss against the shared negatives (the
  // full softmax's user step, sampled_softmax.h).
  bool learn_softmax(uint32_t user, std::span<const uint32_t> positives, std::span<const uint32_t> negatives,
                     double rate_scale = 1.0);
  bool learn_softmax(uint32_t user, uint32_t pos, std::span<const uint32_t> negatives, double rate_scale = 1.0) {
    return learn_softmax(user, std::span<const uint32_t>(&pos, 1), negatives, rate_scale);
  }
  // kSoftmax: the loss of that step at the current weights.
  double softmax_loss(uint32_t user, std::span<const uint32_t> positives, std::span<const uint32_t> negatives);
  double softmax_loss(uint32_t user, uint32_t pos, std::span<const uint32_t> negatives) {
    return softmax_loss(user, std::span<const uint32_t>(&pos, 1), negatives);
  }

  Model& model() { return *model_; }
  uint64_t updates() const { return updates_; }
  uint64_t skipped_steps() const { return skipped_; }

 private:
  void one_hot(uint32_t user, uint32_t item);
  void pair_example(uint32_t user, uint32_t pos, uint32_t neg);
  void learn_point(uint32_t user, uint32_t item, double label);
  void pass_pairwise(std::span<const uint32_t> order, std::span<const Interaction> rows, NegativeSampler& sampler);
  // src/topn/softmax_pass.cc
  void pass_softmax(std::span<const uint32_t> order, std::span<const Interaction> rows, NegativeSampler& sampler,
                    double rate_scale);
  void pass_full_softmax(std::span<const uint32_t> order, std::span<const Interaction> rows, const UserItems& exclude,
                         double rate_scale, SplitMix& shuffle);
  const SoftmaxCandidates& softmax_candidates(uint32_t user, std::span<const uint32_t> positives,
                                              std::span<const uint32_t> negatives);

  RankerOptions options_;
  std::size_t users_, items_;
  std::unique_ptr<Loss> loss_;
  std::unique_ptr<Model> model_;
  Example ex_;
  std::vector<Feature> linear_;
  std::vector<double> warp_weight_;  // L(r), r = 0..items
  uint64_t updates_ = 0, skipped_ = 0;
  // kSoftmax's reused buffers (no allocation per step).
  SoftmaxStep softmax_;
  SoftmaxCandidates candidates_;
  std::vector<float*> cand_items_, cand_bias_;
  std::vector<double> cand_log_q_, log_count_;  // log_count_: alpha log(count) per item (alpha > 0)
  std::vector<uint32_t> negatives_, user_order_;
  std::vector<std::vector<uint32_t>> user_positives_;  // negatives 0: each user's positives (filled once)
};

}  // namespace learner::topn
