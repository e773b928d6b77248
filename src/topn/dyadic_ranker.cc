#include "learner/topn/dyadic_ranker.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>

#include "learner/error.h"
#include "ranker_features.h"

namespace learner::topn {

namespace {

using topn_detail::kRankerConstantIndex;
using topn_detail::ranker_item_index;
using topn_detail::ranker_user_index;

void check_range(bool ok, const char* what) {
  if (!ok) throw UsageError(what);
}

}  // namespace

RankLoss parse_rank_loss(const std::string& name) {
  if (name == "bpr") return RankLoss::kBpr;
  if (name == "hinge") return RankLoss::kHinge;
  if (name == "warp") return RankLoss::kWarp;
  if (name == "pointwise") return RankLoss::kPointwise;
  if (name == "rating") return RankLoss::kRating;
  if (name == "softmax") return RankLoss::kSoftmax;
  throw UsageError("--loss must be bpr, hinge, warp, pointwise, rating, softmax or gramian, got '" + name + "'");
}

DyadicRanker::DyadicRanker(const RankerOptions& o, std::size_t n_users, std::size_t n_items)
    : options_(o), users_(n_users), items_(n_items) {
  check_range(o.rank >= 1 && o.rank <= 256, "--rank must be between 1 and 256");
  check_range(o.passes >= 1 && o.passes <= 100000, "--passes must be between 1 and 100000");
  check_range(o.negatives <= 10000 && (o.negatives >= 1 || o.loss == RankLoss::kSoftmax),
              "--negatives must be between 1 and 10000 (0: the full softmax, --loss softmax only)");
  check_range(o.negatives > 0 || o.alpha == 0, "--negatives 0 (the full softmax) draws nothing: --alpha must be 0");
  check_range(std::isfinite(o.learning_rate) && o.learning_rate >= 0 && o.learning_rate <= 1e3,
              "--lr must be in [0, 1000]");
  check_range(std::isfinite(o.latent_rate) && o.latent_rate >= 0 && o.latent_rate <= 1e3,
              "--latent_lr must be in [0, 1000]");
  check_range(std::isfinite(o.l2) && o.l2 <= 1e3 && (o.l2 >= 0 || o.loss == RankLoss::kRating),
              "--l2 must be in [0, 1000]");
  check_range(std::isfinite(o.linear_l2) && o.linear_l2 >= 0 && o.linear_l2 <= 1e3, "--bias_l2 must be in [0, 1000]");
  check_range(std::isfinite(o.init) && o.init >= 0 && o.init <= 10, "--init must be in [0, 10]");
  check_range(std::isfinite(o.center) && o.center >= 0 && o.center <= 10, "--center must be in [0, 10]");
  check_range(o.warp_trials >= 1, "--warp_trials must be at least 1");
  check_range(std::isfinite(o.freq_l2) && o.freq_l2 >= -2 && o.freq_l2 <= 2, "--freq_l2 must be in [-2, 2]");
  check_range(o.freq_l2 == 0 || o.l2 > 0, "--freq_l2 needs --l2 > 0");
  check_range(o.hard_candidates >= 1 && o.hard_candidates <= 1000, "--hard_negatives must be between 1 and 1000");
  check_range(!std::isnan(o.min_rating), "--min_rating must be a number");
  check_range(std::isfinite(o.rate_decay) && o.rate_decay > 0 && o.rate_decay <= 1, "--rate_decay must be in (0, 1]");
  check_range(o.average_passes >= 1 && o.average_passes <= o.passes, "--average_passes must be between 1 and --passes");
  check_range(std::isfinite(o.max_norm) && o.max_norm >= 0 && o.max_norm <= 1e6, "--max_norm must be in [0, 1e6]");
  check_range(o.max_norm == 0 || o.loss == RankLoss::kSoftmax, "--max_norm needs --loss softmax");
  check_range(o.loss != RankLoss::kSoftmax || (o.hard_candidates == 1 && !o.adaptive && o.freq_l2 == 0),
              "--loss softmax takes neither --hard_negatives, --adaptive nor --freq_l2");
  check_range(n_users < (1u << 29) && n_items < (1u << 29), "too many users or items");
  if (o.loss != RankLoss::kRating)
    check_range(o.learning_rate > 0 || o.latent_rate > 0, "--lr or --latent_lr must be > 0");

  CoreConfig c;
  const std::size_t top = 2 * std::max(n_users, n_items) + 4;
  c.bits = std::max(4u, static_cast<unsigned>(std::bit_width(top)));
  c.dotproducts = {{"u", "i", false}};
  c.rank = o.rank;
  c.init_scale = o.init;
  c.center = o.center;
  c.random_seed = static_cast<uint32_t>(o.seed);
  c.passes = o.passes;
  c.l2 = o.linear_l2;
  c.decay_learning_rate = o.rate_decay;
  c.average_passes = o.average_passes;
  LossSpec spec;
  if (o.loss == RankLoss::kRating) {
    // The command line's defaults for `--dotproduct ui` (README, "Defaults").
    spec.name = "squared";
    c.learning_rate = o.learning_rate > 0 ? o.learning_rate : 0.5;
    c.auto_latent_rate = o.latent_rate == 0;
    c.dotproduct_learning_rate = o.latent_rate;
    c.auto_latent_l2 = o.l2 < 0;
    c.dotproduct_l2 = o.l2 < 0 ? 0.0 : o.l2;
  } else {
    // kSoftmax holds its weights in the model but moves them itself (softmax_pass.cc).
    spec.name = o.loss == RankLoss::kHinge || o.loss == RankLoss::kWarp ? "hinge" : "logistic";
    c.rule = UpdateRule{o.adaptive, false, true};  // constant (or AdaGrad) rates, importance-aware path
    c.power_t = 0.0;
    c.learning_rate = o.learning_rate > 0 ? o.learning_rate : o.latent_rate;
    c.dotproduct_learning_rate = o.latent_rate;
    c.dotproduct_l2 = o.l2;
    // CoreConfig's defaults are the command line's (automatic latent rate and
    // L2, frequency-aware L2): the ranking losses use the options' own
    // constant rate and plain L2, which the exactness above needs.
    c.auto_latent_rate = false;
    c.auto_latent_l2 = false;
    c.dotproduct_freq_l2 = o.freq_l2;
  }
  loss_ = make_loss(spec);
  model_ = std::make_unique<Model>(c, *loss_);
  warp_weight_.assign(n_items + 1, 0.0);
  for (std::size_t r = 1; r <= n_items; ++r) warp_weight_[r] = warp_weight_[r - 1] + 1.0 / static_cast<double>(r);
  ex_.has_label = true;
}

void DyadicRanker::one_hot(uint32_t user, uint32_t item) {
  ex_.features = {{1.0f, ranker_user_index(user)}, {1.0f, ranker_item_index(item)}};
  ex_.namespaces.resize(2);
  ex_.namespaces[0] = {"u", 'u', 0, 0, 1};
  ex_.namespaces[1] = {"i", 'i', 0, 1, 2};
  linear_ = ex_.features;
  if (options_.loss == RankLoss::kPointwise || options_.loss == RankLoss::kRating)
    linear_.push_back({1.0f, kRankerConstantIndex});
}

void DyadicRanker::pair_example(uint32_t user, uint32_t pos, uint32_t neg) {
  ex_.features = {{1.0f, ranker_user_index(user)}, {1.0f, ranker_item_index(pos)}, {-1.0f, ranker_item_index(neg)}};
  ex_.namespaces.resize(2);
  ex_.namespaces[0] = {"u", 'u', 0, 0, 1};
  ex_.namespaces[1] = {"i", 'i', 0, 1, 3};
  linear_.assign(ex_.features.begin() + 1, ex_.features.end());
}

double DyadicRanker::score(uint32_t user, uint32_t item) {
  one_hot(user, item);
  return model_->predict(ex_, linear_);
}

double DyadicRanker::difference(uint32_t user, uint32_t pos, uint32_t neg) {
  pair_example(user, pos, neg);
  return model_->predict(ex_, linear_);
}

double DyadicRanker::learn_pair(uint32_t user, uint32_t pos, uint32_t neg, double importance) {
  pair_example(user, pos, neg);
  const double p = model_->predict(ex_, linear_);
  model_->learn(ex_, linear_, p, 1.0, importance);
  ++updates_;
  return model_->predict(ex_, linear_);
}

void DyadicRanker::learn_point(uint32_t user, uint32_t item, double label) {
  one_hot(user, item);
  const double p = model_->predict(ex_, linear_);
  model_->learn(ex_, linear_, p, label, 1.0);
  ++updates_;
}

uint32_t DyadicRanker::draw_negative(uint32_t user, NegativeSampler& sampler) {
  if (options_.hard_candidates == 1) return sampler.draw(user);
  uint32_t best = NegativeSampler::kNoItem;
  double best_score = 0.0;
  for (unsigned t = 0; t < options_.hard_candidates; ++t) {
    const uint32_t j = sampler.draw(user);
    if (j == NegativeSampler::kNoItem) break;
    const double s = score(user, j);
    if (best == NegativeSampler::kNoItem || s > best_score) best = j, best_score = s;
  }
  return best;
}

void DyadicRanker::pass_pairwise(std::span<const uint32_t> order, std::span<const Interaction> rows,
                                 NegativeSampler& sampler) {
  for (const uint32_t r : order) {
    const uint32_t u = rows[r].user, i = rows[r].item;
    if (options_.loss == RankLoss::kWarp) {
      for (unsigned n = 0; n < options_.negatives; ++n) {
        const double si = score(u, i);
        for (unsigned t = 1; t <= options_.warp_trials; ++t) {
          const uint32_t j = sampler.draw(u);
          if (j == NegativeSampler::kNoItem) break;
          if (score(u, j) > si - 1.0) {
            const std::size_t rank_estimate = (items_ - 1) / t;
            learn_pair(u, i, j, warp_weight_[std::min(rank_estimate, items_)]);
            break;
          }
        }
      }
      continue;
    }
    for (unsigned n = 0; n < options_.negatives; ++n) {
      const uint32_t j = draw_negative(u, sampler);
      if (j == NegativeSampler::kNoItem) break;
      if (options_.loss == RankLoss::kPointwise) {
        if (n == 0) learn_point(u, i, 1.0);
        learn_point(u, j, -1.0);
      } else {
        learn_pair(u, i, j, 1.0);
      }
    }
  }
}

void DyadicRanker::train(std::span<const Interaction> rows, const UserItems& exclude) {
  std::vector<uint32_t> order;
  for (uint32_t r = 0; r < rows.size(); ++r) {
    if (rows[r].user >= users_ || rows[r].item >= items_) continue;
    if (options_.loss != RankLoss::kRating && !(rows[r].rating >= options_.min_rating)) continue;
    order.push_back(r);
  }
  SplitMix shuffle(options_.seed * 0x9e3779b97f4a7c15ull + 1);
  NegativeSampler sampler(exclude, options_.alpha, options_.seed);
  log_count_.clear();
  user_positives_.clear();
  if (options_.loss == RankLoss::kSoftmax && options_.alpha > 0) {  // log q(x) up to a constant
    log_count_.assign(items_, 0.0);
    for (uint32_t u = 0; u < exclude.users(); ++u)
      for (const uint32_t i : exclude.items(u))
        if (i < items_) log_count_[i] += 1.0;
    for (double& n : log_count_) n = n > 0 ? options_.alpha * std::log(n) : 0.0;
  }
  double rate_scale = 1.0;
  for (unsigned pass = 0; pass < options_.passes; ++pass) {
    for (std::size_t k = order.size(); k > 1; --k)  // Fisher-Yates
      std::swap(order[k - 1], order[shuffle.below(static_cast<uint32_t>(k))]);
    if (options_.loss == RankLoss::kRating) {
      for (const uint32_t r : order) learn_point(rows[r].user, rows[r].item, rows[r].rating);
    } else if (options_.loss == RankLoss::kSoftmax) {
      if (options_.negatives == 0) pass_full_softmax(order, rows, exclude, rate_scale, shuffle);
      else pass_softmax(order, rows, sampler, rate_scale);
      rate_scale *= options_.rate_decay;
    } else {
      pass_pairwise(order, rows, sampler);
    }
    // As the trainer does (train/trainer.cc): end_pass between passes, then
    // end_training, which takes the last pass's end (--average_passes counts it once).
    if (pass + 1 < options_.passes) model_->end_pass();
  }
  model_->end_training();
}

Factors DyadicRanker::factors(const IdMap& users, const IdMap& items) const {
  Factors f;
  const unsigned k = options_.rank;
  f.resize(users, items, k);
  const Model& m = *model_;
  const DotProduct& dot = *m.dotproduct();
  const bool constant = options_.loss == RankLoss::kPointwise || options_.loss == RankLoss::kRating;
  const double c = options_.center;
  f.global = -static_cast<double>(k) * c * c +
             (constant ? m.effective_weight(m.weights().slot(m.slot_of(kRankerConstantIndex, 0))[0]) : 0.0);
  // A feature never trained takes its side's mean vector and linear weight once
  // the means are in use (dotproduct.h, "Unseen features"), as predict() does.
  const auto fill = [&](std::size_t n, auto index_of, int side, std::vector<float>& bias, std::vector<float>& vec) {
    for (uint32_t r = 0; r < n; ++r) {
      const uint32_t slot = m.slot_of(index_of(r), 0);
      const float* v = dot.latent().slot(slot);
      float w = m.effective_weight(m.weights().slot(slot)[0]);
      if (!(v[k] > 0.0f)) {
        if (const float* mean = dot.unseen(0, 0, side)) {
          v = mean;
          w = dot.unseen_linear(0, 0, side);
        }
      }
      bias[r] = w;
      std::copy(v, v + k, vec.begin() + static_cast<std::ptrdiff_t>(std::size_t{r} * k));
    }
  };
  fill(std::min(users.size(), users_), ranker_user_index, 0, f.user_bias, f.user_vec);
  fill(std::min(items.size(), items_), ranker_item_index, 1, f.item_bias, f.item_vec);
  return f;
}

}  // namespace learner::topn
