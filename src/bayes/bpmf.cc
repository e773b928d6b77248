#include "learner/bayes/bpmf.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <thread>

#include "learner/bayes/sampling.h"
#include "learner/error.h"

namespace learner::bayes {

namespace {

// Compressed rows of the ratings by one side: entity e's ratings are index[start[e]..start[e+1]).
void group(const std::vector<Rating>& train, std::size_t n, bool by_user, std::vector<std::size_t>& start,
           std::vector<std::uint32_t>& index) {
  start.assign(n + 1, 0);
  for (const auto& r : train) ++start[(by_user ? r.user : r.item) + 1];
  for (std::size_t e = 0; e < n; ++e) start[e + 1] += start[e];
  std::vector<std::size_t> fill(start.begin(), start.end() - 1);
  index.resize(train.size());
  for (std::size_t k = 0; k < train.size(); ++k) index[fill[by_user ? train[k].user : train[k].item]++] = static_cast<std::uint32_t>(k);
}

// The generator of one entity's draw in one sweep: independent of which thread draws it.
Rng entity_rng(std::uint64_t seed, int sweep, bool users, std::uint64_t id) {
  const std::uint64_t key = Rng::mix(seed ^ Rng::mix((static_cast<std::uint64_t>(sweep) << 2) | (users ? 1u : 2u)));
  return Rng(Rng::mix(key ^ Rng::mix(id + 0x632be59bd9b4e019ull)));
}

}  // namespace

void validate(const BpmfOptions& o) {
  if (o.rank < 1 || o.rank > 500) throw UsageError("--rank must be in 1..500");
  if (o.sweeps < 1 || o.sweeps > 100000) throw UsageError("--sweeps must be in 1..100000");
  if (o.burn_in < 0 || o.burn_in >= o.sweeps) throw UsageError("--burn_in must be in 0..sweeps-1");
  if (!(o.init >= 0.0 && o.init <= 10.0)) throw UsageError("--init must be in [0, 10]");
  if (o.threads < 1 || o.threads > 64) throw UsageError("--threads must be in 1..64");
}

Bpmf::Bpmf(std::size_t n_users, std::size_t n_items, std::vector<Rating> train, const BpmfOptions& options)
    : n_users_(n_users), n_items_(n_items), o_(options), d_(options.rank + 1), train_(std::move(train)) {
  validate(o_);
  if (train_.empty()) throw UsageError("no training ratings");
  double sum = 0.0;
  lo_ = hi_ = train_.front().value;
  for (const auto& r : train_) {
    if (r.user >= n_users_ || r.item >= n_items_) throw UsageError("a training rating's id is out of range");
    if (!std::isfinite(r.value)) throw UsageError("a training rating is not a finite number");
    sum += r.value;
    lo_ = std::min(lo_, r.value);
    hi_ = std::max(hi_, r.value);
  }
  mu_ = sum / static_cast<double>(train_.size());
  if (train_.size() > 0xffffffffu) throw UsageError("more than 2^32 - 1 training ratings");
  group(train_, n_users_, true, user_start_, user_index_);
  group(train_, n_items_, false, item_start_, item_index_);
  weight_.assign(train_.size(), alpha_);
  if (o_.likelihood == Likelihood::laplace) {
    mixing_.assign(train_.size(), 1.0);
    weight_.assign(train_.size(), 1.0 / (8.0 * sigma_));
  }
  Rng rng(o_.seed);
  std::normal_distribution<double> normal(0.0, o_.init);
  users_.resize(d_, static_cast<Eigen::Index>(n_users_));
  items_.resize(d_, static_cast<Eigen::Index>(n_items_));
  for (auto* m : {&users_, &items_})
    for (Eigen::Index c = 0; c < m->cols(); ++c) {
      (*m)(0, c) = 0.0;
      for (int r = 1; r < d_; ++r) (*m)(r, c) = normal(rng);
    }
  mu_users_ = mu_items_ = Eigen::VectorXd::Zero(d_);
  lambda_users_ = lambda_items_ = Eigen::MatrixXd::Identity(d_, d_);
}

double Bpmf::predict(std::uint32_t user, std::uint32_t item) const {
  double p = mu_;
  const bool known_user = user < n_users_, known_item = item < n_items_;
  if (known_user) p += users_(0, user);
  if (known_item) p += items_(0, item);
  if (known_user && known_item) p += users_.col(user).tail(d_ - 1).dot(items_.col(item).tail(d_ - 1));
  return p;
}

double Bpmf::train_rmse() const {
  double se = 0.0;
  for (const auto& r : train_) {
    const double e = r.value - predict(r.user, r.item);
    se += e * e;
  }
  return std::sqrt(se / static_cast<double>(train_.size()));
}

// Draws every vector of one side given the other side, the side's hyper-parameters and alpha.
// For entity e with ratings (other o_j, value r_j): x_j = (1, V_o), t_j = r_j - mu - c_o, and
// e's vector ~ N(P^{-1} (Lambda mu_side + alpha sum_j x_j t_j), P^{-1}),
// P = Lambda + alpha sum_j x_j x_j^T.
void Bpmf::draw_side(bool users) {
  Eigen::MatrixXd& self = users ? users_ : items_;
  const Eigen::MatrixXd& other = users ? items_ : users_;
  const auto& start = users ? user_start_ : item_start_;
  const auto& index = users ? user_index_ : item_index_;
  const Eigen::VectorXd& mu_side = users ? mu_users_ : mu_items_;
  const Eigen::MatrixXd& lambda = users ? lambda_users_ : lambda_items_;
  const Eigen::VectorXd prior_term = lambda * mu_side;
  const std::size_t n = users ? n_users_ : n_items_;
  const int sweep = sweeps_done_;

  auto work = [&](std::size_t first, std::size_t last) {
    Eigen::MatrixXd x, precision(d_, d_);
    Eigen::VectorXd rhs(d_), z(d_), draw(d_);
    Eigen::VectorXd t;
    Eigen::LLT<Eigen::MatrixXd> llt(d_);
    for (std::size_t e = first; e < last; ++e) {
      const std::size_t m = start[e + 1] - start[e];
      x.resize(static_cast<Eigen::Index>(m), d_);
      t.resize(static_cast<Eigen::Index>(m));
      // Row j scaled by sqrt(w_j): x^T x and x^T t are then the weighted sums.
      for (std::size_t j = 0; j < m; ++j) {
        const Rating& r = train_[index[start[e] + j]];
        const std::uint32_t o = users ? r.item : r.user;
        const double root = std::sqrt(weight_[index[start[e] + j]]);
        const auto row = static_cast<Eigen::Index>(j);
        x.row(row) = root * other.col(o).transpose();
        x(row, 0) = root;
        t[row] = root * (r.value - mu_ - other(0, o));
      }
      precision = lambda;
      rhs = prior_term;
      if (m > 0) {
        precision.selfadjointView<Eigen::Lower>().rankUpdate(x.transpose());
        rhs.noalias() += x.transpose() * t;
      }
      llt.compute(precision);
      const Eigen::VectorXd mean = llt.solve(rhs);
      Rng rng = entity_rng(o_.seed, sweep, users, e);
      draw_gaussian(llt, mean, rng, z, draw);
      self.col(static_cast<Eigen::Index>(e)) = draw;
    }
  };
  const std::size_t threads = std::min<std::size_t>(static_cast<std::size_t>(o_.threads), std::max<std::size_t>(n, 1));
  if (threads <= 1) {
    work(0, n);
    return;
  }
  // Contiguous blocks of about equal rating counts.
  std::vector<std::thread> pool;
  std::size_t first = 0;
  const std::size_t total = start[n];
  for (std::size_t t = 1; t <= threads; ++t) {
    std::size_t last = first;
    const std::size_t target = total * t / threads;
    while (last < n && (t == threads || start[last] < target)) ++last;
    if (t == threads) last = n;
    pool.emplace_back(work, first, last);
    first = last;
  }
  for (auto& th : pool) th.join();
}

void Bpmf::draw_noise() {
  Rng rng = entity_rng(o_.seed, sweeps_done_, true, 0xffffffffffffull);
  const double n = static_cast<double>(train_.size());
  if (o_.likelihood == Likelihood::gaussian) {
    double se = 0.0;
    for (const auto& r : train_) {
      const double e = r.value - predict(r.user, r.item);
      se += e * e;
    }
    std::gamma_distribution<double> gamma(1.0 + 0.5 * n, 1.0 / (1.0 + 0.5 * se));
    alpha_ = gamma(rng);
    std::fill(weight_.begin(), weight_.end(), alpha_);
    return;
  }
  // Laplace: r = p + sqrt(8 s v) z with v ~ Exp(mean s), z ~ N(0, 1) (Kozumi & Kobayashi at
  // tau = 1/2: theta = 0, tau^2 = 8). Given the residual e: 1/v ~ InverseGaussian(4 / |e|, 2 / s);
  // given every v: s ~ InverseGamma(1 + 3n/2, 1 + sum e^2 / (16 v) + sum v).
  double scale_sum = 1.0;
  for (std::size_t k = 0; k < train_.size(); ++k) {
    const Rating& r = train_[k];
    const double e = std::max(std::fabs(r.value - predict(r.user, r.item)), 1e-9);
    const double v = 1.0 / draw_inverse_gaussian(4.0 / e, 2.0 / sigma_, rng);
    mixing_[k] = v;
    scale_sum += e * e / (16.0 * v) + v;
  }
  std::gamma_distribution<double> gamma(1.0 + 1.5 * n, 1.0);
  sigma_ = scale_sum / gamma(rng);
  for (std::size_t k = 0; k < train_.size(); ++k) weight_[k] = 1.0 / (8.0 * sigma_ * mixing_[k]);
  alpha_ = 1.0 / (2.0 * sigma_ * sigma_);  // the precision of a Laplace law of scale sigma (variance 2 sigma^2)
}

void Bpmf::sweep() {
  const NormalWishart prior = NormalWishart::standard(d_);
  Rng rng = entity_rng(o_.seed, sweeps_done_, false, 0xfffffffffffeull);
  draw_hyper(prior, users_, rng, mu_users_, lambda_users_);
  draw_side(true);
  draw_hyper(prior, items_, rng, mu_items_, lambda_items_);
  draw_side(false);
  draw_noise();
  ++sweeps_done_;
}

}  // namespace learner::bayes
