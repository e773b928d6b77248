// Bayesian probabilistic matrix factorisation with biases, sampled by Gibbs: the dyadic model
// p(u, i) = mu + b_u + c_i + U_u . V_i (the product's `--dotproduct ui` model on ids: a
// constant, one linear weight per user and item, one latent vector per user and item)
// integrated over its posterior instead of fitted by SGD.
//
// Model (R. Salakhutdinov, A. Mnih, "Bayesian probabilistic matrix factorization using Markov
// chain Monte Carlo", ICML 2008, with the biases folded into the vectors as in libFM's MCMC,
// S. Rendle, "Factorization machines with libFM", ACM TIST 2012):
//   r_ui ~ N(mu + b_u + c_i + U_u . V_i, 1 / alpha)       mu: the training mean, fixed
//   (b_u, U_u) ~ N(mu_U, Lambda_U^{-1}),  (c_i, V_i) ~ N(mu_V, Lambda_V^{-1})    (d = rank + 1)
//   (mu_U, Lambda_U), (mu_V, Lambda_V) ~ Normal-Wishart(0, 2, I, d)   (learner/bayes/sampling.h)
//   alpha ~ Gamma(1, 1)                (or Laplace noise: see Likelihood)
// One sweep draws the user hyper-parameters, every user vector given the items (a Gaussian:
// precision Lambda_U + alpha sum_i x_i x_i^T with x_i = (1, V_i), mean from the residuals
// r_ui - mu - c_i), the same for items, the implicit-feedback vectors when asked for (below),
// then alpha. The prediction is the posterior mean,
// estimated by the mean of the predictions of the sweeps after `burn_in`, clipped to the
// training range: either of the queries known when sampling starts, as in libFM
// (posterior_mean below), or of any pair from samples kept (learner/bayes/sample_mean.h,
// saved by learner/bayes/model_file.h). An id unseen in training contributes nothing
// (learner/bayes/sample.h).
//
// Every user's (item's) draw in a sweep uses its own generator seeded from (seed, sweep, side,
// id), so a run's results depend on the seed only, not on `threads`.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "learner/bayes/sample.h"

namespace learner::bayes {

struct Rating {
  std::uint32_t user;  // dense ids 0..n-1; kUnknown in a query for an id unseen in training
  std::uint32_t item;
  double value;
};
inline constexpr std::uint32_t kUnknown = 0xffffffffu;

// The noise law of a rating around the model: Gaussian (squared loss: the posterior mean
// estimates the mean rating) or Laplace (absolute loss: the location is the median rating),
// the latter sampled as a scale mixture of Gaussians (H. Kozumi, G. Kobayashi, "Gibbs sampling
// methods for Bayesian quantile regression", J. Statistical Computation and Simulation 81,
// 2011, at the quantile 1/2): r = p + sqrt(8 s v) z, v ~ Exp(mean s), z ~ N(0, 1), s ~
// InverseGamma(1, 1), so a sweep is a weighted Gaussian one with weight 1 / (8 s v) per rating.
enum class Likelihood { gaussian, laplace };

struct BpmfOptions {
  int rank = 10;            // latent dimensions, 1..500
  int sweeps = 200;         // Gibbs sweeps, 1..100000
  int burn_in = 10;         // sweeps not averaged, 0..sweeps-1
  double init = 0.1;        // latent vectors start N(0, init^2); biases start at 0
  std::uint64_t seed = 1;
  int threads = 1;          // users (items) of a sweep drawn by this many threads, 1..64
  Likelihood likelihood = Likelihood::gaussian;
  // SVD++'s implicit feedback (Y. Koren, "Factorization meets the neighborhood", KDD 2008): the
  // user's vector is U_u + z_u, z_u = |N(u)|^{-1/2} sum_{j in N(u)} Y_j over the items N(u) the
  // user rated in training (which items, not the ratings: still ids only), with
  // Y_j ~ N(mu_Y, Lambda_Y^{-1}) under its own Normal-Wishart prior (as in Bayesian SVD++:
  // S. Rendle, L. Zhang, Y. Koren, "On the difficulty of evaluating baselines", 2019).
  bool implicit = false;
  // The flipped model's mirror of it: the item's vector is V_i + |R(i)|^{-1/2} sum_{u in R(i)} X_u
  // over the users R(i) who rated the item (Rendle, Zhang, Koren 2019, "flipped").
  bool flipped = false;
};

// Throws learner::UsageError when an option is out of range.
void validate(const BpmfOptions& options);

class Bpmf {
 public:
  // Training ratings with dense ids below n_users / n_items. Throws learner::UsageError for
  // bad options, an id out of range, a non-finite value or no ratings.
  Bpmf(std::size_t n_users, std::size_t n_items, std::vector<Rating> train, const BpmfOptions& options);

