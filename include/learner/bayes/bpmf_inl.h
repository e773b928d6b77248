// posterior_mean() of learner/bayes/bpmf.h.
#pragma once

#include <algorithm>
#include <chrono>

namespace learner::bayes {

template <class OnSweep>
PosteriorMean posterior_mean(Bpmf& sampler, const std::vector<Rating>& queries, const BpmfOptions& options,
                             OnSweep&& on_sweep) {
  PosteriorMean out;
  out.mean.assign(queries.size(), 0.0);
  const auto t0 = std::chrono::steady_clock::now();
  int averaged = 0;
  for (int s = 1; s <= options.sweeps; ++s) {
    sampler.sweep();
    if (s > options.burn_in) {
      ++averaged;
      const double keep = 1.0 - 1.0 / averaged;
      for (std::size_t q = 0; q < queries.size(); ++q) {
        const double p = std::clamp(sampler.predict(queries[q].user, queries[q].item), sampler.min_value(),
                                    sampler.max_value());
        out.mean[q] = keep * out.mean[q] + (1.0 - keep) * p;
      }
    }
    on_sweep(s, sampler);
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace learner::bayes
