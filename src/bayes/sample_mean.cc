#include "learner/bayes/sample_mean.h"

#include <algorithm>

#include "learner/bayes/bpmf.h"

namespace learner::bayes {

KeptSweeps::KeptSweeps(int sweeps, int burn_in, int samples) {
  const long long after = sweeps - burn_in;
  const long long n = std::min<long long>(samples, after);
  for (long long j = n - 1; j >= 0; --j) kept_.push_back(sweeps - static_cast<int>(j * after / n));
}

bool KeptSweeps::kept(int sweep) const { return std::binary_search(kept_.begin(), kept_.end(), sweep); }

SampleMean::SampleMean(const std::vector<Rating>& pairs, double global_mean, double lo, double hi, bool vectors)
    : global_mean_(global_mean), lo_(lo), hi_(hi), with_vectors_(vectors), mean_(pairs.size(), 0.0) {
  users_.reserve(pairs.size());
  items_.reserve(pairs.size());
  for (const auto& p : pairs) {
    users_.push_back(p.user);
    items_.push_back(p.item);
  }
}

void SampleMean::add(const SideSample& users, const SideSample& items) {
  ++samples_;
  // mean_n = (1 - 1/n) mean_{n-1} + (1/n) x_n: each mean stays a mean of the values seen.
  const double keep = 1.0 - 1.0 / samples_;
  for (std::size_t q = 0; q < mean_.size(); ++q) {
    const double p = std::clamp(sample_prediction(global_mean_, users, items, users_[q], items_[q]), lo_, hi_);
    mean_[q] = keep * mean_[q] + (1.0 - keep) * p;
  }
  if (!with_vectors_) return;
  const SideSample* sides[2] = {&users, &items};
  for (int s = 0; s < 2; ++s) {
    const SideSample& side = *sides[s];
    effective_ = side.vectors;
    if (side.has_implicit()) effective_.bottomRows(side.implied.rows()) += side.implied;
    if (samples_ == 1)
      vectors_[s] = effective_;
    else
      vectors_[s] = keep * vectors_[s] + (1.0 - keep) * effective_;
  }
}

}  // namespace learner::bayes