  // One Gibbs sweep (hyper-parameters, users, items, the noise).
  void sweep();
  // The current sample's prediction (unclipped; learner/bayes/sample.h's sample_prediction: an
  // unknown id contributes nothing).
  double predict(std::uint32_t user, std::uint32_t item) const;
  // The current sample of each side (valid until the next sweep).
  const SideSample& users() const { return sides_[0]; }
  const SideSample& items() const { return sides_[1]; }
  const BpmfOptions& options() const { return o_; }

  int sweeps_done() const { return sweeps_done_; }
  // alpha for Gaussian noise; for Laplace noise of scale s, 1 / (2 s^2) (its variance's inverse).
  double noise_precision() const { return alpha_; }
  double global_mean() const { return mu_; }
  double min_value() const { return lo_; }
  double max_value() const { return hi_; }
  // RMSE of the current sample on the training ratings.
  double train_rmse() const;
  // The largest |implied(e) - scale_e sum of its contributions| over both sides: the implicit
  // sums are updated incrementally in a sweep, and this recomputes them (0 without implicit
  // feedback; rounding only, when the updates are right).
  double implicit_drift() const;

 private:
  // One side of the dyad (0: users, 1: items). The sample (SideSample): vectors (d x n) and,
  // with implicit feedback (implicit for users, flipped for items), implied(e) = scale_e times
  // the sum of the contributions of the ids e is rated with (rank x n); scale_e =
  // |ratings|^{-1/2}.
  struct Side : SideSample {
    std::size_t n = 0;
    std::vector<std::size_t> start;    // its ratings, grouped: indices into train_ at
    std::vector<std::uint32_t> index;  // index[start[e]..start[e+1])
    Eigen::VectorXd mu;                // hyper-parameters of the vectors
    Eigen::MatrixXd lambda;
    // contributions: rank x (the other side's n), with their own hyper-parameters.
    bool implicit = false;
    Eigen::MatrixXd contributions;
    std::vector<double> scale;
    Eigen::VectorXd mu_contributions;
    Eigen::MatrixXd lambda_contributions;
  };
  // For entity e of `side`, per rating j (with q_j on the other side): roots[j] = sqrt(w_j)
  // and row j of latent = sqrt(w_j) times q_j's latent vector plus its implicit sum.
  void weighted_other_vectors(int side, std::size_t e, Eigen::MatrixXd& latent, Eigen::VectorXd& roots) const;
  void draw_side(int side);
  void draw_implicit(int side);
  void draw_noise();
  double squared_error() const;  // of the current sample on the training ratings

  BpmfOptions o_;
  int d_;
  std::vector<Rating> train_;
  Side sides_[2];
  std::vector<double> weight_;  // per rating: its precision (alpha, or 1 / (8 s v) for Laplace)
  double mu_ = 0.0, alpha_ = 1.0, sigma_ = 0.5, lo_ = 0.0, hi_ = 0.0;
  int sweeps_done_ = 0;
};

// The posterior-mean prediction of a set of queries: runs the sampler for options.sweeps
// sweeps and averages each query's clipped prediction over the sweeps after burn_in.
// `on_sweep(sweep, sampler)` is called after each sweep (progress); may be empty.
struct PosteriorMean {
  std::vector<double> mean;  // one per query
  double seconds = 0.0;      // sampling time: wall clock
  double cpu_seconds = 0.0;  // and the CPU time of the process (every thread) meanwhile
};
template <class OnSweep>
PosteriorMean posterior_mean(Bpmf& sampler, const std::vector<Rating>& queries, const BpmfOptions& options,
                             OnSweep&& on_sweep);

}  // namespace learner::bayes

#include "learner/bayes/bpmf_inl.h"
