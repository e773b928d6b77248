// Menon & Elkan's LFL, the log-linear model with latent features for dyadic prediction
// (A. K. Menon, C. Elkan, "A log-linear model with latent features for dyadic prediction",
// ICDM 2010), for ratings: the rating values r_1 < ... < r_K (RatingSet::levels) are the
// classes y, and
//
//   p(y | u, i) = exp(s_y) / sum_y' exp(s_y'),   s_y = alpha_u^y . beta_i^y + a_u^y + b_i^y + c_y
//
// with one latent vector per user and class (alpha_u^y, `rank` numbers) and per item and class
// (beta_i^y). The paper's model is the first term; the biases a_u^y, b_i^y, c_y are its remark
// that a bias is a latent feature fixed to 1, made explicit (so the latent part starts at 0
// mean). Training minimises, one example at a time (SGD or AdaGrad, shuffled each pass),
//
//   loss(u, i, y) = -log p(y | u, i) + (l2 / 2) (|alpha_u|^2 + |beta_i|^2 + |a_u|^2 + |b_i|^2)
//
// where alpha_u, a_u are all of the user's parameters (every class) and likewise for the
// item; c is not regularised. The gradient of -log p with respect to s_y is p(y) - [y = y_true].
// Predictions (the paper's section on ordinal data): the expected rating sum_y r_y p(y)
// (for squared error) and the median of p (for absolute error): the smallest r_y whose
// cumulative probability reaches 1/2.
// A user or item unseen in training (IdMap::kMissing) contributes nothing to s_y.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "learner/spectral/rating_set.h"

namespace learner::lfl {

using spectral::Entry;
using spectral::RatingSet;

struct LflOptions {
  int rank = 5;             // latent dimensions per class, >= 1
  double lr = 0.05;         // SGD step (AdaGrad: the base step), > 0
  double l2 = 0.01;         // L2 weight, >= 0
  int passes = 30;          // passes over the training entries, >= 1
  double init = 0.1;        // latent vectors start uniform in [-init, init]
  bool adagrad = false;     // per-parameter steps lr / sqrt(sum of squared gradients)
  std::uint64_t seed = 1;   // initial values and the order of each pass
};

// A sparse gradient: (parameter index, partial derivative).
using Gradient = std::vector<std::pair<std::size_t, double>>;

class LflModel {
 public:
  // Parameters initialised (latent: uniform in [-init, init]; biases 0); no training.
  // Throws learner::UsageError for an option out of range or fewer than 2 levels.
  LflModel(std::size_t n_users, std::size_t n_items, std::vector<double> levels, const LflOptions& options);

  // Trains on `entries` for options.passes passes (a fresh shuffle each pass).
  // The model never holds a non-finite number, nor the result of a diverging
  // pass: a pass that makes a parameter infinite or NaN, or whose mean -log p
  // (of each example before its step) exceeds twice the previous pass's (the
  // first: the starting objective()) plus log K, is undone and run again at half
  // the rate, which then stays halved (lr()). Steps too long for the scale of
  // --l2 or --init do that: plain SGD multiplies a weight by 1 - lr*l2 at each
  // of its steps. `note`, when given, is told of each restart. After
  // kMaxHalvings restarts train() throws learner::Error, leaving the (finite)
  // parameters of before that pass.
  static constexpr int kMaxHalvings = 40;
  void train(const std::vector<Entry>& entries, const std::function<void(const std::string&)>& note = {});
  // One update on one example; returns -log p(true level) before it.
  double step(const Entry& e);
  // The step size in use: options.lr, halved at each restart of train().
  double lr() const { return lr_; }

  // p(y | u, i) for y = 0..K-1.
  std::vector<double> probabilities(std::uint32_t user, std::uint32_t item) const;
  double expected(std::uint32_t user, std::uint32_t item) const;
  double median(std::uint32_t user, std::uint32_t item) const;

  // The per-example loss above (finite for finite parameters: -log p is taken as
  // log sum_y' exp(s_y') - s_y) and its exact gradient (for the finite-difference tests).
  double loss(const Entry& e) const;
  void gradient(const Entry& e, Gradient& out) const;
  // Mean of loss() over entries.
  double objective(const std::vector<Entry>& entries) const;

  std::vector<double>& parameters() { return w_; }
  const std::vector<double>& levels() const { return levels_; }

 private:
  std::size_t user_block(std::uint32_t u) const;  // first index of user u's parameters
  std::size_t item_block(std::uint32_t i) const;
  void scores(std::uint32_t user, std::uint32_t item, std::vector<double>& s) const;
  double data_loss_and_gradient(const Entry& e, Gradient& out) const;  // -log p(true level); gradient(e) into out

  std::size_t n_users_, n_items_, k_;  // k_: classes
  std::vector<double> levels_;
  LflOptions o_;
  double lr_;              // o_.lr, halved by each restart of train()
  std::size_t stride_;     // per user or item: k_ * (rank + 1) numbers (latent vector, bias) per class
  std::vector<double> w_;  // users, items, then c_y
  std::vector<double> g2_; // AdaGrad's sums of squared gradients
  Gradient scratch_;       // step()'s gradient buffer
};

}  // namespace learner::lfl
