// Posterior means from a sequence of samples (learner/bayes/sample.h): of the clipped prediction
// of given pairs, and of every id's vector. Fed sweep by sweep while sampling
// (learner/bayes/bpmf.h's posterior_mean, and the kept samples of learner-bpmf), or sample by
// sample from a saved model (learner/bayes/model_file.h): the same samples in the same order
// give the same means, bit for bit.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "learner/bayes/sample.h"

namespace learner::bayes {

struct Rating;

// The sweeps kept out of `sweeps` (1..sweeps), for saving and for the means of the kept samples:
// `samples` of the sweeps after `burn_in`, evenly spaced and ending with the last sweep, at
// sweeps - floor(j (sweeps - burn_in) / samples) for j = 0..samples-1. `samples` above
// sweeps - burn_in keeps every sweep after burn_in. Requires 0 <= burn_in < sweeps, samples >= 1.
class KeptSweeps {
 public:
  KeptSweeps(int sweeps, int burn_in, int samples);
  int count() const { return static_cast<int>(kept_.size()); }
  int first() const { return kept_.front(); }
  bool kept(int sweep) const;

 private:
  std::vector<int> kept_;  // increasing
};

class SampleMean {
 public:
  // `pairs`: the pairs to predict (their values unused); ids not below a sample's side size are
  // unseen ids (sample_prediction). Predictions are clipped to [lo, hi] before averaging.
  // With `vectors`, also averages each id's (bias, latent vector + implicit sum).
  SampleMean(const std::vector<Rating>& pairs, double global_mean, double lo, double hi, bool vectors);

  // Adds one sample; every sample must have the sides' sizes and rank of the first.
  void add(const SideSample& users, const SideSample& items);

  int samples() const { return samples_; }
  // Per pair: the mean of its clipped predictions over the samples added (0 before any).
  const std::vector<double>& predictions() const { return mean_; }
  // d x n (d = rank + 1, row 0 the bias, rows 1..rank the latent vector with its implicit sum,
  // the vector that enters the dot product); empty without `vectors`.
  const Eigen::MatrixXd& user_vectors() const { return vectors_[0]; }
  const Eigen::MatrixXd& item_vectors() const { return vectors_[1]; }

 private:
  std::vector<std::uint32_t> users_, items_;  // the pairs
  double global_mean_, lo_, hi_;
  bool with_vectors_;
  int samples_ = 0;
  std::vector<double> mean_;
  Eigen::MatrixXd vectors_[2], effective_;
};

}  // namespace learner::bayes
