#include "learner/bayes/bpmf.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <thread>

#include "sampling.h"
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
  for (std::size_t k = 0; k < train.size(); ++k)
    index[fill[by_user ? train[k].user : train[k].item]++] = static_cast<std::uint32_t>(k);
}

// The generator of one draw in one sweep (stream: which kind of vector; id: which one):
// independent of which thread draws it.
enum Stream : std::uint64_t { kUsers = 1, kItems = 2, kHyper = 3, kNoise = 4, kImplicitUsers = 5, kImplicitItems = 6 };
Rng draw_rng(std::uint64_t seed, int sweep, Stream stream, std::uint64_t id) {
  const std::uint64_t key = Rng::mix(seed ^ Rng::mix((static_cast<std::uint64_t>(sweep) << 3) | stream));
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
    : o_(options), d_(options.rank + 1), train_(std::move(train)) {
  validate(o_);
  if (train_.empty()) throw UsageError("no training ratings");
  if (train_.size() > 0xffffffffu) throw UsageError("more than 2^32 - 1 training ratings");
  double sum = 0.0;
  lo_ = hi_ = train_.front().value;
  for (const auto& r : train_) {
    if (r.user >= n_users || r.item >= n_items) throw UsageError("a training rating's id is out of range");
    if (!std::isfinite(r.value)) throw UsageError("a training rating is not a finite number");
    sum += r.value;
    lo_ = std::min(lo_, r.value);
    hi_ = std::max(hi_, r.value);
  }
  mu_ = sum / static_cast<double>(train_.size());
  weight_.assign(train_.size(), o_.likelihood == Likelihood::laplace ? 1.0 / (8.0 * sigma_) : alpha_);
  Rng rng(o_.seed);
  std::normal_distribution<double> normal(0.0, o_.init);
  const int k = d_ - 1;
  for (int s = 0; s < 2; ++s) {
    Side& side = sides_[s];
    side.n = s == 0 ? n_users : n_items;
    group(train_, side.n, s == 0, side.start, side.index);
    side.vectors.resize(d_, static_cast<Eigen::Index>(side.n));
    for (Eigen::Index c = 0; c < side.vectors.cols(); ++c) {
      side.vectors(0, c) = 0.0;
      for (int r = 1; r < d_; ++r) side.vectors(r, c) = normal(rng);
    }
    side.mu = Eigen::VectorXd::Zero(d_);
    side.lambda = Eigen::MatrixXd::Identity(d_, d_);
    side.implicit = s == 0 ? o_.implicit : o_.flipped;
  }
  for (int s = 0; s < 2; ++s) {
    Side& side = sides_[s];
    if (!side.implicit) continue;
    // The other side's vectors start at 0, so the first sweep is a plain one.
    side.contributions = Eigen::MatrixXd::Zero(k, static_cast<Eigen::Index>(sides_[1 - s].n));
    side.implied = Eigen::MatrixXd::Zero(k, static_cast<Eigen::Index>(side.n));
    side.scale.resize(side.n);
    for (std::size_t e = 0; e < side.n; ++e) {
      const std::size_t m = side.start[e + 1] - side.start[e];
      side.scale[e] = m > 0 ? 1.0 / std::sqrt(static_cast<double>(m)) : 0.0;
    }
    side.mu_contributions = Eigen::VectorXd::Zero(k);
    side.lambda_contributions = Eigen::MatrixXd::Identity(k, k);
  }
}

double Bpmf::predict(std::uint32_t user, std::uint32_t item) const {
  return sample_prediction(mu_, sides_[0], sides_[1], user, item);
}

double Bpmf::squared_error() const {
  double se = 0.0;
  for (const auto& r : train_) {
    const double e = r.value - predict(r.user, r.item);
    se += e * e;
  }
  return se;
}

double Bpmf::train_rmse() const { return std::sqrt(squared_error() / static_cast<double>(train_.size())); }

double Bpmf::implicit_drift() const {
  double worst = 0.0;
  for (int s = 0; s < 2; ++s) {
    const Side& self = sides_[s];
    if (!self.implicit) continue;
    for (std::size_t e = 0; e < self.n; ++e) {
      Eigen::VectorXd sum = Eigen::VectorXd::Zero(d_ - 1);
      for (std::size_t p = self.start[e]; p < self.start[e + 1]; ++p) {
        const Rating& r = train_[self.index[p]];
        sum += self.contributions.col(s == 0 ? r.item : r.user);
      }
      const auto implied = self.implied.col(static_cast<Eigen::Index>(e));
      worst = std::max(worst, (implied - self.scale[e] * sum).cwiseAbs().maxCoeff());
    }
  }
  return worst;
}

void Bpmf::weighted_other_vectors(int s, std::size_t e, Eigen::MatrixXd& latent, Eigen::VectorXd& roots) const {
  const Side& self = sides_[s];
  const Side& other = sides_[1 - s];
  const int k = d_ - 1;
  const std::size_t m = self.start[e + 1] - self.start[e];
  latent.resize(static_cast<Eigen::Index>(m), k);
  roots.resize(static_cast<Eigen::Index>(m));
  for (std::size_t j = 0; j < m; ++j) {
    const std::uint32_t at = self.index[self.start[e] + j];
    const std::uint32_t q = s == 0 ? train_[at].item : train_[at].user;
    const auto row = static_cast<Eigen::Index>(j);
    roots[row] = std::sqrt(weight_[at]);
    latent.row(row) = other.vectors.col(q).tail(k).transpose();
    if (other.implicit) latent.row(row) += other.implied.col(q).transpose();
    latent.row(row) *= roots[row];
  }
}

// Draws every vector (bias, latent) of side s given the other side o, the side's
// hyper-parameters and the rating weights w (alpha for Gaussian noise). For entity e and its
// rating j with q on side o, the prediction is x_j . (e's vector) + (terms not involving it):
// x_j = (1, eff_o(q)) with eff the latent vector plus the implicit sum when there is one, and
// t_j = r_j - mu - bias_o(q) - implied_s(e) . eff_o(q). Then e's vector ~
// N(P^{-1} (Lambda mu_s + sum_j w_j x_j t_j), P^{-1}), P = Lambda + sum_j w_j x_j x_j^T.
void Bpmf::draw_side(int s) {
  Side& self = sides_[s];
  const Side& other = sides_[1 - s];
  const Eigen::VectorXd prior_term = self.lambda * self.mu;
  const int sweep = sweeps_done_;
  const int k = d_ - 1;

  auto work = [&](std::size_t first, std::size_t last) {
    Eigen::MatrixXd latent, x, precision(d_, d_);
    Eigen::VectorXd roots, rhs(d_), z(d_), draw(d_), t;
    Eigen::LLT<Eigen::MatrixXd> llt(d_);
    for (std::size_t e = first; e < last; ++e) {
      const std::size_t m = self.start[e + 1] - self.start[e];
      weighted_other_vectors(s, e, latent, roots);
      // Row j scaled by sqrt(w_j): x^T x and x^T t are then the weighted sums.
      x.resize(static_cast<Eigen::Index>(m), d_);
      x.col(0) = roots;
      x.rightCols(k) = latent;
      t.resize(static_cast<Eigen::Index>(m));
      for (std::size_t j = 0; j < m; ++j) {
        const Rating& r = train_[self.index[self.start[e] + j]];
        const std::uint32_t q = s == 0 ? r.item : r.user;
        const auto row = static_cast<Eigen::Index>(j);
        t[row] = roots[row] * (r.value - mu_ - other.vectors(0, q));
        if (self.implicit) t[row] -= self.implied.col(static_cast<Eigen::Index>(e)).dot(latent.row(row));
      }
      precision = self.lambda;
      rhs = prior_term;
      if (m > 0) {
        precision.selfadjointView<Eigen::Lower>().rankUpdate(x.transpose());
        rhs.noalias() += x.transpose() * t;
      }
      llt.compute(precision);
      const Eigen::VectorXd mean = llt.solve(rhs);
      Rng rng = draw_rng(o_.seed, sweep, s == 0 ? kUsers : kItems, e);
      draw_gaussian(llt, mean, rng, z, draw);
      self.vectors.col(static_cast<Eigen::Index>(e)) = draw;
    }
  };
  const std::size_t n = self.n;
  const std::size_t threads = std::min<std::size_t>(static_cast<std::size_t>(o_.threads), std::max<std::size_t>(n, 1));
  if (threads <= 1) {
    work(0, n);
    return;
  }
  // Contiguous blocks of about equal rating counts.
  std::vector<std::thread> pool;
  std::size_t first = 0;
  const std::size_t total = self.start[n];
  for (std::size_t t = 1; t <= threads; ++t) {
    std::size_t last = first;
    const std::size_t target = total * t / threads;
    while (last < n && (t == threads || self.start[last] < target)) ++last;
    pool.emplace_back(work, first, last);
    first = last;
  }
  for (auto& th : pool) th.join();
}

// The implicit vectors that side o's ids contribute to side s (s = users: SVD++'s Y_j, one per
// item; s = items, the flipped model: one per user), one at a time: each moves implied_s(e) of
// every e it is rated with. For an entity e of side s with ratings j (q_j on side o) let
// S_e = sum_j w_j eff_o(q_j) eff_o(q_j)^T and g_e = sum_j w_j eff_o(q_j) res_j (res: the
// residuals). Contribution c_q's conditional is Gaussian with precision
// Lambda_c + sum_{e rated with q} scale_e^2 S_e and linear term
// Lambda_c mu_c + sum_e scale_e (g_e + scale_e S_e c_q); after the draw, implied_s(e) and g_e of
// those entities move by scale_e dc and -scale_e S_e dc (the residuals are linear in
// implied_s(e)). Cost per sweep: about 3 N k^2 for N ratings.
void Bpmf::draw_implicit(int s) {
  Side& self = sides_[s];
  const Side& other = sides_[1 - s];
  const int k = d_ - 1;
  const auto ki = static_cast<Eigen::Index>(k);
  Rng hyper_rng = draw_rng(o_.seed, sweeps_done_, kHyper, 2 + static_cast<std::uint64_t>(s));
  draw_hyper(NormalWishart::standard(k), self.contributions, hyper_rng, self.mu_contributions,
             self.lambda_contributions);
  std::vector<Eigen::MatrixXd> scatter(self.n);
  Eigen::MatrixXd g = Eigen::MatrixXd::Zero(ki, static_cast<Eigen::Index>(self.n));
  Eigen::MatrixXd x;
  Eigen::VectorXd roots, res;
  for (std::size_t e = 0; e < self.n; ++e) {
    const std::size_t m = self.start[e + 1] - self.start[e];
    weighted_other_vectors(s, e, x, roots);
    res.resize(static_cast<Eigen::Index>(m));
    for (std::size_t j = 0; j < m; ++j) {
      const Rating& r = train_[self.index[self.start[e] + j]];
      res[static_cast<Eigen::Index>(j)] = roots[static_cast<Eigen::Index>(j)] * (r.value - predict(r.user, r.item));
    }
    scatter[e] = Eigen::MatrixXd::Zero(ki, ki);
    if (m > 0) {
      scatter[e].selfadjointView<Eigen::Lower>().rankUpdate(x.transpose());
      g.col(static_cast<Eigen::Index>(e)).noalias() = x.transpose() * res;
    }
    scatter[e] = scatter[e].selfadjointView<Eigen::Lower>();
  }
  const Eigen::VectorXd prior_term = self.lambda_contributions * self.mu_contributions;
  Eigen::MatrixXd precision(ki, ki), data(ki, ki);
  Eigen::VectorXd rhs(ki), z(ki), draw(ki), delta(ki);
  Eigen::LLT<Eigen::MatrixXd> llt(ki);
  for (std::size_t q = 0; q < other.n; ++q) {
    const auto c = self.contributions.col(static_cast<Eigen::Index>(q));
    // data = sum_e scale_e^2 S_e; the linear term's sum_e scale_e^2 S_e c_q is data c_q.
    data.setZero();
    rhs = prior_term;
    for (std::size_t p = other.start[q]; p < other.start[q + 1]; ++p) {
      const Rating& r = train_[other.index[p]];
      const std::uint32_t e = s == 0 ? r.user : r.item;
      const double scale = self.scale[e];
      data += (scale * scale) * scatter[e];
      rhs += scale * g.col(e);
    }
    rhs.noalias() += data * c;
    precision = self.lambda_contributions + data;
    llt.compute(precision);
    const Eigen::VectorXd mean = llt.solve(rhs);
    Rng rng = draw_rng(o_.seed, sweeps_done_, s == 0 ? kImplicitUsers : kImplicitItems, q);
    draw_gaussian(llt, mean, rng, z, draw);
    delta = draw - c;
    self.contributions.col(static_cast<Eigen::Index>(q)) = draw;
    for (std::size_t p = other.start[q]; p < other.start[q + 1]; ++p) {
      const Rating& r = train_[other.index[p]];
      const std::uint32_t e = s == 0 ? r.user : r.item;
      const double scale = self.scale[e];
      self.implied.col(e) += scale * delta;
      g.col(e) -= scale * (scatter[e] * delta);
    }
  }
}

void Bpmf::draw_noise() {
  Rng rng = draw_rng(o_.seed, sweeps_done_, kNoise, 0);
  const double n = static_cast<double>(train_.size());
  if (o_.likelihood == Likelihood::gaussian) {
    std::gamma_distribution<double> gamma(1.0 + 0.5 * n, 1.0 / (1.0 + 0.5 * squared_error()));
    alpha_ = gamma(rng);
    std::fill(weight_.begin(), weight_.end(), alpha_);
    return;
  }
  // Laplace: r = p + sqrt(8 s v) z with v ~ Exp(mean s), z ~ N(0, 1) (Kozumi & Kobayashi at
  // tau = 1/2: theta = 0, tau^2 = 8). Given the residual e: 1/v ~ InverseGaussian(4 / |e|, 2 / s);
  // given every v: s ~ InverseGamma(1 + 3n/2, 1 + sum e^2 / (16 v) + sum v).
  // weight_ holds each v until the new s is drawn, then becomes 1 / (8 s v).
  double scale_sum = 1.0;
  for (std::size_t k = 0; k < train_.size(); ++k) {
    const Rating& r = train_[k];
    const double e = std::max(std::fabs(r.value - predict(r.user, r.item)), 1e-9);
    const double v = 1.0 / draw_inverse_gaussian(4.0 / e, 2.0 / sigma_, rng);
    weight_[k] = v;
    scale_sum += e * e / (16.0 * v) + v;
  }
  std::gamma_distribution<double> gamma(1.0 + 1.5 * n, 1.0);
  sigma_ = scale_sum / gamma(rng);
  for (double& w : weight_) w = 1.0 / (8.0 * sigma_ * w);
  alpha_ = 1.0 / (2.0 * sigma_ * sigma_);  // the precision of a Laplace law of scale sigma (variance 2 sigma^2)
}

void Bpmf::sweep() {
  const NormalWishart prior = NormalWishart::standard(d_);
  for (int s = 0; s < 2; ++s) {
    Rng rng = draw_rng(o_.seed, sweeps_done_, kHyper, static_cast<std::uint64_t>(s));
    draw_hyper(prior, sides_[s].vectors, rng, sides_[s].mu, sides_[s].lambda);
    draw_side(s);
  }
  for (int s = 0; s < 2; ++s)
    if (sides_[s].implicit) draw_implicit(s);
  draw_noise();
  ++sweeps_done_;
}

}  // namespace learner::bayes
